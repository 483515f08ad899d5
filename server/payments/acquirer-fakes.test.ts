import { describe, expect, it } from 'vitest';
import { type TbankReceipt, tbankReceiptProblem } from '../../tests/fakes/tbank-receipt-schema.ts';
import { type YookassaReceipt, yookassaReceiptProblem } from '../../tests/fakes/yookassa-receipt-schema.ts';

/**
 * The fakes refuse what the real acquirers refuse: their receipt checks, written from each
 * provider's reference, tried on receipts the real one would take and on ones it would not.
 */
const tbankItem = (over: Record<string, unknown> = {}) => ({
  Name: 'Концерт',
  Price: 50000,
  Quantity: 1,
  Amount: 50000,
  Tax: 'none',
  PaymentMethod: 'full_prepayment',
  PaymentObject: 'service',
  MeasurementUnit: 'шт',
  ...over,
});
const tbank = (over: Partial<Record<keyof TbankReceipt, unknown>> = {}) => ({
  FfdVersion: '1.2',
  Email: 'a@b.ru',
  Taxation: 'usn_income',
  Items: [tbankItem()],
  ...over,
});

describe('the T-Bank fake’s receipt check', () => {
  it('takes a valid FFD 1.2 receipt, and a FFD 1.05 one on a 1.05 register', () => {
    expect(tbankReceiptProblem(tbank(), 50000, '1.2')).toBeNull();
    expect(tbankReceiptProblem(tbank({ Taxation: 'osn', Items: [tbankItem({ Tax: 'vat22' })] }), 50000, '1.2')).toBeNull();
    expect(
      tbankReceiptProblem(tbank({ FfdVersion: undefined, Items: [tbankItem({ MeasurementUnit: undefined })] }), 50000, '1.05'),
    ).toBeNull();
  });

  it.each([
    { description: 'no receipt', receipt: undefined, code: '309' },
    { description: 'neither e-mail nor phone', receipt: tbank({ Email: undefined }), code: '329' },
    { description: 'an e-mail over 64 characters', receipt: tbank({ Email: `${'a'.repeat(60)}@b.ru` }), code: '9999' },
    { description: 'an unknown tax system', receipt: tbank({ Taxation: 'envd' }), code: '9999' },
    {
      description: '101 items',
      receipt: tbank({ Items: Array.from({ length: 101 }, () => tbankItem({ Price: 1, Amount: 1 })) }),
      code: '9999',
    },
    { description: 'a name over 128 characters', receipt: tbank({ Items: [tbankItem({ Name: 'x'.repeat(129) })] }), code: '9999' },
    { description: 'Amount that is not Price × Quantity', receipt: tbank({ Items: [tbankItem({ Quantity: 2 })] }), code: '9999' },
    { description: 'an unknown VAT rate', receipt: tbank({ Items: [tbankItem({ Tax: 'vat18' })] }), code: '9999' },
    {
      description: 'FFD 1.2 without MeasurementUnit',
      receipt: tbank({ Items: [tbankItem({ MeasurementUnit: undefined })] }),
      code: '9999',
    },
    { description: 'a FFD 1.05 receipt on a 1.2 register', receipt: tbank({ FfdVersion: undefined }), code: '311' },
    {
      description: 'items that do not add up to the payment',
      receipt: tbank({ Items: [tbankItem({ Price: 49999, Amount: 49999 })] }),
      code: '334',
    },
    { description: 'Payments that do not add up to the items', receipt: tbank({ Payments: { Electronic: 40000 } }), code: '308' },
  ])('refuses $description with code $code', ({ receipt, code }) => {
    expect(tbankReceiptProblem(receipt, 50000, '1.2')?.code).toBe(code);
  });
});

const ykItem = (over: Record<string, unknown> = {}) => ({
  description: 'Концерт',
  quantity: '1.00',
  amount: { value: '500.00', currency: 'RUB' },
  vat_code: 1,
  payment_mode: 'full_prepayment',
  payment_subject: 'service',
  measure: 'piece',
  ...over,
});
const yk = (over: Partial<Record<keyof YookassaReceipt, unknown>> = {}) => ({ customer: { email: 'a@b.ru' }, items: [ykItem()], ...over });

describe('the YooKassa fake’s receipt check', () => {
  it('takes a valid receipt; a third-party register on FFD 1.05 takes one without measure', () => {
    expect(yookassaReceiptProblem(yk(), 50000, { kind: 'yookassa' })).toBeNull();
    expect(yookassaReceiptProblem(yk({ items: [ykItem({ measure: undefined })] }), 50000, { kind: 'third-party', ffd: '1.05' })).toBeNull();
    expect(
      yookassaReceiptProblem(yk({ items: [ykItem({ quantity: '3.00', amount: { value: '166.67', currency: 'RUB' } })] }), 50001, {
        kind: 'yookassa',
      }),
    ).toBeNull();
  });

  it('takes 100 items from a third-party register but only 80 with «Чеки от ЮKassa»', () => {
    const many = (n: number) => yk({ items: Array.from({ length: n }, () => ykItem({ amount: { value: '1.00', currency: 'RUB' } })) });
    expect(yookassaReceiptProblem(many(100), 10000, { kind: 'third-party', ffd: '1.2' })).toBeNull();
    expect(yookassaReceiptProblem(many(101), 10100, { kind: 'third-party', ffd: '1.2' })?.parameter).toBe('receipt.items');
    expect(yookassaReceiptProblem(many(80), 8000, { kind: 'yookassa' })).toBeNull();
    expect(yookassaReceiptProblem(many(81), 8100, { kind: 'yookassa' })?.parameter).toBe('receipt.items');
  });

  it.each([
    { description: 'no customer contact', receipt: yk({ customer: {} }), parameter: 'receipt.customer' },
    {
      description: 'a description over 128 characters',
      receipt: yk({ items: [ykItem({ description: 'x'.repeat(129) })] }),
      parameter: 'receipt.items[0].description',
    },
    {
      description: 'a quantity that is not a decimal string',
      receipt: yk({ items: [ykItem({ quantity: 1 })] }),
      parameter: 'receipt.items[0].quantity',
    },
    {
      description: 'an amount in kopecks',
      receipt: yk({ items: [ykItem({ amount: { value: 50000, currency: 'RUB' } })] }),
      parameter: 'receipt.items[0].amount',
    },
    {
      description: 'an unknown payment mode',
      receipt: yk({ items: [ykItem({ payment_mode: 'prepaid' })] }),
      parameter: 'receipt.items[0].payment_mode',
    },
    {
      description: 'no measure with «Чеки от ЮKassa»',
      receipt: yk({ items: [ykItem({ measure: undefined })] }),
      parameter: 'receipt.items[0].measure',
    },
    {
      description: 'items that do not add up to the payment',
      receipt: yk({ items: [ykItem({ amount: { value: '499.99', currency: 'RUB' } })] }),
      parameter: 'receipt.items',
    },
  ])('refuses $description', ({ receipt, parameter }) => {
    expect(yookassaReceiptProblem(receipt, 50000, { kind: 'yookassa' })?.parameter).toBe(parameter);
  });
});
