/**
 * YooKassa's receipt object as its API reference and its receipt parameter tables describe it
 * (items ≤ 80 with «Чеки от ЮKassa», ≤ 100 with a third-party register; description ≤ 128;
 * quantity and amount as decimal strings, amount being the price of one unit; vat_code,
 * payment_mode, payment_subject and measure from their tables; measure required with «Чеки от
 * ЮKassa» or a register on FFD 1.2), checked by the fake the way the real shop refuses it.
 */

type Money = { value: string; currency: string };
export type YookassaItem = {
  description: string;
  quantity: string;
  amount: Money;
  vat_code: number;
  payment_mode?: string;
  payment_subject?: string;
  measure?: string;
};
export type YookassaReceipt = { customer?: { email?: string; phone?: string }; tax_system_code?: number; items: YookassaItem[] };
export type YookassaSettlement = { type: string; amount: Money };

const PAYMENT_MODES = ['full_prepayment', 'partial_prepayment', 'advance', 'full_payment', 'partial_payment', 'credit', 'credit_payment'];
const PAYMENT_SUBJECTS = [
  'commodity',
  'excise',
  'job',
  'service',
  'gambling_bet',
  'gambling_prize',
  'lottery',
  'lottery_prize',
  'intellectual_activity',
  'payment',
  'agent_commission',
  'property_right',
  'non_operating_gain',
  'insurance_premium',
  'sales_tax',
  'resort_fee',
  'composite',
  'another',
];
const MEASURES = [
  'piece',
  'gram',
  'kilogram',
  'ton',
  'centimeter',
  'decimeter',
  'meter',
  'square_centimeter',
  'square_decimeter',
  'square_meter',
  'milliliter',
  'liter',
  'cubic_meter',
  'kilowatt_hour',
  'gigacalorie',
  'day',
  'hour',
  'minute',
  'second',
  'kilobyte',
  'megabyte',
  'gigabyte',
  'terabyte',
  'another',
];
export const SETTLEMENT_TYPES = ['cashless', 'prepayment', 'postpayment', 'consideration'];

/** How the shop makes its receipts: YooKassa's own («Чеки от ЮKassa», always FFD 1.2) or a third-party register. */
export type YookassaRegister = { kind: 'yookassa' } | { kind: 'third-party'; ffd: '1.05' | '1.2' };

/** Kopecks of a decimal string in RUB, or null. */
export function kopecksOf(money: unknown): number | null {
  const m = money as Money | undefined;
  if (typeof m?.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(m.value) || m.currency !== 'RUB') return null;
  const [whole = '0', part = ''] = m.value.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** The first reason the shop refuses this receipt for a charge of `amount` kopecks, or null (YooKassa answers 400 invalid_request). */
export function yookassaReceiptProblem(
  receipt: unknown,
  amount: number,
  register: YookassaRegister,
): { description: string; parameter: string } | null {
  const bad = (parameter: string, description: string) => ({ parameter, description });
  if (typeof receipt !== 'object' || receipt === null || Array.isArray(receipt)) return bad('receipt', 'Receipt is required for this shop');
  const r = receipt as Partial<YookassaReceipt>;
  if (!r.customer?.email && !r.customer?.phone) return bad('receipt.customer', 'customer.email or customer.phone is required');
  if (r.tax_system_code !== undefined && (!Number.isInteger(r.tax_system_code) || r.tax_system_code < 1 || r.tax_system_code > 6))
    return bad('receipt.tax_system_code', 'tax_system_code is 1-6');
  const max = register.kind === 'yookassa' ? 80 : 100;
  if (!Array.isArray(r.items) || r.items.length === 0) return bad('receipt.items', 'items are required');
  if (r.items.length > max) return bad('receipt.items', `at most ${max} items, got ${r.items.length}`);
  const measureRequired = register.kind === 'yookassa' || register.ffd === '1.2';
  let sum = 0;
  for (const [i, item] of r.items.entries()) {
    const at = `receipt.items[${i}]`;
    if (typeof item.description !== 'string' || item.description.length === 0 || item.description.length > 128)
      return bad(`${at}.description`, 'description is 1-128 characters');
    if (typeof item.quantity !== 'string' || !/^\d{1,8}(\.\d{1,3})?$/.test(item.quantity) || Number(item.quantity) <= 0)
      return bad(`${at}.quantity`, 'quantity is a positive decimal string');
    const price = kopecksOf(item.amount);
    if (price === null) return bad(`${at}.amount`, 'amount is a decimal string in RUB');
    // The vat_code table: 1-10, and since 1 January 2026 11 (22%) and 12 (22/122).
    if (!Number.isInteger(item.vat_code) || item.vat_code < 1 || item.vat_code > 12) return bad(`${at}.vat_code`, 'vat_code is 1-12');
    if (item.payment_mode !== undefined && !PAYMENT_MODES.includes(item.payment_mode))
      return bad(`${at}.payment_mode`, 'unknown payment_mode');
    if (item.payment_subject !== undefined && !PAYMENT_SUBJECTS.includes(item.payment_subject))
      return bad(`${at}.payment_subject`, 'unknown payment_subject');
    if (item.measure !== undefined && !MEASURES.includes(item.measure)) return bad(`${at}.measure`, 'unknown measure');
    if (measureRequired && item.measure === undefined) return bad(`${at}.measure`, 'measure is required with FFD 1.2');
    // Kopecks × thousandths of a unit, so a fractional quantity adds up exactly.
    sum += Math.round((price * Math.round(Number(item.quantity) * 1000)) / 1000);
  }
  if (sum !== amount) return bad('receipt.items', `the items add up to ${sum}, not ${amount}`);
  return null;
}
