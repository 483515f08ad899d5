import type { Lang } from './lang.ts';
import type { CurrencyCode } from './setup.ts';

export type Currency = CurrencyCode;

/** Kopecks to roubles for the wire: exact, since both are integers over 100. */
export const toRoubles = (kopecks: number) => kopecks / 100;

/** Roubles from the wire to kopecks; rounding absorbs binary fractions like 0.1 + 0.2. */
export const toKopecks = (roubles: number) => Math.round(roubles * 100);

/** The spec's currency symbols, which differ from Intl's (KZT is '₸' there). */
const SYMBOLS: Record<Currency, string> = { RUB: '₽', USD: '$', KZT: 'T', CNY: '¥' };

/**
 * Each language's number pattern for a currency amount, as CLDR (and so Intl.NumberFormat with
 * currencyDisplay 'narrowSymbol') writes it: ru and kk '1 500,50 ₽' with no-break spaces, en and
 * zh '₽1,500.50'. Written out rather than asked of Intl: the first Intl.NumberFormat of a page
 * loads the locale's data, a long task on a phone in the middle of the order page's first
 * render. format-price.test.ts checks every language and currency against Intl.
 */
const PATTERNS: Record<Lang, { group: string; decimal: string; symbolFirst: boolean }> = {
  ru: { group: '\u00a0', decimal: ',', symbolFirst: false },
  kz: { group: '\u00a0', decimal: ',', symbolFirst: false },
  en: { group: ',', decimal: '.', symbolFirst: true },
  ch: { group: ',', decimal: '.', symbolFirst: true },
};

/**
 * A price in integer minor units (kopecks), formatted for the visitor's language with the
 * spec's symbol in the place the language puts it: '1 500 ₽' in ru, '$1,500.50' in en.
 * Kopecks show only when there are some.
 */
export function formatPrice(minorUnits: number, currency: Currency, lang: Lang): string {
  if (!Number.isInteger(minorUnits)) throw new RangeError(`price must be integer minor units, got ${minorUnits}`);
  const pattern = PATTERNS[lang];
  const abs = Math.abs(minorUnits);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, pattern.group);
  const kopecks = abs % 100;
  const number = kopecks === 0 ? whole : `${whole}${pattern.decimal}${String(kopecks).padStart(2, '0')}`;
  const sign = minorUnits < 0 ? '-' : '';
  const symbol = SYMBOLS[currency];
  return pattern.symbolFirst ? `${sign}${symbol}${number}` : `${sign}${number}\u00a0${symbol}`;
}
