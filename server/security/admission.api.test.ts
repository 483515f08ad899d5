import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from '../quantity-order/quantity-fixtures.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// A queued buyer here always gets their turn: the wait's own limit is far beyond what the orders
// take even on a loaded machine, so the counts below depend only on the line's length.
const QUEUE_WAIT_MS = 120_000;

async function appWithAdmission(concurrency: number, queue: number, capacity = 20) {
  t = await createTestApp({
    demo: false,
    config: { orderConcurrency: concurrency, orderQueue: queue, orderQueueTimeoutMs: QUEUE_WAIT_MS },
  });
  await insertQuantityCatalog(t.db, { capacity });
  const when = await sessionWhen(t.db, 9200);
  await t.csrfToken();
  const order = (i: number) => ordinaryOrderBody(when, i, 'en');
  return { app: t, order };
}

const soldOf = async (app: TestApp) =>
  (
    await app.db.query<{ remaining: number; orders: number }>(
      'select (select remaining from sessions where id = 9200) as remaining, (select count(*)::int from orders) as orders',
    )
  ).rows[0];

describe('admission control of POST /api/order/create', () => {
  it(
    'lets in as many buyers as run at once plus the queue, and answers the rest 429 -1029 with Retry-After at once',
    async () => {
      const { app, order } = await appWithAdmission(2, 3);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => app.post('/api/order/create', order(i))));

      const admitted = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(admitted).toHaveLength(5);
      expect(refused).toHaveLength(7);
      for (const a of admitted) expect(a.json()).toMatchObject({ errorCode: '0', hash: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
      for (const a of refused) {
        expect(a.json()).toEqual({ errorCode: '-1029', errorText: 'Too many requests. Please wait a moment and try again.' });
        expect(a.headers['retry-after']).toBe('1');
      }
      // A refused buyer changed nothing: exactly the admitted orders hold places.
      expect(await soldOf(app)).toEqual({ remaining: 15, orders: 5 });
    },
    QUEUE_WAIT_MS,
  );

  it('serves the refused buyers when they come back after Retry-After', async () => {
    const { app, order } = await appWithAdmission(1, 0);
    const first = await Promise.all([0, 1, 2].map((i) => app.post('/api/order/create', order(i))));
    expect(first.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    for (const i of [1, 2]) expect((await app.post('/api/order/create', order(i))).statusCode).toBe(200);
    expect(await soldOf(app)).toEqual({ remaining: 17, orders: 3 });
  });

  it('refuses nothing that a single buyer at a time sends, and still validates what it admits', async () => {
    const { app, order } = await appWithAdmission(1, 0);
    for (let i = 0; i < 3; i++) expect((await app.post('/api/order/create', order(i))).statusCode).toBe(200);
    const bad = await app.post('/api/order/create', { ...order(9), email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(await soldOf(app)).toEqual({ remaining: 17, orders: 3 });
  });

  it('answers a forged call 403 without letting it into the line', async () => {
    const { app, order } = await appWithAdmission(1, 0);
    const res = await app.app.inject({ method: 'POST', url: '/api/order/create', payload: order(1) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: '-1000' });
  });

  it('refuses over a real connection too, where a full line is answered before Fastify routes the request', async () => {
    const { app, order } = await appWithAdmission(1, 1, 100);
    const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { 'content-type': 'application/json', 'x-csrf-token': await app.csrfToken(), 'x-requested-with': 'XMLHttpRequest' };
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await fetch(`${address}/api/order/create?lang=en`, { method: 'POST', headers, body: JSON.stringify(order(i)) });
        return {
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          nosniff: res.headers.get('x-content-type-options'),
          requestId: res.headers.get('x-request-id'),
          body: (await res.json()) as { errorCode: string; errorText: string },
        };
      }),
    );
    const admitted = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    expect(admitted + refused.length).toBe(60);
    expect(admitted).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a).toMatchObject({
        retryAfter: '1',
        body: { errorCode: '-1029', errorText: 'Too many requests. Please wait a moment and try again.' },
      });
      // Refused before Fastify or by its hook: the headers of every answer either way.
      expect(a).toMatchObject({ nosniff: 'nosniff', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    }
    expect(await soldOf(app)).toEqual({ remaining: 100 - admitted, orders: admitted });
  });
});
