/**
 * The most an order may come to before any discount, in minor units: 1 000 000 000 (10 000 000.00
 * of the setup's currency). Order sums are int4 columns (at most 2 147 483 647) and are added up
 * with the services and fees, so the cap sits at under half of that: no sum an order can reach
 * overflows a column or leaves JavaScript's exact integers. Going over it is refused with the limit
 * code (-9998) before anything is written (docs/payments.md, 'Order total cap').
 */
export const MAX_ORDER_AMOUNT = 1_000_000_000;

export type PricedLine = { quantity: number; unitPrice: number; unitFee: number };

/** Totals of an order: total = sum of lines + service fee − discount, never below zero. */
export function orderTotals(lines: readonly PricedLine[], discount = 0) {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const serviceFee = lines.reduce((sum, line) => sum + line.quantity * line.unitFee, 0);
  const applied = Math.min(discount, subtotal + serviceFee);
  return { subtotal, serviceFee, discount: applied, total: subtotal + serviceFee - applied };
}
