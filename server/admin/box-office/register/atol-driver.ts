import type { ReceiptPaymentMode, ReceiptTax, ReceiptTaxation } from '../../../payments/receipt-model.ts';
import type { DeskMoneyMethod, RegisterDriver, RegisterOperator } from './register-driver.ts';

/**
 * ATOL's driver web server (Драйвер ККТ v10, «Web-сервер ДТО»): a JSON task per document, posted
 * to /api/v2/requests as { uuid, request: [task] } and polled at /api/v2/requests/{uuid}. Amounts
 * are roubles with kopecks as decimals. The facts relied on and their sources are in
 * docs/box-office.md («The register's protocol»).
 */

const PAYMENT_METHOD: Record<ReceiptPaymentMode, string> = { full_prepayment: 'fullPrepayment', full_payment: 'fullPayment' };
const TAXATION: Record<ReceiptTaxation, string> = {
  osn: 'osn',
  usn_income: 'usnIncome',
  usn_income_outcome: 'usnIncomeOutcome',
  esn: 'esn',
  patent: 'patent',
};
// The receipt model's rates carry ATOL's own names.
const TAX: Record<ReceiptTax, string> = {
  none: 'none',
  vat0: 'vat0',
  vat5: 'vat5',
  vat7: 'vat7',
  vat10: 'vat10',
  vat20: 'vat20',
  vat22: 'vat22',
};
// The desk's card terminal and the Pushkin-card terminal are both cashless («безналичными», ATOL's `electronically`).
const PAYMENT_TYPE: Record<DeskMoneyMethod, string> = { cash: 'cash', card: 'electronically', pushkin: 'electronically' };

/** Kopecks as ATOL's roubles (two decimals, exact: 1999 → 19.99). */
export const roubles = (kopecks: number) => Math.round(kopecks) / 100;

function operator(document: { operator: RegisterOperator }) {
  const vatin = document.operator.vatin?.trim();
  return { name: document.operator.name.slice(0, 64), ...(vatin ? { vatin } : {}) };
}

/** ATOL's dates in tasks: YYYY.MM.DD (the driver's example correction task: "correctionBaseDate": "2017.07.25"). */
export const atolDate = (isoDay: string) => isoDay.replaceAll('-', '.');

export const atolDriver: RegisterDriver = {
  id: 'atol',
  request(document) {
    switch (document.kind) {
      case 'openShift':
      case 'closeShift':
      case 'reportX':
        return { type: document.kind, operator: operator(document) };
      case 'cashIn':
      case 'cashOut':
        return { type: document.kind, operator: operator(document), cashSum: roubles(document.amount) };
      case 'sell':
      case 'sellReturn': {
        const { receipt } = document;
        const contact = receipt.email || receipt.phone;
        // Payments of one type are one payment line; the register checks they add up to the total.
        const sums = new Map<string, number>();
        for (const p of document.payments) sums.set(PAYMENT_TYPE[p.method], (sums.get(PAYMENT_TYPE[p.method]) ?? 0) + p.amount);
        return {
          type: document.kind,
          ...(receipt.taxation ? { taxationType: TAXATION[receipt.taxation] } : {}),
          // Printed at the desk; the buyer's address, when given, gets the electronic copy as well.
          electronically: false,
          operator: operator(document),
          ...(contact ? { clientInfo: { emailOrPhone: contact } } : {}),
          items: receipt.lines.map((line) => ({
            type: 'position',
            name: line.name,
            price: roubles(line.price),
            quantity: line.quantity,
            amount: roubles(line.amount),
            tax: { type: TAX[receipt.tax] },
            paymentMethod: PAYMENT_METHOD[receipt.paymentMode],
            paymentObject: 'service',
            // FFD 1.2 names each item's measure (tag 2108) by ATOL's name, "piece" for a ticket; 1.05 has no such field.
            ...(receipt.ffd === '1.2' ? { measurementUnit: 'piece' } : {}),
          })),
          payments: [...sums].map(([type, sum]) => ({ type, sum: roubles(sum) })),
          total: roubles(receipt.total),
        };
      }
    }
  },
  correction(refused, correction, by, ffd) {
    const original = refused.request;
    const grounds = {
      type: refused.kind === 'sell' ? 'sellCorrection' : 'sellReturnCorrection',
      ...(original.taxationType ? { taxationType: original.taxationType } : {}),
      electronically: false,
      operator: operator({ operator: by }),
      ...(original.clientInfo ? { clientInfo: original.clientInfo } : {}),
      correctionType: correction.type,
      correctionBaseDate: atolDate(correction.baseDate),
      ...(correction.baseNumber ? { correctionBaseNumber: correction.baseNumber } : {}),
    };
    // FFD 1.2: a correction receipt lists its items as a receipt does. FFD 1.05: no items, the
    // payments and the rates of VAT the settlement was taxed at (the register sums the tax).
    if (ffd === '1.2') return { ...grounds, items: original.items, payments: original.payments, total: original.total };
    const items = (original.items ?? []) as { tax?: { type?: string } }[];
    const rates = [...new Set(items.map((item) => item.tax?.type).filter((type): type is string => typeof type === 'string'))];
    return { ...grounds, payments: original.payments, taxes: rates.map((type) => ({ type })) };
  },
};

/** The drivers the desk knows, by id. */
export const REGISTER_DRIVERS: Record<string, RegisterDriver> = { atol: atolDriver };
