import { describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/lang.ts';
import { type Currency, formatPrice } from './format-price.ts';

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
});
