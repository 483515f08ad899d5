import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { placeOrderBody, RUSH } from '../bench/lib/catalog.ts';
import { addStaffMember } from '../server/admin/staff/staff-accounts.ts';
import { TEST_PASSWORD } from '../server/admin/staff/staff-test-kit.ts';
import { TEST_SCRYPT_COST } from './scrypt-cost.ts';
import { brokenInvariants } from './invariants.ts';
import {
  type Browser,
  type Prepared,
  browser,
  instanceEnv,
  prepareDatabase,
  roundRobin,
  sandboxPaymentId,
  startInstances,
  stopInstance,
  until,
} from './instances.ts';
import { startSmtp } from './smtp.ts';
import type { SpawnedServer } from './spawn-server.ts';

// Three storefront processes on one PostgreSQL database, each running its background jobs, as a
// venue runs them behind a load balancer; the test is the balancer (a round-robin per request).
// No SECRET is given: the instances must agree on the one the first start keeps in the database.

let prepared: Prepared;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let instances: SpawnedServer[] = [];
let urls: string[];

beforeAll(async () => {
  prepared = await prepareDatabase(inject('pgUrl'), 'instances');
  smtp = await startSmtp();
  instances = await startInstances(3, instanceEnv(prepared.url, { SMTP_URL: smtp.url }));
  urls = instances.map((i) => i.url);
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map(stopInstance));
  await smtp?.close();
  await prepared?.drop();
});

const placesLeft = async () =>
  (await prepared.db.query<{ remaining: number }>('select remaining from sessions where id = $1', [RUSH.placesSession])).rows[0]?.remaining;

/** Places one order, coming back after a 429 as the page's buyer does (a bounded number of times). */
async function buy(b: Browser, i: number) {
  for (let attempt = 0; ; attempt++) {
    const answer = await b.post('/api/order/create', placeOrderBody(prepared.day, prepared.placesTime, i));
    if (answer.status !== 429 || attempt === 20) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
  }
}

describe('three instances on one database', () => {
  const held: string[] = [];

  it('a rush spread over the three sells exactly the capacity: 150 buyers, 100 places', async () => {
    const next = roundRobin(urls);
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => buy(browser(next), i)));
    const sold = answers.filter((a) => a.status === 200);
    // The rest are told "sold out", or, on a machine too busy to serve them within their patience, "try again".
    const others = answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${String(a.body.errorCode)}`);
    expect(others.filter((o) => o !== '409 -1010' && o !== '429 -1029')).toEqual([]);
    expect(sold).toHaveLength(100);
    held.push(...sold.map((a) => String(a.body.hash)));
    expect(await placesLeft()).toBe(0);
    expect(await brokenInvariants(prepared.db)).toEqual([]);
  });

  it('CSRF tokens, captcha challenges and staff sessions of one instance are good on every other', async () => {
    const [a, b, c] = urls as [string, string, string];
    const onA = browser(() => a);
    const token = await onA.token();
    for (const url of [b, c]) {
      const viewed = await browser(() => url).post('/api/order/view', { hash: held[0], lang: 'ru' }, { 'x-csrf-token': token });
      expect(viewed.status, viewed.text).toBe(200);
    }
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const url of urls)
      expect((await browser(() => url).post('/api/order/view', { hash: held[0], lang: 'ru' }, { 'x-csrf-token': forged })).status).toBe(
        403,
      );

    // A challenge issued by A, checked on B and C. Its answer is only in the picture, so the test
    // replaces the stored HMAC with that of an answer it knows, keyed by the secret the instances share.
    const { sid } = (await onA.get('/api/captcha')).body as { sid: string };
    const secret = (await prepared.db.query<{ secret: string }>('select secret from app_secret')).rows[0]?.secret ?? '';
    const hash = createHmac('sha256', secret).update(`captcha:${sid}:K7WQ2`).digest('base64url');
    expect((await prepared.db.query('update captcha_challenges set answer_hash = $2 where sid = $1', [sid, hash])).rowCount).toBe(1);
    expect((await browser(() => b).post('/api/captcha/check', { sid, code: 'k7wq2' })).body).toBe(true);
    expect((await browser(() => c).post('/api/captcha/check', { sid, code: 'K7WQ2' })).body).toBe(true);
    // A wrong answer on C uses it up for every instance.
    expect((await browser(() => c).post('/api/captcha/check', { sid, code: 'WRONG' })).body).toBe(false);
    expect((await browser(() => a).post('/api/captcha/check', { sid, code: 'K7WQ2' })).body).toBe(false);

    // A member of staff signs in on A; B and C know the session; signing out on C ends it everywhere.
    const member = await addStaffMember(
      prepared.db,
      { email: 'door@venue.test', name: 'Door', role: 'controller', password: TEST_PASSWORD },
      { staffId: null, ip: 'cli', userAgent: null },
      { now: Date.now, cost: TEST_SCRYPT_COST },
    );
    const staff = browser(roundRobin(urls));
    const signedIn = await staff.post('/api/admin/session', { email: member.email, password: TEST_PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(200);
    for (let i = 0; i < 3; i++) expect((await staff.get('/api/admin/me')).status).toBe(200);
    // A staff call's CSRF token is one fetched with that session's cookie (on any instance).
    const signOut = browser(() => c);
    const bound = String((await signOut.get('/api/token', { cookie: staff.cookie() ?? '' })).body.token);
    expect((await signOut.delete('/api/admin/session', { cookie: staff.cookie() ?? '', 'x-csrf-token': bound })).status).toBe(200);
    for (const url of [a, b]) expect((await browser(() => url).get('/api/admin/me', { cookie: staff.cookie() ?? '' })).status).toBe(401);
  });

  it('expiry on three instances releases each lapsed reservation once', async () => {
    const lapsed = held.slice(60);
    await prepared.db.query(`update orders set reserved_until = now() - interval '1 second' where hash = any($1::text[])`, [lapsed]);
    await until(
      'the lapsed orders to be released',
      async () => {
        const { rows } = await prepared.db.query<{ n: number }>(
          'select count(*)::int as n from orders where hash = any($1::text[]) and released_at is null',
          [lapsed],
        );
        return rows[0]?.n === 0;
      },
      40_000,
    );
    expect(await placesLeft()).toBe(lapsed.length);
    const { rows } = await prepared.db.query<{ status: number; n: number }>(
      'select status, count(*)::int as n from orders group by status order by status',
    );
    expect(rows).toEqual([
      { status: 20, n: 60 },
      { status: 90, n: 40 },
    ]);
    expect(await brokenInvariants(prepared.db)).toEqual([]);
  });

  it('payments taken across instances are mailed once each by the three outbox workers', async () => {
    const paying = held.slice(0, 20);
    const next = roundRobin(urls);
    await Promise.all(
      paying.map(async (hash) => {
        const b = browser(next);
        const paid = await b.post('/api/order/pay', { hash, lang: 'ru', bank_data: { id: 1 } });
        expect(paid.status, paid.text).toBe(200);
        // The bank's page is served by whichever instance the balancer picks.
        const done = await b.form(`/sandbox/pay/${sandboxPaymentId(paid.body)}/complete`, { choice: 'pay' });
        expect(done.status, done.text).toBe(303);
      }),
    );
    const { rows: orders } = await prepared.db.query<{ email: string }>(
      'select email from orders where hash = any($1::text[]) and status = 30',
      [paying],
    );
    expect(orders).toHaveLength(20);
    await until(
      'the outbox to be sent',
      async () => {
        const { rows } = await prepared.db.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null');
        return rows[0]?.n === 0;
      },
      40_000,
    );
    const { rows: outbox } = await prepared.db.query<{ to_address: string }>(
      `select to_address from mail_outbox where dedupe_key like 'order-paid:%'`,
    );
    expect(outbox).toHaveLength(20);
    // Each row is marked sent after its delivery, so once all are marked, what arrived is final.
    const received = smtp.received.map((m) => m.to.join(',')).sort();
    expect(received).toEqual(orders.map((o) => o.email).sort());
    expect(await brokenInvariants(prepared.db)).toEqual([]);
  });
});
