import { RECEIPT_TAX_PERCENT, type ReceiptTax } from '../payments/receipt-model.ts';

/**
 * The VAT of a group's documents, as Russian invoices and acts print it: «Без налога (НДС)» for an
 * exempt sale or a venue that pays no VAT, otherwise the tax included in the total, «В том числе
 * НДС 22%: 270 руб. 49 коп.». The rate is the venue's receipt rate (`RECEIPT_TAX`): the same
 * tickets, the same tax, whether paid by card or by invoice.
 */

/**
 * The VAT included in an amount (kopecks) at `percent`: amount × rate / (100 + rate) (Tax Code
 * art. 164 p.4), rounded to the kopeck, half a kopeck up. Whole-number arithmetic: no float.
 */
export function vatIncluded(amount: number, percent: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount in kopecks: ${amount}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`not a VAT rate: ${percent}`);
  const base = 100 + percent;
  // round(a·p / b) = floor((2·a·p + b) / 2b); 2·a·p stays exact for any realistic amount.
  return Math.floor((2 * amount * percent + base) / (2 * base));
}

/** The whole roubles of an amount with a plain space between thousands: 117213 → «1 172». */
export function wholeRoubles(kopecks: number): string {
  return Math.trunc(kopecks / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** «Без налога (НДС)» or «В том числе НДС 22%: 1 172 руб. 13 коп.» for a total at the venue's rate. */
export function vatPhrase(total: number, tax: ReceiptTax): string {
  const percent = RECEIPT_TAX_PERCENT[tax];
  if (percent === null) return 'Без налога (НДС)';
  const vat = vatIncluded(total, percent);
  return `В том числе НДС ${percent}%: ${wholeRoubles(vat)} руб. ${String(vat % 100).padStart(2, '0')} коп.`;
}
