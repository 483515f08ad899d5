import type { AfishaEvent } from '../../../../contract/afisha.ts';

/**
 * The price line of a card: 'Бесплатно' for a free event (or one whose every price is 0), the
 * price alone when every paid price is the same (a subscription usually), 'от …' otherwise;
 * nothing when no session is on sale with places left. Amounts in kopecks.
 */
export type CardPrice = { kind: 'free' } | { kind: 'one'; kopecks: number } | { kind: 'from'; kopecks: number };

export function cardPrice(event: Pick<AfishaEvent, 'maybefree' | 'minprice' | 'maxprice'>): CardPrice | undefined {
  if (event.minprice === null || event.maxprice === null) return event.maybefree === 1 ? { kind: 'free' } : undefined;
  if (event.maybefree === 1 || event.maxprice === 0) return { kind: 'free' };
  const kopecks = Math.round(event.minprice * 100);
  return event.minprice === event.maxprice ? { kind: 'one', kopecks } : { kind: 'from', kopecks };
}
