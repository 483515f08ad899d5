import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../tests/harness.ts';
import { adminCall, signedInAs } from './admin/staff/staff-test-kit.ts';
import { preparePaymentCatalog } from './payments/payment-test-kit.ts';
import { paidOrder } from './returns/returns-test-kit.ts';

// The back office's searches carry what staff type (an e-mail, a phone, a name, a ticket code that
// the door admits) in the address; the request log, at the production level, masks them all.
const START = new Date('2026-11-21T10:00:00Z');
const BUYER = { email: 'secret.buyer@example.test', phone: '+7 912 345 67 89', name: 'Секретова Агния' };

let t: TestApp;
const log: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    clock: createClock(START),
    config: { logLevel: 'info' },
    deps: { logStream: { write: (line: string) => void log.push(line) } },
  });
  await preparePaymentCatalog(t, { capacity: 50 });
});
afterAll(() => t.close());

describe('the request log during a staff walk through every search', () => {
  it('finds the order and the card by each term, and the log holds none of them', async () => {
    const order = await paidOrder(t);
    await t.db.query('update orders set email = $2, phone = $3, buyer_name = $4 where id = $1', [
      order.id,
      BUYER.email,
      BUYER.phone,
      BUYER.name,
    ]);
    const { rows } = await t.db.query<{ code: string }>(
      'select code from tickets where order_id = $1 and code is not null order by id limit 1',
      [order.id],
    );
    const code = rows[0]?.code ?? '';
    expect(code).not.toBe('');
    const support = (await signedInAs(t, 'support')).cookie;
    const manager = (await signedInAs(t, 'manager')).cookie;
    const owner = (await signedInAs(t, 'owner')).cookie;
    const cardNumber = '7000000000009999';
    const card = await adminCall(t, 'POST', '/api/admin/loyalty-cards', manager, {
      code: cardNumber,
      holderName: BUYER.name,
      email: BUYER.email,
      accrualPercent: 5,
      openingBalance: 0,
      blocked: false,
    });
    expect(card.statusCode, card.body).toBe(200);

    // The orders desk, by each kind of term: each finds the order, so the term really was searched.
    for (const term of [BUYER.email, BUYER.phone, BUYER.name, code, '79123456789']) {
      const found = await adminCall(t, 'GET', `/api/admin/orders?q=${encodeURIComponent(term)}&lang=en`, support);
      expect(found.statusCode, found.body).toBe(200);
      expect({ term, ids: found.json().orders.map((o: { id: number }) => o.id) }).toEqual({ term, ids: [order.id] });
    }
    expect((await adminCall(t, 'GET', `/api/admin/orders/${order.id}?lang=en`, support)).statusCode).toBe(200);
    // The loyalty cards, by name, e-mail and number.
    for (const term of [BUYER.name, BUYER.email, cardNumber]) {
      const found = await adminCall(t, 'GET', `/api/admin/loyalty-cards?q=${encodeURIComponent(term)}&state=all`, manager);
      expect(found.statusCode, found.body).toBe(200);
      expect(JSON.stringify(found.json())).toContain(cardNumber);
    }
    // The audit log's filters and the door's lists.
    expect((await adminCall(t, 'GET', `/api/admin/audit?subjectType=order&subjectId=${order.id}`, owner)).statusCode).toBe(200);

    const written = log.join('');
    expect(written).toContain('incoming request');
    expect(written).toContain('/api/admin/orders?q=***&lang=en');
    expect(written).toContain('/api/admin/loyalty-cards?q=***&state=***');
    for (const secret of [
      BUYER.email,
      encodeURIComponent(BUYER.email),
      'secret.buyer',
      BUYER.name,
      encodeURIComponent(BUYER.name),
      encodeURIComponent(BUYER.phone),
      '79123456789',
      '912 345',
      code,
      cardNumber,
    ]) {
      expect({ secret, found: written.includes(secret) }).toEqual({ secret, found: false });
    }
  });
});
