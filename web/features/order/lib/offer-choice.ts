import { toKopecks } from '../../../../contract/format-price.ts';
import type { Offer } from '../../../../contract/order-view.ts';
import { offerKey } from '../../../../contract/order-rules.ts';

// Apart from order-logic.ts: only the offers sidebar, loaded when the visitor reaches for it, needs this.

/** The sum of the selected offers in kopecks. */
export function selectedSum(selected: ReadonlySet<string>, offers: readonly Offer[]): number {
  return offers.filter((o) => selected.has(offerKey(o))).reduce((sum, o) => sum + toKopecks(o.cost), 0);
}
