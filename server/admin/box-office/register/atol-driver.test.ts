import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../../payments/receipt-model.ts';
import { atolDriver, roubles } from './atol-driver.ts';

/**
 * The ATOL mapping against the task shapes of ATOL's driver web server (docs/box-office.md, «The
 * register's protocol»): a sale of a culture ticket as its examples write one, the shift tasks,
 * cash in and out.
 */
const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  kind: 'sale',
  email: '',
  phone: '',
  lines: [
    { name: 'Концерт, 21.11.2026 19:00, Партер', price: 150000, quantity: 2, amount: 300000 },
    { name: 'Концерт, 21.11.2026 19:00, Ряд 1, Место 5', price: 99999, quantity: 1, amount: 99999 },
  ],
  total: 399999,
  paymentMode: 'full_prepayment',
  settlement: 'cashless',
  tax: 'none',
  taxation: 'usn_income',
  ffd: '1.2',
  ...over,
});
const operator = { name: 'Ольга Кассир' };

describe('atolDriver.request', () => {
  it('maps a sale receipt to a sell task: positions with price, quantity, amount, tax, payment method and object; payments and total in roubles', () => {
    expect(atolDriver.request({ kind: 'sell', receipt: receipt(), payments: [{ method: 'cash', amount: 399999 }], operator })).toEqual({
      type: 'sell',
      taxationType: 'usnIncome',
      electronically: false,
      operator: { name: 'Ольга Кассир' },
      items: [
        {
          type: 'position',
          name: 'Концерт, 21.11.2026 19:00, Партер',
          price: 1500,
          quantity: 2,
          amount: 3000,
          tax: { type: 'none' },
          paymentMethod: 'fullPrepayment',
          paymentObject: 'service',
          measurementUnit: 'piece',
        },
        {
          type: 'position',
          name: 'Концерт, 21.11.2026 19:00, Ряд 1, Место 5',
          price: 999.99,
          quantity: 1,
          amount: 999.99,
          tax: { type: 'none' },
          paymentMethod: 'fullPrepayment',
          paymentObject: 'service',
          measurementUnit: 'piece',
        },
      ],
      payments: [{ type: 'cash', sum: 3999.99 }],
      total: 3999.99,
    });
  });

  it.each([
    {
      description: 'card: electronically',
      payments: [{ method: 'card' as const, amount: 399999 }],
      expected: [{ type: 'electronically', sum: 3999.99 }],
    },
    {
      description: 'the Pushkin card: electronically',
      payments: [{ method: 'pushkin' as const, amount: 399999 }],
      expected: [{ type: 'electronically', sum: 3999.99 }],
    },
    {
      description: 'cash and card: two lines',
      payments: [
        { method: 'cash' as const, amount: 100000 },
        { method: 'card' as const, amount: 299999 },
      ],
      expected: [
        { type: 'cash', sum: 1000 },
        { type: 'electronically', sum: 2999.99 },
      ],
    },
  ])('pays $description', ({ payments, expected }) => {
    expect(atolDriver.request({ kind: 'sell', receipt: receipt(), payments, operator }).payments).toEqual(expected);
  });

  it.each([
    {
      description: 'a refund is a sellReturn',
      over: { kind: 'refund' as const },
      kind: 'sellReturn' as const,
      check: { type: 'sellReturn' },
    },
    {
      description: 'the buyer’s e-mail goes as clientInfo',
      over: { email: 'buyer@example.test', phone: '+79990001122' },
      kind: 'sell' as const,
      check: { clientInfo: { emailOrPhone: 'buyer@example.test' } },
    },
    {
      description: 'a phone alone goes as clientInfo',
      over: { phone: '+79990001122' },
      kind: 'sell' as const,
      check: { clientInfo: { emailOrPhone: '+79990001122' } },
    },
    {
      description: 'full payment mode',
      over: { paymentMode: 'full_payment' as const },
      kind: 'sell' as const,
      check: { items: [expect.objectContaining({ paymentMethod: 'fullPayment' }), expect.anything()] },
    },
    {
      description: 'VAT 20 on every item',
      over: { tax: 'vat20' as const },
      kind: 'sell' as const,
      check: { items: [expect.objectContaining({ tax: { type: 'vat20' } }), expect.anything()] },
    },
    {
      description: 'VAT 22 (the general rate from 2026) on every item',
      over: { tax: 'vat22' as const },
      kind: 'sell' as const,
      check: { items: [expect.objectContaining({ tax: { type: 'vat22' } }), expect.objectContaining({ tax: { type: 'vat22' } })] },
    },
    { description: 'the general tax system', over: { taxation: 'osn' as const }, kind: 'sell' as const, check: { taxationType: 'osn' } },
  ])('$description', ({ over, kind, check }) => {
    expect(atolDriver.request({ kind, receipt: receipt(over), payments: [{ method: 'card', amount: 399999 }], operator })).toMatchObject(
      check,
    );
  });

  it('leaves out the tax system when the venue set none (the register uses its registered one) and the unit under FFD 1.05', () => {
    const task = atolDriver.request({
      kind: 'sell',
      receipt: receipt({ taxation: undefined, ffd: '1.05' }),
      payments: [{ method: 'cash', amount: 399999 }],
      operator,
    });
    expect(task).not.toHaveProperty('taxationType');
    expect((task.items as Record<string, unknown>[])[0]).not.toHaveProperty('measurementUnit');
  });

  it.each(['openShift', 'closeShift', 'reportX'] as const)('%s names the operator (with the tax number when known)', (kind) => {
    expect(atolDriver.request({ kind, operator: { name: 'Ольга Кассир', vatin: '123654789507' } })).toEqual({
      type: kind,
      operator: { name: 'Ольга Кассир', vatin: '123654789507' },
    });
    expect(atolDriver.request({ kind, operator })).toEqual({ type: kind, operator: { name: 'Ольга Кассир' } });
  });

  it.each(['cashIn', 'cashOut'] as const)('%s carries the sum as cashSum', (kind) => {
    expect(atolDriver.request({ kind, amount: 134500, operator })).toEqual({
      type: kind,
      operator: { name: 'Ольга Кассир' },
      cashSum: 1345,
    });
  });

  it.each([
    [1, 0.01],
    [1999, 19.99],
    [100, 1],
    [123456789, 1234567.89],
  ])('%i kopecks are %d roubles', (kopecks, expected) => {
    expect(roubles(kopecks)).toBe(expected);
  });
});

describe('atolDriver.correction', () => {
  const sold = (kind: 'sell' | 'sellReturn', over: Partial<Receipt> = {}) =>
    atolDriver.request({
      kind,
      receipt: receipt({ email: 'buyer@example.test', ...over }),
      payments: [
        { method: 'cash', amount: 100000 },
        { method: 'card', amount: 299999 },
      ],
      operator: { name: 'Иван Первый' },
    });
  const by = { name: 'Мария Старшая' };

  it('FFD 1.2: a sellCorrection with the refused sale’s items, payments and total, the grounds, made by who corrects it', () => {
    const refused = sold('sell');
    expect(
      atolDriver.correction({ kind: 'sell', request: refused }, { type: 'self', baseDate: '2026-11-21', baseNumber: '' }, by, '1.2'),
    ).toEqual({
      type: 'sellCorrection',
      taxationType: 'usnIncome',
      electronically: false,
      operator: { name: 'Мария Старшая' },
      clientInfo: { emailOrPhone: 'buyer@example.test' },
      correctionType: 'self',
      correctionBaseDate: '2026.11.21',
      items: refused.items,
      payments: [
        { type: 'cash', sum: 1000 },
        { type: 'electronically', sum: 2999.99 },
      ],
      total: 3999.99,
    });
  });

  it('a refused refund receipt is corrected by a sellReturnCorrection; an instruction carries its number', () => {
    const refused = sold('sellReturn');
    expect(
      atolDriver.correction(
        { kind: 'sellReturn', request: refused },
        { type: 'instruction', baseDate: '2026-01-05', baseNumber: 'ИФНС 12/34' },
        by,
        '1.2',
      ),
    ).toMatchObject({
      type: 'sellReturnCorrection',
      correctionType: 'instruction',
      correctionBaseDate: '2026.01.05',
      correctionBaseNumber: 'ИФНС 12/34',
      items: refused.items,
    });
  });

  it('FFD 1.05: no items; the payments and each VAT rate of the settlement once', () => {
    const refused = sold('sell', { ffd: '1.05', tax: 'vat20', taxation: 'osn' });
    const task = atolDriver.correction(
      { kind: 'sell', request: refused },
      { type: 'self', baseDate: '2026-11-21', baseNumber: 'Акт 7' },
      by,
      '1.05',
    );
    expect(task).toEqual({
      type: 'sellCorrection',
      taxationType: 'osn',
      electronically: false,
      operator: { name: 'Мария Старшая' },
      clientInfo: { emailOrPhone: 'buyer@example.test' },
      correctionType: 'self',
      correctionBaseDate: '2026.11.21',
      correctionBaseNumber: 'Акт 7',
      payments: refused.payments,
      taxes: [{ type: 'vat20' }],
    });
  });
});
