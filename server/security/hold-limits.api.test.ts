import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { insertQuantityCatalog, sessionWhen, stockOf } from '../quantity-order/quantity-fixtures.ts';

// Limits small enough to meet in a test: 3 unpaid orders or 7 places per client address or
// e-mail, and the captcha from the 4th order within a minute from one address.
const LIMITS = { orders: 3, places: 7, burstOrders: 3, burstWindowMs: 60_000 };
const CAPTCHA = 'K7M3P';

let t: TestApp;
let when: { day: string; time: string };
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    clock: createClock(new Date('2026-11-21T10:00:00Z')),
    // X-Forwarded-For names the client, so each test is its own client address.
    config: { holdLimits: LIMITS, trustProxy: true },
    deps: { captchaText: () => CAPTCHA },
  });
  await insertQuantityCatalog(t.db, { capacity: 500 });
  when = await sessionWhen(t.db, 9200);
});
afterAll(() => t.close());

function order(email: string, quantity = 2, extra: Record<string, unknown> = {}) {
  return {
    hash: 'test-qty-ordinary',
    lang: 'ru',
    data: [{ day: when.day, time: when.time, actionId: 9200, categoryId: 9200, zoneId: 0, quantity, sum: 0, seatId: 0 }],
    fio: 'Иван Петров',
    phone: '+7 999 901 02 03',
    email,
    re_email: email,
    checkboxList: [{ id: 9200, checked: true }],
    ...extra,
  };
}

const create = (ip: string, body: Record<string, unknown>) => t.post('/api/order/create', body, { 'x-forwarded-for': ip });

describe('unpaid holds per client', () => {
  it('refuses the order over the unpaid-orders limit of one address with 429, -1029, a text and Retry-After, holding nothing', async () => {
    t.clock.set(new Date('2026-11-21T10:00:00Z'));
    const ip = '198.51.100.1';
    for (let i = 0; i < 3; i += 1) {
      // Slower than the adaptive captcha's pace, as a family would order.
      t.clock.advance(30_000);
      expect((await create(ip, order(`member${i}@family.test`, 1))).statusCode).toBe(200);
    }
    t.clock.advance(30_000);
    const before = await stockOf(t.db, 9200);
    const refused = await create(ip, order('member3@family.test', 1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errorCode: '-1029', errorText: expect.stringContaining('неоплаченных') });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(await stockOf(t.db, 9200)).toEqual(before);

    // Once the first hold has ended, the address may order again.
    t.clock.advance(retryAfter * 1000);
    expect((await create(ip, order('member3@family.test', 1))).statusCode).toBe(200);
  });

  it('limits one e-mail across addresses, and the places held', async () => {
    t.clock.set(new Date('2026-11-22T10:00:00Z'));
    const email = 'bot@spam.test';
    expect((await create('198.51.100.10', order(email, 4))).statusCode).toBe(200);
    // 4 + 4 places is over 7 for this e-mail, whichever address sends it.
    const places = await create('198.51.100.11', order(email, 4));
    expect(places.statusCode).toBe(429);
    expect(places.json().errorCode).toBe('-1029');
    expect((await create('198.51.100.12', order(email, 3))).statusCode).toBe(200);
    expect((await create('198.51.100.13', order('BOT@spam.test', 0 + 1))).statusCode).toBe(429);
  });

  it('frees the limit when an order is paid: only unpaid holds count', async () => {
    t.clock.set(new Date('2026-11-23T10:00:00Z'));
    const ip = '198.51.100.20';
    const hashes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(30_000);
      hashes.push((await create(ip, order(`pay${i}@family.test`, 1))).json().hash);
    }
    await t.db.query('update orders set status = 30, paid_at = now() where hash = $1', [hashes[0]]);
    t.clock.advance(30_000);
    expect((await create(ip, order('pay3@family.test', 1))).statusCode).toBe(200);
  });

  it('asks a client ordering faster than a person can for the image captcha, even with the captcha off, and takes a right answer', async () => {
    t.clock.set(new Date('2026-11-24T10:00:00Z'));
    const ip = '198.51.100.30';
    for (let i = 0; i < 3; i += 1) {
      const placed = await create(ip, order(`fast${i}@bot.test`, 1));
      expect(placed.statusCode).toBe(200);
      // Paid at once, so the hold limits stay out of the way: the pace alone asks for the captcha.
      await t.db.query('update orders set status = 30, paid_at = now() where hash = $1', [placed.json().hash]);
    }
    const before = await stockOf(t.db, 9200);
    const asked = await create(ip, order('fast3@bot.test', 1));
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ errorCode: '-1001', captcha: 'image' });
    expect(await stockOf(t.db, 9200)).toEqual(before);

    const { sid } = (await t.get('/api/captcha')).json<{ sid: string }>();
    const wrong = await create(ip, order('fast3@bot.test', 1, { captchaSid: sid, captchaText: 'WRONG' }));
    expect(wrong.json().errorCode).toBe('-1001');
    const fresh = (await t.get('/api/captcha')).json<{ sid: string }>().sid;
    const answered = await create(ip, order('fast3@bot.test', 1, { captchaSid: fresh, captchaText: CAPTCHA }));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await stockOf(t.db, 9200)).not.toEqual(before);
  });

  it("lets a person order again at a person's pace without any captcha", async () => {
    t.clock.set(new Date('2026-11-25T10:00:00Z'));
    const ip = '198.51.100.40';
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(25_000);
      expect((await create(ip, order(`calm${i}@family.test`, 1))).statusCode).toBe(200);
    }
  });

  it('lets 10 parallel orders of one address place no more than the limit (on PostgreSQL they truly race)', async () => {
    t.clock.set(new Date('2026-11-26T10:00:00Z'));
    const ip = '198.51.100.50';
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(ip, order(`rush${i}@bot.test`, 1))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) expect(['-1029', '-1001']).toContain(refused.json().errorCode);
    const { rows } = await t.db.query<{ n: number }>("select count(*)::int as n from orders where email like 'rush%@bot.test'");
    expect(rows[0]?.n).toBe(3);
  });
});
