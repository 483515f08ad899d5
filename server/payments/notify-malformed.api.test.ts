import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { makeOrder, pay, preparePaymentCatalog, sandboxId } from './payment-test-kit.ts';
import { sandboxKey, signSandboxNotification } from './sandbox/sandbox-bank.ts';

const SECRET = 'test-secret-'.padEnd(40, 'x');
const CARD = 1;

let t: TestApp;
let genuine: Record<string, unknown>;
let orderHash: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 50 });
  const order = await makeOrder(t);
  orderHash = order.hash;
  const id = sandboxId(await pay(t, order.hash, CARD));
  const { rows } = await t.db.query<{ merchant_ref: string }>('select merchant_ref from sandbox_acquirer_payments where id = $1', [id]);
  genuine = signSandboxNotification(sandboxKey(SECRET), {
    event_id: 'e1',
    payment_id: id,
    order_ref: rows[0]?.merchant_ref as string,
    status: 'paid',
    amount: 106000,
    reason: '',
  });
});
afterAll(() => t.close());

const snapshot = async () => ({
  orders: (await t.db.query('select status, paid_at from orders where hash = $1', [orderHash])).rows,
  payments: (await t.db.query('select id, status from payments order by id')).rows,
});

const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

// What the acquirer is told: the route's own refusal of a body it read but could not verify, or
// the app's usual 400 (-1002) for a body that never reached it (not JSON, a NUL, a proto key).
const REFUSED = { ok: false };
const MALFORMED = { errorCode: '-1002', errorText: expect.stringMatching(/\S/) };

describe('POST /payments/notify/:provider with a malformed body', () => {
  const cases: {
    description: string;
    request: () => { payload: string; headers: Record<string, string> };
    answer: object;
    status?: number;
  }[] = [
    { description: 'an array', request: () => json('[1, 2, 3]'), answer: REFUSED },
    { description: 'an empty array', request: () => json('[]'), answer: REFUSED },
    { description: 'a JSON string', request: () => json('"paid"'), answer: REFUSED },
    { description: 'null', request: () => json('null'), answer: REFUSED },
    { description: 'a number', request: () => json('42'), answer: REFUSED },
    { description: 'true', request: () => json('true'), answer: REFUSED },
    { description: 'an empty object', request: () => json('{}'), answer: REFUSED },
    { description: 'plain text', request: () => ({ payload: 'status=paid', headers: { 'content-type': 'text/plain' } }), answer: REFUSED },
    {
      description: 'fields of the wrong types',
      request: () => json(JSON.stringify({ ...genuine, amount: '106000', event_id: 1, payment_id: null })),
      answer: REFUSED,
    },
    { description: 'a missing signature', request: () => json(JSON.stringify({ ...genuine, signature: undefined })), answer: REFUSED },
    { description: 'a missing order_ref', request: () => json(JSON.stringify({ ...genuine, order_ref: undefined })), answer: REFUSED },
    {
      description: 'a signature of objects',
      request: () => json(JSON.stringify({ ...genuine, signature: { length: 64 } })),
      answer: REFUSED,
    },
    {
      description: 'a signature of another length in bytes',
      request: () => json(JSON.stringify({ ...genuine, signature: 'я'.repeat(64) })),
      answer: REFUSED,
    },
    {
      description: 'an amount beyond any integer column',
      request: () => json(JSON.stringify({ ...genuine, amount: 1e300 })),
      answer: REFUSED,
    },
    {
      description: 'a nested object in every field',
      request: () => json(JSON.stringify(Object.fromEntries(Object.keys(genuine).map((k) => [k, { k }])))),
      answer: REFUSED,
    },
    { description: 'malformed JSON', request: () => json('{"event_id": '), answer: MALFORMED },
    { description: 'an empty body with a JSON type', request: () => json(''), answer: MALFORMED },
    { description: 'a NUL in a field', request: () => json(JSON.stringify({ ...genuine, event_id: 'e\u0000' })), answer: MALFORMED },
    { description: 'a __proto__ key', request: () => json('{"__proto__": {"status": "paid"}}'), answer: MALFORMED },
    // Not a 400 but the same answer: the server reads no forms, and says so (415).
    {
      description: 'a form',
      request: () => ({ payload: 'status=paid&amount=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      answer: MALFORMED,
      status: 415,
    },
  ];

  it.each(cases)('answers $description with a 4xx refusal, never a 500, and changes nothing', async ({ request, answer, status }) => {
    const before = await snapshot();
    const res = await t.app.inject({ method: 'POST', url: '/payments/notify/sandbox', ...request() });
    expect(res.statusCode).toBe(status ?? 400);
    expect(res.json()).toEqual(answer);
    expect(await snapshot()).toEqual(before);
  });

  it('answers an unknown provider with 404, and malformed JSON to it with 400', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/payments/notify/nobank', ...json('{}') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(REFUSED);
    const malformed = await t.app.inject({ method: 'POST', url: '/payments/notify/nobank', ...json('[') });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(MALFORMED);
  });

  it('still applies the genuine notification after all of them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/payments/notify/sandbox', ...json(JSON.stringify(genuine)) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
  });
});
