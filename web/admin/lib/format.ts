import { normalizeLang, pickLocalized } from '../../../contract/lang.ts';

/** A text stored in every language (event names, categories) in the member's interface language, by the one fallback order (pickLocalized). */
export function pickText(texts: Record<string, string> | null | undefined, lang: string): string {
  return pickLocalized(texts, normalizeLang(lang));
}

/** The cache key of one order's page; actions on the order refetch it. */
export function orderQueryKey(orderId: number) {
  return ['admin', 'orders', 'one', orderId] as const;
}
