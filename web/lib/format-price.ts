import type { Lang } from '../../contract/lang.ts';
import { toBcp47 } from './lang.ts';

export type Currency = 'RUB' | 'USD' | 'KZT' | 'CNY';

/** The spec's currency symbols (section 1), which differ from Intl's (KZT is '₸' there). */
const SYMBOLS: Record<Currency, string> = { RUB: '₽', USD: '$', KZT: 'T', CNY: '¥' };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(lang: Lang, currency: Currency, withKopecks: boolean): Intl.NumberFormat {
  const key = `${lang}:${currency}:${withKopecks}`;
  let found = formatters.get(key);
  if (!found) {
    const digits = withKopecks ? 2 : 0;
    found = new Intl.NumberFormat(toBcp47(lang), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * A price in integer minor units (kopecks), formatted for the visitor's language with the
 * spec's symbol in the place the language puts it: '1 500 ₽' in ru, '$1,500.50' in en.
 * Kopecks show only when there are some.
 */
export function formatPrice(minorUnits: number, currency: Currency, lang: Lang): string {
  if (!Number.isInteger(minorUnits)) throw new RangeError(`price must be integer minor units, got ${minorUnits}`);
  const withKopecks = minorUnits % 100 !== 0;
  // Division here only feeds the display; amounts themselves stay integers everywhere else.
  return formatter(lang, currency, withKopecks)
    .formatToParts(minorUnits / 100)
    .map((part) => (part.type === 'currency' ? SYMBOLS[currency] : part.value))
    .join('');
}
