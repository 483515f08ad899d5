import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/harness.ts';
import { completeAtBank, lastCardProofCode, makeOrder, pay, sandboxId } from '../../payments/payment-test-kit.ts';
import { adminCall, managerOnPaymentCatalog } from '../staff/staff-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so a correction and a spend never overlap there.
let t: TestApp;
let manager: string;
beforeAll(async () => {
  ({ t, manager } = await managerOnPaymentCatalog());
});
afterAll(() => t.close());

let serial = 0;
/** A card of `balance` bonuses, accruing nothing (so only the raced movements move it), attached to a new order by its holder. */
async function cardOnOrder(balance: number) {
  serial += 1;
  const email = `race-${serial}@example.test`;
  const made = await adminCall(t, 'POST', '/api/admin/loyalty-cards', manager, {
    code: `6${String(serial).padStart(15, '0')}`,
    holderName: `Гонка ${serial}`,
    email,
    accrualPercent: 0,
    openingBalance: balance,
  });
  expect(made.statusCode, made.body).toBe(200);
  const card = made.json().card as { id: number; code: string };
  const order = await makeOrder(t);
  await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', cardCode: card.code });
  const proven = await t.post('/api/order/discount', {
    hash: order.hash,
    lang: 'ru',
    cardCode: card.code,
    cardProof: await lastCardProofCode(t, email),
  });
  expect(proven.statusCode, proven.body).toBe(200);
  return { card, order };
}

/** The card's balance, and the sum of its movements (each signed by its kind). */
async function ledger(cardId: number) {
  const { rows } = await t.db.query<{ balance: number; sum: number }>(
    `select c.balance, (select coalesce(sum(case when m.kind in ('spend', 'revoke', 'debit') then -m.bonuses else m.bonuses end), 0)::int
       from loyalty_transactions m where m.card_id = c.id) as sum from loyalty_cards c where c.id = $1`,
    [cardId],
  );
  return rows[0];
}

/** Returns once `n` sessions of this database wait for a lock (each look is a query: no sleeping). */
async function waitersOnLocks(n: number) {
  for (let look = 0; look < 5000; look += 1) {
    const { rows } = await t.db.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if ((rows[0]?.n ?? 0) >= n) return;
  }
  throw new Error(`fewer than ${n} sessions ever waited for a lock`);
}

const correct = (cardId: number, delta: number) =>
  adminCall(t, 'POST', `/api/admin/loyalty-cards/${cardId}/corrections`, manager, { delta, reason: 'Гонка' });

describe('a balance correction racing the storefront (PostgreSQL)', () => {
  it('and a visitor choosing bonuses: of 600 taken and 600 chosen from 1000, exactly one lands, whichever comes first', async () => {
    for (const first of ['visitor', 'staff'] as const) {
      const { card, order } = await cardOnOrder(1000);
      const choose = () => t.post('/api/order/discount', { hash: order.hash, lang: 'ru', bonuses: 600 });
      // The card's row held by the test, both calls queue behind it in a known order and run as soon as it is let go.
      const [chosen, corrected] = await t.db
        .transaction(async (tx) => {
          await tx.query('select 1 from loyalty_cards where id = $1 for update', [card.id]);
          const a = first === 'visitor' ? choose() : correct(card.id, -600);
          await waitersOnLocks(1);
          const b = first === 'visitor' ? correct(card.id, -600) : choose();
          await waitersOnLocks(2);
          return first === 'visitor' ? ([a, b] as const) : ([b, a] as const);
        })
        .then(([x, y]) => Promise.all([x, y]));
      if (first === 'visitor') {
        expect(chosen.statusCode, chosen.body).toBe(200);
        expect(corrected.statusCode, corrected.body).toBe(409);
      } else {
        expect(corrected.statusCode, corrected.body).toBe(200);
        expect(chosen.statusCode, chosen.body).toBe(400);
      }
      const { rows } = await t.db.query<{ balance: number; held: number }>(
        'select c.balance, coalesce((select sum(d.bonuses) from order_discounts d where d.card_id = c.id), 0)::int as held from loyalty_cards c where c.id = $1',
        [card.id],
      );
      expect(rows[0]).toEqual(first === 'visitor' ? { balance: 1000, held: 600 } : { balance: 400, held: 0 });
    }
  });

  it('and the payment that spends the bonuses: the balance never goes below zero and equals the sum of the movements', async () => {
    const rounds = await Promise.all(Array.from({ length: 6 }, () => cardOnOrder(1000)));
    for (const { order } of rounds)
      expect((await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', bonuses: 600 })).statusCode).toBe(200);
    const started = await Promise.all(rounds.map(async ({ order }) => sandboxId(await pay(t, order.hash, 1))));
    const results = await Promise.all(
      rounds.map(async ({ card }, i) => {
        // 400 are free before and after the payment: one of the two debits fits, never both.
        const [, a, b] = await Promise.all([completeAtBank(t, started[i] as string, 'pay'), correct(card.id, -400), correct(card.id, -1)]);
        return { card, statuses: [a.statusCode, b.statusCode] };
      }),
    );
    for (const { card, statuses } of results) {
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      const book = await ledger(card.id);
      expect(book?.balance).toBe(book?.sum);
      expect(book?.balance).toBe(statuses[0] === 200 ? 0 : 399);
      const spent = await t.db.query<{ bonuses: number }>(
        "select bonuses from loyalty_transactions where card_id = $1 and kind = 'spend'",
        [card.id],
      );
      expect(spent.rows).toEqual([{ bonuses: 600 }]);
    }
  });
});
