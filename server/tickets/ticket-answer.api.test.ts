import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId, view } from '../payments/payment-test-kit.ts';

const CARD = 1;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 50 });
});
afterAll(() => t.close());

async function paidTickets() {
  const order = await makeOrder(t);
  await completeAtBank(t, sandboxId(await pay(t, order.hash, CARD)), 'pay');
  const { body } = await view(t, order.hash);
  const hashes: string[] = body.main[0].tickets.map((x: { tickethash_id: string }) => x.tickethash_id);
  const { rows } = await t.db.query<{ buyer_name: string }>('select buyer_name from orders where id = $1', [order.id]);
  return { order, hashes, buyerName: rows[0]?.buyer_name ?? '' };
}

describe('GET /api/ticket/:hash', () => {
  it("never carries the buyer's name: a ticket without a holder answers an empty name", async () => {
    const { hashes, buyerName } = await paidTickets();
    expect(buyerName).not.toBe('');
    const answer = await t.get(`/api/ticket/${hashes[0]}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().name).toBe('');
    expect(answer.body).not.toContain(buyerName);
  });

  it("answers a named ticket's holder, and only that ticket's", async () => {
    const { hashes, buyerName } = await paidTickets();
    await t.db.query('update tickets set holder = $2::jsonb where hash = $1', [
      hashes[0],
      JSON.stringify({ surname: 'Петрова', name: 'Анна', middleName: null, age: null, birthDate: null, docTypeId: null, docNumber: null, countryId: null, regionId: null }),
    ]);
    const named = await t.get(`/api/ticket/${hashes[0]}`);
    expect(named.json().name).toBe('Петрова Анна');
    expect(named.body).not.toContain(buyerName);
    expect((await t.get(`/api/ticket/${hashes[1]}`)).json().name).toBe('');
  });
});
