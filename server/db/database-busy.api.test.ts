import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from '../quantity-order/quantity-fixtures.ts';

// An overloaded database (too many connections, a deadlock, a lost connection) is answered 429
// with the business error shape and Retry-After, never 500; the request changed nothing.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ demo: false });
  await insertQuantityCatalog(t.db, { capacity: 20 });
});
afterEach(() => t.close());

/** Makes the app's next database statements fail with `error` (the app and the test share the Db object). */
function failNext(error: Error, times = 1) {
  const real = t.db.query.bind(t.db);
  let left = times;
  t.db.query = (async (sql: string, params?: readonly unknown[]) => {
    if (left > 0) {
      left--;
      throw error;
    }
    return real(sql, params);
  }) as typeof t.db.query;
  return () => {
    t.db.query = real;
  };
}

const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: code === '53300' ? 'FATAL' : 'ERROR' });

describe('the database is busy', () => {
  it.each([
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a deadlock', pgError('40P01', 'deadlock detected')],
    ['a serialization failure', pgError('40001', 'could not serialize access')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['no answer within the query timeout (a frozen server)', new Error('Query read timeout')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ])('answers an order 429 -1029 with Retry-After on %s, and nothing is sold', async (_name, error) => {
    const when = await sessionWhen(t.db, 9200);
    await t.csrfToken();
    const restore = failNext(error);
    const res = await t.post('/api/order/create', { ...ordinaryOrderBody(when, 1), lang: 'en' });
    restore();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ errorCode: '-1029', errorText: 'Too many requests. Please wait a moment and try again.' });
    const left = await t.db.query<{ remaining: number; orders: number }>(
      'select (select remaining from sessions where id = 9200) as remaining, (select count(*)::int from orders) as orders',
    );
    expect(left.rows[0]).toEqual({ remaining: 20, orders: 0 });
    // And the next try goes through.
    expect((await t.post('/api/order/create', ordinaryOrderBody(when, 2))).statusCode).toBe(200);
  });

  it('still answers 500 to an error that is not the database being busy', async () => {
    const when = await sessionWhen(t.db, 9200);
    await t.csrfToken();
    const restore = failNext(pgError('42P01', 'relation "x" does not exist'));
    const res = await t.post('/api/order/create', ordinaryOrderBody(when, 1));
    restore();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ errorCode: '-9999' });
  });
});
