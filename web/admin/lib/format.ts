import { normalizeLang } from '../../../contract/lang.ts';

/** A text stored in every language (event names, categories): the member's, else Russian, else any. */
export function pickText(texts: Record<string, string> | null | undefined, lang: string): string {
  if (!texts) return '';
  return texts[normalizeLang(lang)] || texts.ru || Object.values(texts).find(Boolean) || '';
}

/** The cache key of one order's page; actions on the order refetch it. */
export function orderQueryKey(orderId: number) {
  return ['admin', 'orders', 'one', orderId] as const;
}
