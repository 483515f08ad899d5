import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';

// Limits small enough to meet in a test: 3 captchas, 2 payment starts, 2 return requests per
// client address and minute.
const LIMITS = { captcha: 3, payments: 2, returns: 2, windowMs: 60_000 };

let t: TestApp;
beforeAll(async () => {
  // X-Forwarded-For names the client, so each test is its own client address.
  t = await createTestApp({
    demo: false,
    clock: createClock(new Date('2026-11-21T10:00:00Z')),
    config: { rateLimits: LIMITS, trustProxy: true },
  });
});
afterAll(() => t.close());

const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;
const captcha = (ip: string, url = '/api/captcha') => t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip } });

describe('per-client rate limits', () => {
  it('answers the captcha past the limit with 429, -1029, a text and Retry-After, storing no challenge; another address is not affected', async () => {
    const ip = '198.51.100.10';
    for (let i = 0; i < 3; i += 1)
      expect((await captcha(ip, i === 2 ? '/api/captcha/audio?lang=en' : '/api/captcha')).statusCode).toBe(200);
    const stored = await count('captcha_challenges');
    const refused = await captcha(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorCode: '-1029', errorText: 'Слишком много запросов. Подождите немного и попробуйте снова.' });
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect((await captcha(ip, '/api/captcha/audio?lang=en')).json()).toMatchObject({
      errorCode: '-1029',
      errorText: 'Too many requests. Please wait a moment and try again.',
    });
    expect(await count('captcha_challenges')).toBe(stored);
    expect((await captcha('198.51.100.11')).statusCode).toBe(200);

    // Retry-After counts down to when the hits leave the window (all three were at one instant),
    // then the address has its whole limit again.
    t.clock.advance(45_000);
    expect(Number((await captcha(ip)).headers['retry-after'])).toBe(15);
    t.clock.advance(15_000);
    for (let i = 0; i < 3; i += 1) expect((await captcha(ip)).statusCode).toBe(200);
    expect((await captcha(ip)).statusCode).toBe(429);
  });

  it('limits payment starts per address, before any payment is registered', async () => {
    const ip = '198.51.100.20';
    const pay = () =>
      t.post('/api/order/pay', { hash: 'no-such-order-hash-0001', lang: 'en', bank_data: { id: 1 } }, { 'x-forwarded-for': ip });
    // A call with a valid body counts whatever it answers: guessing orders costs tries too.
    for (let i = 0; i < 2; i += 1) expect((await pay()).statusCode).toBe(404);
    const refused = await pay();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorCode: '-1029', errorText: 'Too many requests. Please wait a moment and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('payments')).toBe(0);
  });

  it('limits return requests and confirmations per address', async () => {
    const ip = '198.51.100.30';
    const create = () =>
      t.post('/api/order/return-create', { hash: 'no-such-order-hash-0002', lang: 'ru', reason: 1, id: [1] }, { 'x-forwarded-for': ip });
    const confirm = () =>
      t.post(
        '/api/order/return-confirm',
        { hash: 'no-such-order-hash-0002', lang: 'ru', hashConf: 'a'.repeat(32) },
        { 'x-forwarded-for': ip },
      );
    expect((await create()).statusCode).toBeLessThan(429);
    expect((await confirm()).statusCode).toBeLessThan(429);
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('-1029');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it("counts a buyer's own exchange with the returns", async () => {
    const ip = '198.51.100.31';
    const exchange = () =>
      t.post(
        '/api/order/exchange',
        { hash: 'no-such-order-hash-0003', lang: 'en', ticketIds: [1], sessionId: 1, places: [{ priceId: 1 }], expectedDifference: 0 },
        { 'x-forwarded-for': ip },
      );
    for (let i = 0; i < 2; i += 1) expect((await exchange()).statusCode).toBe(404);
    const refused = await exchange();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('-1029');
  });

  it('lets no more than the limit through when one address calls in parallel (on PostgreSQL they truly race)', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => captcha('198.51.100.40')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(9);
  });

  it('limits nothing that is set to 0', async () => {
    const open = await createTestApp({ demo: false, config: { rateLimits: { captcha: 0, payments: 0, returns: 0, windowMs: 60_000 } } });
    try {
      for (let i = 0; i < 10; i += 1) expect((await open.app.inject({ method: 'GET', url: '/api/captcha' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
