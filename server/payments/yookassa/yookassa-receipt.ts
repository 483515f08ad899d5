import { decimalAmount } from '../acquirer-http.ts';
import type { Receipt, ReceiptTax, ReceiptTaxation } from '../receipt-model.ts';

/**
 * YooKassa's item limit of one receipt: 80 with «Чеки от ЮKassa», 100 with a third-party
 * register. The smaller one holds for either, and the shop's choice is not known to us.
 */
export const YOOKASSA_RECEIPT_ITEMS_MAX = 80;

// YooKassa's vat_code table: 11 is 22% (12, the calculated 22/122, is not used by us).
const VAT_CODE: Record<ReceiptTax, number> = { none: 1, vat0: 2, vat10: 3, vat20: 4, vat5: 7, vat7: 8, vat22: 11 };
// 4 is ENVD, a regime that no longer exists, so it is never sent.
const TAX_SYSTEM_CODE: Record<ReceiptTaxation, number> = { osn: 1, usn_income: 2, usn_income_outcome: 3, esn: 5, patent: 6 };

/** A quantity as YooKassa writes it: a decimal string. */
const decimalQuantity = (quantity: number) => `${quantity}.00`;

/**
 * YooKassa's receipt object (54-FZ) of a channel-neutral receipt: decimal amounts, each item's
 * amount the price of one unit, vat_code 1 = no VAT. FFD 1.2 (and «Чеки от ЮKassa») needs each
 * item's measure: `piece` for things sold by the piece.
 */
export function yookassaReceipt(receipt: Receipt, currency: string) {
  return {
    customer: receipt.email ? { email: receipt.email } : { phone: receipt.phone },
    ...(receipt.taxation ? { tax_system_code: TAX_SYSTEM_CODE[receipt.taxation] } : {}),
    items: receipt.lines.map((line) => ({
      description: line.name,
      quantity: decimalQuantity(line.quantity),
      amount: { value: decimalAmount(line.price), currency },
      vat_code: VAT_CODE[receipt.tax],
      payment_mode: receipt.paymentMode,
      payment_subject: 'service',
      ...(receipt.ffd === '1.2' ? { measure: 'piece' } : {}),
    })),
  };
}

/**
 * The body of POST /v3/receipts for a closing receipt: a receipt of type payment tied to the
 * payment, items in full_payment mode, settled by the prepayment received with the payment.
 */
export function yookassaClosingReceipt(receipt: Receipt, paymentId: string, currency: string) {
  return {
    ...yookassaReceipt(receipt, currency),
    type: 'payment',
    payment_id: paymentId,
    send: true,
    settlements: [{ type: 'prepayment', amount: { value: decimalAmount(receipt.total), currency } }],
  };
}
