import { normalizeLang } from '../../../../contract/lang.ts';

// Intl locale of each interface language; Kazakh dates fall back to Russian month names where the runtime lacks kk.
const LOCALES: Record<string, string> = { ru: 'ru-RU', en: 'en-GB', kz: 'kk-KZ', ch: 'zh-CN' };

export function intlLocale(lang: string): string {
  return LOCALES[normalizeLang(lang)] ?? 'ru-RU';
}

/** Kopecks as roubles in the member's language. */
export function formatMoney(kopecks: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'RUB' }).format(kopecks / 100);
}

/** A calendar day 'YYYY-MM-DD' (a report's day, already in the venue's zone) in the member's language. */
export function formatDay(day: string, lang: string, style: 'medium' | 'short' = 'medium'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: style, timeZone: 'UTC' }).format(date);
}

export function formatDateTime(iso: string | null, lang: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A text stored in every language (event names, categories): the member's, else Russian, else any. */
export function pickText(texts: Record<string, string> | null | undefined, lang: string): string {
  if (!texts) return '';
  return texts[normalizeLang(lang)] || texts.ru || Object.values(texts).find(Boolean) || '';
}

/** The cache key of one order's page; actions on the order refetch it. */
export function orderQueryKey(orderId: number) {
  return ['admin', 'orders', 'one', orderId] as const;
}
