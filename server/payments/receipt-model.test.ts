import { describe, expect, it } from 'vitest';
import { RECEIPT_NAME_MAX, type ReceiptUnit, buildReceipt, chargeUnits, groupLines, spreadAmounts } from './receipt-model.ts';

/** A small seeded generator (mulberry32), so every run checks the same thousands of cases. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const unit = (name: string, list: number, part: ReceiptUnit['part'] = 'ticket'): ReceiptUnit => ({
  part,
  name,
  list,
  amount: list,
  ticketId: null,
  serviceId: null,
});

describe('spreadAmounts', () => {
  it.each([
    { description: 'keeps list prices that already add up to the charge', list: [50000, 3000], target: 53000, expected: [50000, 3000] },
    {
      description: 'halves two equal tickets and their fee exactly',
      list: [50000, 50000, 3000],
      target: 51500,
      expected: [25000, 25000, 1500],
    },
    {
      description: 'gives the odd kopeck by largest remainder, not to the last item',
      list: [100, 100, 100],
      target: 200,
      expected: [67, 67, 66],
    },
    {
      description: 'never lifts the last item above its list price (a remainder-on-the-last spread put 3 kopecks on this 1-kopeck item)',
      list: [10, 10, 10, 1],
      target: 30,
      expected: [10, 10, 9, 1],
    },
    {
      description: 'keeps a small item at a kopeck at least while the charge allows',
      list: [100000, 1, 1],
      target: 1000,
      expected: [998, 1, 1],
    },
    { description: 'free items stay free', list: [0, 500, 0], target: 250, expected: [0, 250, 0] },
    { description: 'nothing charged: nothing on any item', list: [300, 200], target: 0, expected: [0, 0] },
  ])('$description', ({ list, target, expected }) => {
    expect(spreadAmounts(list, target)).toEqual(expected);
  });

  it('refuses to charge more than the list prices or a negative sum', () => {
    expect(() => spreadAmounts([100, 200], 301)).toThrow(RangeError);
    expect(() => spreadAmounts([100], -1)).toThrow(RangeError);
    expect(() => spreadAmounts([1.5], 1)).toThrow(RangeError);
  });

  it('over 5000 random orders: exact to the kopeck, no item above its list price, none negative, a kopeck each when the charge allows', () => {
    const next = random(20261205);
    const failures: unknown[] = [];
    for (let run = 0; run < 5000; run += 1) {
      const n = 1 + Math.floor(next() * 130);
      const list = Array.from({ length: n }, () => {
        const kind = next();
        // Tickets up to 50 000 ₽, fees of a few roubles, 1-kopeck items and free ones.
        return kind < 0.1 ? 0 : kind < 0.2 ? 1 : kind < 0.5 ? Math.floor(next() * 50_000) : Math.floor(next() * 5_000_000);
      });
      const total = sum(list);
      const target = next() < 0.1 ? total : Math.floor(next() * (total + 1));
      const out = spreadAmounts(list, target);
      const priced = list.filter((p) => p > 0).length;
      const broken =
        sum(out) !== target ||
        out.some((amount, i) => amount < 0 || amount > (list[i] ?? 0) || (target >= priced && (list[i] ?? 0) > 0 && amount < 1));
      if (broken) failures.push({ list, target, out });
    }
    expect(failures).toEqual([]);
  });

  it('takes sums past 2^53 in its products without losing a kopeck', () => {
    const list = [900_000_000_00, 700_000_000_01, 3];
    const out = spreadAmounts(list, 1_000_000_000_00);
    expect(sum(out)).toBe(1_000_000_000_00);
  });
});

describe('groupLines', () => {
  it('groups identical units (same name and amount) into one line with a quantity, in order of first appearance', () => {
    const lines = groupLines([
      { name: 'Музей, взрослый', amount: 50000 },
      { name: 'Сервисный сбор', amount: 3000 },
      { name: 'Музей, взрослый', amount: 50000 },
      { name: 'Сервисный сбор', amount: 3000 },
      { name: 'Музей, взрослый', amount: 49999 },
    ]);
    expect(lines).toEqual([
      { name: 'Музей, взрослый', price: 50000, quantity: 2, amount: 100000 },
      { name: 'Сервисный сбор', price: 3000, quantity: 2, amount: 6000 },
      { name: 'Музей, взрослый', price: 49999, quantity: 1, amount: 49999 },
    ]);
  });

  it('leaves out free units and cuts names to the fiscal limit', () => {
    expect(
      groupLines([
        { name: 'x'.repeat(300), amount: 100 },
        { name: 'free', amount: 0 },
      ]),
    ).toEqual([{ name: 'x'.repeat(RECEIPT_NAME_MAX), price: 100, quantity: 1, amount: 100 }]);
  });

  it('60 tickets of one category with their fees make 2 lines, not 120, even with a discount spread over them', () => {
    const units = Array.from({ length: 60 }, () => [
      unit('Концерт, 01.12.2026 19:00, Партер', 150000),
      unit('Сервисный сбор', 5000, 'fee'),
    ]).flat();
    const charged = chargeUnits(units, 60 * 155000 - 77777);
    const lines = groupLines(charged);
    expect(sum(lines.map((l) => l.amount))).toBe(60 * 155000 - 77777);
    // Largest remainder leaves at most two amounts per kind of unit.
    expect(lines.length).toBeLessThanOrEqual(4);
    for (const line of lines) expect(line.amount).toBe(line.price * line.quantity);
  });
});

describe('buildReceipt', () => {
  const settings = { paymentMode: 'full_prepayment' as const, tax: 'none' as const, taxation: 'usn_income' as const, ffd: '1.2' as const };
  it('a sale is cashless in the venue’s mode; a closing receipt is full payment set off by the prepayment', () => {
    const units = [unit('A', 1000), unit('B', 500)];
    expect(buildReceipt('sale', { email: 'a@b.c', phone: '' }, units, settings)).toMatchObject({
      total: 1500,
      paymentMode: 'full_prepayment',
      settlement: 'cashless',
      ffd: '1.2',
    });
    expect(buildReceipt('closing', { email: 'a@b.c', phone: '' }, units, settings)).toMatchObject({
      total: 1500,
      paymentMode: 'full_payment',
      settlement: 'prepayment',
    });
  });
});
