import { describe, expect, it } from 'vitest';
import type { Receipt } from './receipt.ts';
import { tbankDeclineReason, tbankOutcome, tbankReceipt } from './tbank/tbank-provider.ts';
import { yookassaDeclineReason, yookassaReceipt } from './yookassa/yookassa-provider.ts';
import { yookassaClosingReceipt } from './yookassa/yookassa-receipt.ts';

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  kind: 'sale',
  email: 'ivan@example.com',
  phone: '',
  lines: [{ name: 'Концерт, 01.12.2026 19:00, ряд 1, место 2', price: 50000, quantity: 1, amount: 50000 }],
  total: 50000,
  paymentMode: 'full_prepayment',
  settlement: 'cashless',
  tax: 'none',
  taxation: 'usn_income',
  ffd: '1.05',
  ...over,
});

describe('T-Bank decline codes', () => {
  it('reads the codes of T-Bank’s error table as the declined page’s reasons', () => {
    for (const code of ['103', '116', '1051', '5060']) expect(tbankDeclineReason('REJECTED', code)).toBe('insufficient-funds');
    for (const code of ['101', '106', '108', '507', '511', '512', '513', '1316', '2014'])
      expect(tbankDeclineReason('REJECTED', code)).toBe('no-3ds');
    for (const code of ['1057', '1058']) expect(tbankDeclineReason('REJECTED', code)).toBe('online-blocked');
  });

  it('reads «try again later», too many attempts, an expired card or a wrong CVV as card data, not 3-D Secure or a block', () => {
    for (const code of ['1034', '119', '1033', '1054', '1082', '1014', '']) expect(tbankDeclineReason('REJECTED', code)).toBe('card-data');
    expect(tbankDeclineReason('REJECTED', undefined)).toBe('card-data');
  });

  it('a payment page that expired or was opened too often is an input timeout, and final; AUTH_FAIL is 3-D Secure', () => {
    expect(tbankDeclineReason('DEADLINE_EXPIRED', '0')).toBe('input-timeout');
    expect(tbankOutcome('ATTEMPTS_EXPIRED', 0, '0')).toEqual({ status: 'declined', reason: 'input-timeout' });
    expect(tbankDeclineReason('AUTH_FAIL', '0')).toBe('no-3ds');
  });
});

describe('YooKassa cancellation reasons', () => {
  it('maps the documented reasons', () => {
    expect(yookassaDeclineReason('insufficient_funds')).toBe('insufficient-funds');
    expect(yookassaDeclineReason('3d_secure_failed')).toBe('no-3ds');
    expect(yookassaDeclineReason('payment_method_restricted')).toBe('online-blocked');
    expect(yookassaDeclineReason('expired_on_confirmation')).toBe('input-timeout');
    expect(yookassaDeclineReason('invalid_csc')).toBe('card-data');
  });
});

describe('receipt codes', () => {
  it('YooKassa: tax_system_code 1, 2, 3, 5, 6 for osn … patent (4 was ENVD), vat_code by its table', () => {
    const codes = (['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const).map(
      (taxation) => yookassaReceipt(receipt({ taxation }), 'RUB').tax_system_code,
    );
    expect(codes).toEqual([1, 2, 3, 5, 6]);
    const vat = (['none', 'vat0', 'vat10', 'vat20', 'vat5', 'vat7', 'vat22'] as const).map(
      (tax) => yookassaReceipt(receipt({ tax }), 'RUB').items[0]?.vat_code,
    );
    expect(vat).toEqual([1, 2, 3, 4, 7, 8, 11]);
  });

  it('T-Bank: 22% is sent as vat22', () => {
    expect(tbankReceipt(receipt({ taxation: 'osn', tax: 'vat22' })).Items[0]?.Tax).toBe('vat22');
  });

  it('T-Bank: Taxation and Tax are sent by name, prices in kopecks', () => {
    expect(tbankReceipt(receipt({ taxation: 'patent', tax: 'vat5' }))).toEqual({
      Email: 'ivan@example.com',
      Taxation: 'patent',
      Items: [
        {
          Name: 'Концерт, 01.12.2026 19:00, ряд 1, место 2',
          Price: 50000,
          Quantity: 1,
          Amount: 50000,
          Tax: 'vat5',
          PaymentMethod: 'full_prepayment',
          PaymentObject: 'service',
        },
      ],
    });
  });

  it('FFD 1.2: T-Bank gets FfdVersion 1.2 and MeasurementUnit шт, YooKassa measure piece; FFD 1.05 neither', () => {
    const lines = [{ name: 'Музей, 01.12.2026', price: 30000, quantity: 3, amount: 90000 }];
    const ffd12 = receipt({ ffd: '1.2', lines, total: 90000 });
    expect(tbankReceipt(ffd12)).toMatchObject({
      FfdVersion: '1.2',
      Items: [{ Price: 30000, Quantity: 3, Amount: 90000, MeasurementUnit: 'шт' }],
    });
    expect(yookassaReceipt(ffd12, 'RUB').items).toEqual([
      {
        description: 'Музей, 01.12.2026',
        quantity: '3.00',
        amount: { value: '300.00', currency: 'RUB' },
        vat_code: 1,
        payment_mode: 'full_prepayment',
        payment_subject: 'service',
        measure: 'piece',
      },
    ]);
    const ffd105 = receipt({ lines, total: 90000 });
    expect(tbankReceipt(ffd105)).not.toHaveProperty('FfdVersion');
    expect(tbankReceipt(ffd105).Items[0]).not.toHaveProperty('MeasurementUnit');
    expect(yookassaReceipt(ffd105, 'RUB').items[0]).not.toHaveProperty('measure');
  });

  it('a closing receipt is full_payment paid by the prepayment: T-Bank Payments.AdvancePayment, YooKassa settlements prepayment', () => {
    const closing = receipt({ kind: 'closing', paymentMode: 'full_payment', settlement: 'prepayment', ffd: '1.2' });
    expect(tbankReceipt(closing)).toMatchObject({
      Items: [{ PaymentMethod: 'full_payment' }],
      Payments: { Electronic: 0, AdvancePayment: 50000 },
    });
    expect(yookassaClosingReceipt(closing, 'pay-1', 'RUB')).toMatchObject({
      type: 'payment',
      payment_id: 'pay-1',
      send: true,
      items: [{ payment_mode: 'full_payment', measure: 'piece' }],
      settlements: [{ type: 'prepayment', amount: { value: '500.00', currency: 'RUB' } }],
    });
  });
});
