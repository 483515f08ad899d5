import { describe, expect, it } from 'vitest';
import { type Currency, formatPrice, toKopecks, toRoubles } from './format-price.ts';
import { LANGS, type Lang, toBcp47 } from './lang.ts';

// Intl separates groups and symbols with no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it.each<{ minor: number; currency: Currency; lang: Lang; expected: string }>([
    { minor: 150000, currency: 'RUB', lang: 'ru', expected: '1 500 ₽' },
    { minor: 150050, currency: 'RUB', lang: 'ru', expected: '1 500,50 ₽' },
    { minor: 0, currency: 'RUB', lang: 'ru', expected: '0 ₽' },
    { minor: 150000, currency: 'RUB', lang: 'en', expected: '₽1,500' },
    { minor: 1999, currency: 'USD', lang: 'en', expected: '$19.99' },
    { minor: 500000, currency: 'KZT', lang: 'kz', expected: '5 000 T' },
    { minor: 8800, currency: 'CNY', lang: 'ch', expected: '¥88' },
  ])('$minor $currency in $lang is "$expected"', ({ minor, currency, lang, expected }) => {
    expect(plain(formatPrice(minor, currency, lang))).toBe(expected);
  });

  it('refuses an amount that is not integer minor units', () => {
    expect(() => formatPrice(10.5, 'RUB', 'ru')).toThrow(RangeError);
  });

  // formatPrice writes the patterns out instead of building an Intl.NumberFormat:
  // exactly what Intl writes, the currency symbol aside (the spec's own).
  const SYMBOLS: Record<Currency, string> = { RUB: '₽', USD: '$', KZT: 'T', CNY: '¥' };
  const viaIntl = (minor: number, currency: Currency, lang: Lang) => {
    const digits = minor % 100 !== 0 ? 2 : 0;
    const format = new Intl.NumberFormat(toBcp47(lang), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return format
      .formatToParts(minor / 100)
      .map((part) => (part.type === 'currency' ? SYMBOLS[currency] : part.value))
      .join('');
  };
  const amounts = [
    0, 1, 5, 99, 100, 101, 990, 1000, 99999, 100000, 100050, 123456, 999999, 1000000, 12345678, 100000000, 123456789012, -100, -150,
    -123456,
  ];
  it.each(LANGS.flatMap((lang) => (['RUB', 'USD', 'KZT', 'CNY'] as const).map((currency) => ({ lang, currency }))))(
    'writes what Intl writes: $currency in $lang',
    ({ lang, currency }) => {
      for (const minor of amounts) expect(formatPrice(minor, currency, lang)).toBe(viaIntl(minor, currency, lang));
    },
  );
});

describe('money on the wire', () => {
  it.each([
    { roubles: 0.1 + 0.2, kopecks: 30 },
    { roubles: 1500.5, kopecks: 150050 },
    { roubles: 0, kopecks: 0 },
  ])('$roubles roubles are $kopecks kopecks', ({ roubles, kopecks }) => {
    expect(toKopecks(roubles)).toBe(kopecks);
    expect(toRoubles(kopecks)).toBeCloseTo(roubles, 10);
  });
});
