import type { Receipt } from '../receipt-model.ts';

/** T-Bank's item limit of one receipt («не более 100 позиций», Receipt.Items). */
export const TBANK_RECEIPT_ITEMS_MAX = 100;

/**
 * T-Bank's Receipt object (54-FZ) of a channel-neutral receipt: kopecks, Amount = Price ×
 * Quantity, one service per item. FFD 1.2 adds FfdVersion and each item's MeasurementUnit
 * («шт», T-Bank's value for things sold by the piece); FFD 1.05 sends neither, as T-Bank's
 * Receipt_FFD_105 defines it. A closing receipt is paid by the prepayment: Payments names it
 * AdvancePayment (tag 1215) and no cashless part (Electronic 0).
 */
export function tbankReceipt(receipt: Receipt) {
  const ffd12 = receipt.ffd === '1.2';
  return {
    ...(ffd12 ? { FfdVersion: '1.2' } : {}),
    ...(receipt.email ? { Email: receipt.email } : { Phone: receipt.phone }),
    ...(receipt.taxation ? { Taxation: receipt.taxation } : {}),
    Items: receipt.lines.map((line) => ({
      Name: line.name,
      Price: line.price,
      Quantity: line.quantity,
      Amount: line.amount,
      Tax: receipt.tax,
      PaymentMethod: receipt.paymentMode,
      PaymentObject: 'service',
      ...(ffd12 ? { MeasurementUnit: 'шт' } : {}),
    })),
    ...(receipt.settlement === 'prepayment' ? { Payments: { Electronic: 0, AdvancePayment: receipt.total } } : {}),
  };
}
