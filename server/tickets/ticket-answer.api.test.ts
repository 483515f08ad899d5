import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId, view } from '../payments/payment-test-kit.ts';
import { resetReturnableEvent } from '../returns/returns-test-kit.ts';
import { deskOn } from '../admin/orders/orders-desk-kit.ts';

const CARD = 1;
const START = new Date('2026-11-21T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
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
      JSON.stringify({
        surname: 'Петрова',
        name: 'Анна',
        middleName: null,
        age: null,
        birthDate: null,
        docTypeId: null,
        docNumber: null,
        countryId: null,
        regionId: null,
      }),
    ]);
    const named = await t.get(`/api/ticket/${hashes[0]}`);
    expect(named.json().name).toBe('Петрова Анна');
    expect(named.body).not.toContain(buyerName);
    expect((await t.get(`/api/ticket/${hashes[1]}`)).json().name).toBe('');
  });
});

describe('GET /api/ticket/:hash of a returned ticket', () => {
  it('says the ticket was returned and when, in the asked language, with no code or image; the other ticket still opens', async () => {
    await resetReturnableEvent(t, START);
    const { order, hashes } = await paidTickets();
    const { rows } = await t.db.query<{ id: number; code: string; hash: string }>(
      'select id, code, hash from tickets where order_id = $1 order by id',
      [order.id],
    );
    const [returned, kept] = rows;
    const { desk, actor } = await deskOn(t);
    t.clock.advance(3_600_000);
    await desk.refund({
      orderId: order.id,
      ticketIds: [returned?.id as number],
      percent: null,
      reason: 'Попросил вернуть',
      reasonId: 1,
      actor,
    });

    for (const [lang, text] of [
      ['ru', 'Билет возвращён'],
      ['en', 'The ticket was returned'],
    ] as const) {
      const answer = await t.get(`/api/ticket/${returned?.hash}?lang=${lang}`);
      expect(answer.statusCode).toBe(410);
      expect(answer.json()).toEqual({
        errorCode: '-1025',
        errorText: expect.stringContaining(text),
        returnedAt: '2026-11-21T11:00:00.000Z',
      });
      expect(answer.body).not.toContain(returned?.code as string);
      expect(answer.body).not.toContain('data:image');
    }
    expect(hashes).toContain(kept?.hash);
    const other = await t.get(`/api/ticket/${kept?.hash}`);
    expect(other.statusCode).toBe(200);
    expect(other.json().ticket.ticketcode).toBe(kept?.code);
  });

  it('still answers not found for a ticket that does not exist', async () => {
    const answer = await t.get('/api/ticket/0123456789abcdef0123456789abcdef');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().errorCode).toBe('-1004');
  });
});
