/**
 * The channel-neutral fiscal receipt (54-FZ): what is sold, refunded or settled, at which
 * amounts, in which payment mode, computed once from the order. Each channel (T-Bank, YooKassa,
 * the desk's cash register) only maps a Receipt to its own protocol. Pure functions: no SQL.
 */

/** How the venue's accountant settles a ticket sale (54-FZ «признак способа расчёта», tag 1214). */
export const RECEIPT_PAYMENT_MODES = ['full_prepayment', 'full_payment'] as const;
export type ReceiptPaymentMode = (typeof RECEIPT_PAYMENT_MODES)[number];
/**
 * The VAT rate of an item; culture tickets are usually VAT-exempt (none). 22% is the general rate
 * from 1 January 2026 (Tax Code art. 164 p.3 as amended by federal law 425-FZ); 20% stays for
 * documents of sales before it. No calculated rates (20/120, 22/122): the model has none, so a
 * VAT payer's prepayment receipts carry the plain rate (see docs/acquirers.md, VAT at 22 %).
 */
export const RECEIPT_TAXES = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat22'] as const;
export type ReceiptTax = (typeof RECEIPT_TAXES)[number];
/** Each rate in percent; null: not a VAT payer, or the sale is exempt («Без налога (НДС)»). */
export const RECEIPT_TAX_PERCENT: Record<ReceiptTax, number | null> = {
  none: null,
  vat0: 0,
  vat5: 5,
  vat7: 7,
  vat10: 10,
  vat20: 20,
  vat22: 22,
};
/**
 * The venue's tax system (T-Bank's Taxation, mapped to YooKassa's tax_system_code by its adapter).
 * No `envd`: that regime ended in 2021 and T-Bank's Taxation no longer accepts it.
 */
export const RECEIPT_TAXATIONS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
export type ReceiptTaxation = (typeof RECEIPT_TAXATIONS)[number];
/** The fiscal document format of the venue's cash register: 1.2 is the current one, 1.05 the one before. */
export const RECEIPT_FFD_VERSIONS = ['1.2', '1.05'] as const;
export type ReceiptFfd = (typeof RECEIPT_FFD_VERSIONS)[number];

export type ReceiptSettings = {
  paymentMode: ReceiptPaymentMode;
  tax: ReceiptTax;
  taxation: ReceiptTaxation | undefined;
  ffd: ReceiptFfd;
  timeZone: string;
};

/** The fiscal data register's item-name limit (both acquirers cut at 128). */
export const RECEIPT_NAME_MAX = 128;

/**
 * One unit of what an order sells: a ticket, the service fee of a ticket, or an attached service,
 * at its list price and at what was charged for it. A ticket and its fee carry the ticket's id
 * once tickets are issued (a closing receipt settles them together).
 */
export type ReceiptUnit = {
  part: 'ticket' | 'fee' | 'service';
  name: string;
  list: number;
  amount: number;
  ticketId: number | null;
  serviceId: number | null;
};

/** A receipt line: identical units (same name and unit amount; tax and mode are the receipt's) grouped. */
export type ReceiptLine = { name: string; price: number; quantity: number; amount: number };

/**
 * sale: «приход» of a payment; refund: «возврат прихода»; closing: the «полный расчёт» that sets
 * off a full prepayment when the service is delivered.
 */
export type ReceiptKind = 'sale' | 'refund' | 'closing';

/** A channel-neutral 54-FZ receipt. */
export type Receipt = {
  kind: ReceiptKind;
  email: string;
  phone: string;
  lines: ReceiptLine[];
  /** The sum of the lines, in minor units: the payment, the refund, or the prepayment set off. */
  total: number;
  paymentMode: ReceiptPaymentMode;
  /** How the receipt is paid: cashless (the card or SBP payment), or by the prepayment received earlier. */
  settlement: 'cashless' | 'prepayment';
  tax: ReceiptTax;
  taxation: ReceiptTaxation | undefined;
  ffd: ReceiptFfd;
};

/**
 * Spreads `target` over items of the given list prices in proportion to them, to the kopeck:
 * every item with a price gets at least one kopeck while the target allows (a small item never
 * vanishes from the receipt), the rest goes by largest remainder (Hamilton's method), so no item
 * exceeds its list price, none is negative, and the amounts add up to `target` exactly.
 * Throws when the target is negative or above the sum of the list prices (nothing is sold dearer
 * than listed).
 */
export function spreadAmounts(list: readonly number[], target: number): number[] {
  if (!Number.isSafeInteger(target) || target < 0) throw new RangeError(`cannot spread ${target}`);
  if (list.some((p) => !Number.isSafeInteger(p) || p < 0)) throw new RangeError('list prices are whole non-negative kopecks');
  const sum = list.reduce((s, p) => s + p, 0);
  if (target > sum) throw new RangeError(`cannot spread ${target} over list prices of ${sum}`);
  if (target === sum) return [...list];
  const priced = list.filter((p) => p > 0).length;
  // A kopeck each first, when there is one for every priced item.
  const floor = target >= priced ? 1 : 0;
  const base = list.map((p) => (p > 0 ? floor : 0));
  const capacity = list.map((p, i) => p - (base[i] ?? 0));
  const capacitySum = BigInt(sum - floor * priced);
  const rest = BigInt(target - floor * priced);
  if (capacitySum === 0n) return base;
  // Exact shares in integers (BigInt: price × target can pass 2^53).
  const shares = capacity.map((c) => BigInt(c) * rest);
  const whole = shares.map((s) => s / capacitySum);
  let left = Number(rest - whole.reduce((s, w) => s + w, 0n));
  const order = shares
    .map((s, i) => ({ i, remainder: s % capacitySum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  const out = whole.map((w, i) => Number(w) + (base[i] ?? 0));
  for (const { i } of order) {
    if (left === 0) break;
    // A share below its capacity rounds up to at most the capacity; an exact share takes no extra.
    if ((out[i] ?? 0) < (list[i] ?? 0)) {
      out[i] = (out[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return out;
}

/** The units with `target` spread over their list prices (see spreadAmounts). */
export function chargeUnits(units: readonly ReceiptUnit[], target: number): ReceiptUnit[] {
  const amounts = spreadAmounts(
    units.map((u) => u.list),
    target,
  );
  return units.map((u, i) => ({ ...u, amount: amounts[i] ?? 0 }));
}

/**
 * Receipt lines of units: free units left out (a receipt line of 0 says nothing and some
 * registers refuse it), identical units (same name and amount) grouped into one line with a
 * quantity, in the order each line first appears.
 */
export function groupLines(units: readonly Pick<ReceiptUnit, 'name' | 'amount'>[]): ReceiptLine[] {
  const lines = new Map<string, ReceiptLine>();
  for (const unit of units) {
    if (unit.amount <= 0) continue;
    const name = unit.name.slice(0, RECEIPT_NAME_MAX);
    const key = `${unit.amount}\u0000${name}`;
    const line = lines.get(key);
    if (line) {
      line.quantity += 1;
      line.amount += unit.amount;
    } else lines.set(key, { name, price: unit.amount, quantity: 1, amount: unit.amount });
  }
  return [...lines.values()];
}

/** A receipt of charged units for the buyer's contact, in the settings' tax, mode and format. */
export function buildReceipt(
  kind: ReceiptKind,
  contact: { email: string; phone: string },
  units: readonly Pick<ReceiptUnit, 'name' | 'amount'>[],
  settings: Pick<ReceiptSettings, 'tax' | 'taxation' | 'ffd'> & { paymentMode: ReceiptPaymentMode },
): Receipt {
  const lines = groupLines(units);
  return {
    kind,
    email: contact.email,
    phone: contact.phone,
    lines,
    total: lines.reduce((s, l) => s + l.amount, 0),
    // A closing receipt is the full settlement, paid by the prepayment taken with the sale.
    paymentMode: kind === 'closing' ? 'full_payment' : settings.paymentMode,
    settlement: kind === 'closing' ? 'prepayment' : 'cashless',
    tax: settings.tax,
    taxation: settings.taxation,
    ffd: settings.ffd,
  };
}
