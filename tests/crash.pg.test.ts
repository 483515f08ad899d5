import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { placeOrderBody, RUSH } from '../bench/lib/catalog.ts';
import { createCheckinService } from '../server/checkin/checkin.service.ts';
import { moscowDay } from '../server/checkin/checkin-test-kit.ts';
import { sandboxKey, signSandboxNotification } from '../server/payments/sandbox/sandbox-bank.ts';
import { brokenInvariants } from './invariants.ts';
import {
  type Browser,
  type Prepared,
  browser,
  instanceEnv,
  prepareDatabase,
  sandboxPaymentId,
  startInstances,
  stopInstance,
  until,
} from './instances.ts';
import { plainText, startSmtp } from './smtp.ts';
import type { SpawnedServer } from './spawn-server.ts';

// The app process dies (SIGKILL: no shutdown hook, requests cut mid-way) in the middle of a burst
// of order creations, payments, returns and check-ins on a real PostgreSQL server. After a restart
// the books must agree (tests/invariants.ts), every outbox message must arrive, the bank's
// notifications sent again must change nothing, and the door must admit each ticket once.

const SECRET = 'crash-test-secret-'.padEnd(48, 'x');
const DEVICE = 'crash-door-0001';

let prepared: Prepared;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: SpawnedServer | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  prepared = await prepareDatabase(inject('pgUrl'), 'crash');
  smtp = await startSmtp();
  env = instanceEnv(prepared.url, { SMTP_URL: smtp.url, SECRET });
  [server] = await startInstances(1, env);
}, 120_000);

afterAll(async () => {
  if (server) await stopInstance(server);
  await smtp?.close();
  await prepared?.drop();
});

const one = () => server?.url ?? '';
let buyerNo = 0;

/** An order of `quantity` places of the big session; its hash. */
async function order(b: Browser, quantity: number): Promise<string> {
  const body = placeOrderBody(prepared.day, prepared.bigTime, ++buyerNo);
  const answer = await b.post('/api/order/create', { ...body, data: body.data.map((d) => ({ ...d, quantity })) });
  if (answer.status !== 200) throw new Error(`order: ${answer.status} ${answer.text}`);
  return String(answer.body.hash);
}

/** Pays an order by card at the sandbox bank (the visitor presses pay). */
async function payAtBank(b: Browser, hash: string): Promise<void> {
  const paid = await b.post('/api/order/pay', { hash, lang: 'ru', bank_data: { id: 1 } });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.text}`);
  const done = await b.form(`/sandbox/pay/${sandboxPaymentId(paid.body)}/complete`, { choice: 'pay' });
  if (done.status !== 303) throw new Error(`bank: ${done.status} ${done.text}`);
}

/**
 * The confirmation code of the return link mailed for an order: read from the mail the SMTP
 * server received (a sent message's row keeps no text), or from the outbox while it waits there.
 */
async function mailedConfirmation(hash: string): Promise<string | undefined> {
  const link = new RegExp(`${hash}\\?hash_conf=([\\w-]+)`);
  for (let tries = 0; tries < 300; tries += 1) {
    const { rows } = await prepared.db.query<{ text_body: string }>(
      `select m.text_body from mail_outbox m join return_requests r on m.dedupe_key = 'return-request:' || r.id
         join orders o on o.id = r.order_id where o.hash = $1 order by r.id desc limit 1`,
      [hash],
    );
    const found = [rows[0]?.text_body ?? '', ...smtp.received.map((mail) => plainText(mail.raw))]
      .map((text) => link.exec(text)?.[1])
      .find(Boolean);
    if (found) return found;
    // The message is between the outbox and the SMTP server: wait for it to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** Returns the first ticket of a paid order: the request, then the e-mailed link's confirmation. */
async function returnOne(b: Browser, hash: string): Promise<void> {
  const view = await b.post(`/api/order/return/${hash}`, { hash, lang: 'ru' });
  const rows = (view.body.response as { rows?: { id: number }[] } | undefined)?.rows ?? [];
  if (!rows[0]) throw new Error(`return page: ${view.status} ${view.text}`);
  const asked = await b.post('/api/order/return-create', { hash, lang: 'ru', reason: 1, id: [rows[0].id], consent: true });
  if (asked.status !== 200) throw new Error(`return-create: ${asked.status} ${asked.text}`);
  const hashConf = await mailedConfirmation(hash);
  if (!hashConf) throw new Error('no confirmation link mailed');
  const confirmed = await b.post('/api/order/return-confirm', { hash, lang: 'ru', hashConf, consent: true });
  if (confirmed.status !== 200) throw new Error(`return-confirm: ${confirmed.status} ${confirmed.text}`);
}

const scan = (b: Browser, key: string, code: string) =>
  b.post('/api/checkin/scan', { code, deviceId: DEVICE, sessionIds: [RUSH.bigSession], lang: 'ru' }, { authorization: `Bearer ${key}` });

it('a SIGKILL mid-burst leaves every order whole, each place held once, each mail and notification applied once', async () => {
  const b = browser(one);
  const key = (
    await createCheckinService({ db: prepared.db, now: Date.now, timeZone: 'Europe/Moscow' }).createDevice(
      { name: 'Вход А', validFrom: moscowDay(Date.now(), -1), validTo: moscowDay(Date.now(), 29) },
      null,
    )
  ).key;

  // Before the burst: paid orders whose tickets the burst returns or scans.
  const toReturn: string[] = [];
  const toScan: string[] = [];
  for (let i = 0; i < 16; i++) {
    const hash = await order(b, 2);
    await payAtBank(b, hash);
    (i % 2 ? toScan : toReturn).push(hash);
  }
  const { rows: codeRows } = await prepared.db.query<{ code: string }>(
    'select t.code from tickets t join orders o on o.id = t.order_id where o.hash = any($1::text[]) order by t.id',
    [toScan],
  );
  const codes = codeRows.map((r) => r.code);

  // The burst: four kinds of work at once, each worker until its call fails (the process is gone).
  let created = 0;
  let returned = 0;
  const admitted: string[] = [];
  const cut = (error: unknown) => {
    if (!(error instanceof TypeError)) throw error; // fetch failed: the process died mid-call
  };
  const workers = [
    ...Array.from({ length: 6 }, async () => {
      for (;;) {
        const hash = await order(b, 1 + (created % 3));
        created += 1;
        if (created % 2) await payAtBank(b, hash);
      }
    }),
    ...[0, 1].map(async (lane) => {
      for (const hash of toReturn.filter((_, i) => i % 2 === lane)) {
        await returnOne(b, hash);
        returned += 1;
      }
    }),
    ...[0, 1].map(async (lane) => {
      // Two doors scan the same codes: each ticket must pass once.
      for (const code of lane ? [...codes].reverse() : codes) {
        const verdict = await scan(b, key, code);
        if ((verdict.body as { verdict?: string }).verdict === 'admitted') admitted.push(code);
      }
    }),
  ].map((w) => w.catch(cut));

  // Killed once every kind of work has done some and has more to do.
  await until('the burst to be under way', async () => created >= 12 && returned >= 3 && admitted.length >= 4, 30_000, 20);
  server?.child.kill('SIGKILL');
  await server?.exited;
  await Promise.all(workers);

  // What the dead process had claimed stays leased to it (mail 5 minutes, refunds 5 minutes);
  // the test cannot wait that long, so the leases end now, as they would have by then.
  const { rows: inFlight } = await prepared.db.query<{ id: number }>(
    'select id from mail_outbox where sent_at is null and locked_until > now()',
  );
  await prepared.db.query('update mail_outbox set locked_until = null where sent_at is null');
  await prepared.db.query(`update refunds set next_attempt_at = now() where status = 'pending'`);

  [server] = await startInstances(1, env);

  // The bank sends every finished payment's notification again (it would, not having seen our
  // answer): those lost in the crash are applied now, the others change nothing.
  const bank = await prepared.db.query<{
    id: string;
    merchant_ref: string;
    status: 'paid' | 'declined';
    amount: number;
    decline_reason: string | null;
  }>(`select id, merchant_ref, status, amount, decline_reason from sandbox_acquirer_payments where status in ('paid', 'declined')`);
  const notify = () =>
    Promise.all(
      bank.rows.map(async (p) => {
        const body = signSandboxNotification(sandboxKey(SECRET), {
          event_id: `${p.id}:${p.status}`,
          payment_id: p.id,
          order_ref: p.merchant_ref,
          status: p.status,
          amount: p.amount,
          reason: p.decline_reason ?? '',
        });
        const answer = await fetch(`${one()}/payments/notify/sandbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(answer.status).toBe(200);
      }),
    );
  await notify();
  await until(
    'refunds and mail to be done',
    async () => {
      const { rows } = await prepared.db.query<{ n: number }>(
        `select (select count(*) from refunds where status = 'pending') + (select count(*) from mail_outbox where sent_at is null) as n`,
      );
      return Number(rows[0]?.n) === 0;
    },
    40_000,
  );

  const books = async () =>
    (
      await prepared.db.query(
        `select (select json_agg(json_build_object('id', id, 'status', status, 'paid', paid_at) order by id) from orders) as orders,
                (select count(*) from payment_notifications) as notifications, (select count(*) from mail_outbox) as mails,
                (select count(code) from tickets) as codes, (select sum(remaining) from sessions) as remaining,
                (select json_agg(json_build_object('id', id, 'status', status) order by id) from payments) as payments`,
      )
    ).rows[0];
  const before = await books();
  await notify();
  expect(await books()).toEqual(before);

  expect(await brokenInvariants(prepared.db)).toEqual([]);
  const { rows: states } = await prepared.db.query<{ paid: number; bank_paid: number }>(
    `select (select count(*)::int from orders where status = 30) as paid, (select count(*)::int from sandbox_acquirer_payments where status = 'paid') as bank_paid`,
  );
  expect(states[0]?.paid).toBe(states[0]?.bank_paid);

  // Every outbox message arrived; one arrived twice only if the dead process had sent it without
  // recording it, and then under the same Message-ID.
  const { rows: outbox } = await prepared.db.query<{ id: number }>('select id from mail_outbox order by id');
  const arrivals = new Map<number, number>();
  for (const mail of smtp.received) {
    const id = Number(/^message-id:\s*<outbox\.(\d+)\./im.exec(mail.raw)?.[1]);
    arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
  }
  expect([...arrivals.keys()].sort((x, y) => x - y)).toEqual(outbox.map((r) => r.id));
  const twice = [...arrivals].filter(([, n]) => n > 1).map(([id]) => id);
  expect(twice.filter((id) => !inFlight.some((r) => r.id === id))).toEqual([]);

  // The door: each ticket admitted at most once before the crash, and after it every one of them
  // is already used, whichever was admitted.
  expect(new Set(admitted).size).toBe(admitted.length);
  const { rows: used } = await prepared.db.query<{ n: number }>('select count(*)::int as n from checkins');
  expect(used[0]?.n).toBeGreaterThanOrEqual(admitted.length);
  for (const code of codes) {
    const again = await scan(browser(one), key, code);
    expect(['admitted', 'already-used']).toContain((again.body as { verdict?: string }).verdict);
  }
  const { rows: after } = await prepared.db.query<{ n: number }>('select count(*)::int as n from checkins');
  expect(after[0]?.n).toBe(codes.length);
  expect(returned).toBeLessThan(toReturn.length);
}, 120_000);

/** The broken invariants of the books after `sql`, which is then rolled back. */
async function brokenAfter(sql: string): Promise<string[]> {
  let broken: string[] = [];
  await prepared.db
    .transaction(async (tx) => {
      await tx.query(sql);
      broken = await brokenInvariants(tx);
      throw new Error('roll back');
    })
    .catch((error: unknown) => {
      if ((error as Error).message !== 'roll back') throw error;
    });
  return broken;
}

it('the invariant checks catch each kind of damage to those books', async () => {
  expect(await brokenInvariants(prepared.db)).toEqual([]);
  const cases: [string, string][] = [
    ['session stock equals', `update sessions set remaining = remaining - 1 where id = ${RUSH.bigSession}`],
    ['order totals equal', `update orders set total = total + 1 where id = (select min(id) from orders)`],
    [
      'one ticket per place',
      `delete from tickets where id = (select max(t.id) from tickets t where not exists (select 1 from checkins c where c.ticket_id = t.id) and not exists (select 1 from return_request_tickets r where r.ticket_id = t.id))`,
    ],
    ['a canceled order is released', `update orders set released_at = now() where id = (select min(id) from orders where status = 30)`],
    ['a paid order has one succeeded payment', `update orders set status = 30 where id = (select min(id) from orders where status = 20)`],
    [
      'the sandbox bank agrees',
      `update sandbox_acquirer_payments set refunded = refunded + 1 where id = (select min(id) from sandbox_acquirer_payments where status = 'paid')`,
    ],
    ['returned places equal returned tickets', `update tickets set status = 70 where id = (select min(id) from tickets where status = 0)`],
    [
      'only tickets of paid orders were admitted',
      `update checkins set session_id = ${RUSH.placesSession} where ticket_id = (select min(ticket_id) from checkins)`,
    ],
    [
      'ticket e-mail queued once',
      `delete from mail_outbox where id = (select min(id) from mail_outbox where dedupe_key like 'order-paid:%')`,
    ],
  ];
  for (const [name, sql] of cases) expect((await brokenAfter(sql)).join('\n'), sql).toContain(name);
});
