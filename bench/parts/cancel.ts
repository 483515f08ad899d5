import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { addStaffMember } from '../../server/admin/staff/staff-accounts.ts';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { testOrder } from '../../server/orders/order-test-kit.ts';
import { placeOrder } from '../../server/orders/orders.service.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { deliverByHttp } from '../../tests/fakes/fake-http.ts';
import { pressAtFake } from '../../tests/fakes/acquirer-test-kit.ts';
import { type TbankFake, startTbankFake } from '../../tests/fakes/tbank-fake.ts';
import { insertMiniCatalog } from '../../tests/fixtures.ts';
import { ONE_ADDRESS_LIMITS_OFF } from '../../tests/spawn-server.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import { sleep } from '../lib/ports.ts';
import type { TargetCheck } from '../lib/report.ts';
import { DB_LABEL, type DbKind, type Running, startStorefront } from '../lib/server.ts';

/**
 * A session of ORDERS paid orders (cards, SBP and Pushkin cards at the T-Bank fake, cash at the
 * desk) cancelled by a manager through the back office's API; the server is killed with SIGKILL
 * once KILL_AT of the orders are settled, started again on the same database, and the job left to
 * finish. Then every paid order must have been refunded exactly once: counted at the bank's fake
 * (its own books, outside our database) and in our database.
 */
const ORDERS = Number(process.env.BENCH_CANCEL_ORDERS ?? 1000);
const KILL_AT = 0.4;
/** Buyers paying at once while the orders are made (the embedded database runs one transaction at a time anyway). */
const PAYING = 4;
const SESSION = 9000;
const CARD = 1;
const QR = 2;
const PUSHKIN = 4;
// Credentials of the local fake only, not of any real terminal.
const TERMINAL = 'BenchCancel';
const TERMINAL_PASSWORD = 'bench-terminal-password';
const PUSHKIN_TERMINAL = 'BenchPushkin';
const PUSHKIN_PASSWORD = 'bench-pushkin-password';
const MANAGER = { email: 'bench-manager@venue.test', password: 'bench password 123' };
const SECRET = 'bench-secret-'.padEnd(40, 'c');
/** The whole run after the confirmation, restart included, may take this long before the part gives up. */
const FINISH_TIMEOUT_MS = 90 * 60_000;

type Kind = 'card' | 'sbp' | 'pushkin' | 'desk';
/** The mix: most pay by card, then SBP, Pushkin cards and cash at the box office. */
function kindOf(i: number): Kind {
  const r = i % 20;
  if (r < 11) return 'card';
  if (r < 15) return 'sbp';
  if (r < 18) return 'pushkin';
  return 'desk';
}

function acquirerEnv(fake: TbankFake): Record<string, string> {
  return {
    PAY_CARD_PROVIDER: 'tbank',
    PAY_QR_PROVIDER: 'tbank',
    PAY_PUSHKIN_PROVIDER: 'tbank',
    TBANK_TERMINAL_KEY: TERMINAL,
    TBANK_PASSWORD: TERMINAL_PASSWORD,
    TBANK_PUSHKIN_TERMINAL_KEY: PUSHKIN_TERMINAL,
    TBANK_PUSHKIN_PASSWORD: PUSHKIN_PASSWORD,
    TBANK_API_URL: fake.apiUrl,
    RECEIPT_TAXATION: 'usn_income',
    DEMO: '0',
  };
}

/** Makes the paid orders through the order engine and the payment API of an app in this process, before the server starts. */
async function makePaidOrders(db: Db, fake: TbankFake, route: { app: FastifyInstance | null }) {
  await insertMiniCatalog(db, { capacity: 3 * ORDERS });
  await db.query(`update sessions set starts_at = $1 where id = ${SESSION}`, [new Date(Date.now() + 20 * 24 * 3600_000)]);
  const member = await addStaffMember(
    db,
    { email: MANAGER.email, name: 'Bench Manager', role: 'manager', password: MANAGER.password },
    { staffId: null, ip: 'cli', userAgent: null },
    { now: Date.now },
  );
  const config = loadConfig({
    ...acquirerEnv(fake),
    ...ONE_ADDRESS_LIMITS_OFF,
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    JOBS: '0',
  });
  const app = await buildApp(config, { db, secret: SECRET });
  route.app = app;
  try {
    const token = (await app.inject({ method: 'GET', url: '/api/token' })).json<{ token: string }>().token;
    const counts: Record<Kind, number> = { card: 0, sbp: 0, pushkin: 0, desk: 0 };
    let next = 0;
    const one = async (i: number) => {
      const kind = kindOf(i);
      const base = testOrder(kind === 'pushkin' ? [{ quantity: 1 }] : [{ quantity: 2 }], new Date());
      const order = await db.transaction((tx) =>
        placeOrder(tx, {
          ...base,
          pushkinCard: kind === 'pushkin',
          buyer: { ...base.buyer, email: `buyer${i}@example.test` },
        }),
      );
      if (kind === 'desk') {
        // As the box office records a cash sale: the channel, the cash in desk_payments, paid by the payment core.
        await db.transaction(async (tx) => {
          await tx.query(`update orders set channel = 'desk', sold_by = $2, sold_by_name = 'Bench Manager' where id = $1`, [
            order.id,
            member.id,
          ]);
          await tx.query(
            `insert into desk_payments (order_id, method, amount, staff_id, created_at) select id, 'cash', total, $2, now() from orders where id = $1`,
            [order.id, member.id],
          );
          if (!(await app.payments.markPaid(tx, order.id, new Date()))) throw new Error(`desk order ${order.id} not paid`);
        });
      } else {
        const methodId = kind === 'card' ? CARD : kind === 'sbp' ? QR : PUSHKIN;
        const pay = await app.inject({
          method: 'POST',
          url: '/api/order/pay',
          payload: { hash: order.hash, lang: 'ru', bank_data: { id: methodId } },
          headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
        });
        if (pay.statusCode !== 200) throw new Error(`pay refused: ${pay.body}`);
        const answer = pay.json<{ bankUrl?: string; form_qr_url?: string }>();
        await pressAtFake(String(answer.bankUrl ?? answer.form_qr_url), 'pay');
      }
      counts[kind] += 1;
    };
    await Promise.all(
      Array.from({ length: PAYING }, async () => {
        while (next < ORDERS) await one(next++);
      }),
    );
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from orders where status = $1', [OrderStatus.paid]);
    if (rows[0]?.n !== ORDERS) throw new Error(`${rows[0]?.n} of ${ORDERS} orders paid`);
    return counts;
  } finally {
    route.app = null;
    await app.close();
  }
}

/** Retries a call the loaded server did not answer (a reset connection); gives up when the server died. */
async function patiently<T>(server: Running, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!server.alive()) throw new Error(`the server died: ${server.stderr()}`, { cause: error });
      if (attempt >= 20) throw error;
      await sleep(1000);
    }
  }
}

/** A member of staff signed in to the running server over HTTP, as the back office's page is. */
async function signIn(url: string) {
  const tokenFor = async (cookie?: string) =>
    ((await (await fetch(`${url}/api/token`, { headers: cookie ? { cookie } : {} })).json()) as { token: string }).token;
  const answer = await fetch(`${url}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': await tokenFor(), 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(MANAGER),
  });
  if (!answer.ok) throw new Error(`sign-in refused: ${answer.status} ${await answer.text()}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = await tokenFor(cookie);
  return {
    async get<T>(path: string): Promise<T> {
      const r = await fetch(`${url}${path}`, { headers: { cookie } });
      if (!r.ok) throw new Error(`GET ${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    },
    async post<T>(path: string, body: unknown): Promise<T> {
      const r = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`POST ${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    },
  };
}

type Status = {
  cancellation: null | {
    finishedAt: string | null;
    progress: { total: number; done: number; failed: number; pending: number };
    refunds: { done: number; pending: number; failed: number; atDesk: number };
    problems: unknown[];
  };
};

/** What the database says once the server stopped: refunds per paid order, and the job's rows. */
async function books(db: Db) {
  const orders = await db.query<{
    id: number;
    channel: string;
    captured: number;
    refunds: number;
    refunded: number;
    outcome: string | null;
  }>(
    `select o.id, o.channel,
       coalesce((select sum(p.amount) from payments p where p.order_id = o.id and p.status = 'succeeded'), 0)::int as captured,
       (select count(*)::int from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id) as refunds,
       coalesce((select sum(r.amount) from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id and r.status = 'done'), 0)::int as refunded,
       (select string_agg(c.outcome, ',') from session_cancellation_orders c where c.order_id = o.id) as outcome
     from orders o order by o.id`,
  );
  const valid = await db.query<{ n: number }>(
    `select count(*)::int as n from tickets t join order_lines l on l.id = t.order_line_id where l.session_id = ${SESSION} and t.status not in (70, 80)`,
  );
  const deskDue = await db.query<{ n: number }>(
    `select count(*)::int as n from session_cancellation_orders where outcome = 'desk' and status = 'done'`,
  );
  return { orders: orders.rows, validTickets: valid.rows[0]?.n ?? -1, deskDue: deskDue.rows[0]?.n ?? -1 };
}

async function measure(dbKind: DbKind, log: (line: string) => void) {
  const route: { app: FastifyInstance | null } = { app: null };
  const fake = await startTbankFake({
    terminals: { [TERMINAL]: TERMINAL_PASSWORD, [PUSHKIN_TERMINAL]: PUSHKIN_PASSWORD },
    // While the orders are made the notifications go to the app in this process; later to the server.
    deliver: async (url, body) => {
      const app = route.app;
      if (!app) return deliverByHttp(url, body);
      const r = await app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as Record<string, unknown> });
      return { status: r.statusCode, body: r.body };
    },
  });
  let server: Running | undefined;
  try {
    let counts: Record<Kind, number> | undefined;
    const madeAt = performance.now();
    server = await startStorefront({
      db: dbKind,
      env: (port) => ({ ...acquirerEnv(fake), PUBLIC_URL: `http://127.0.0.1:${port}` }),
      prepare: async (db) => {
        counts = await makePaidOrders(db, fake, route);
      },
    });
    log(`cancel (${DB_LABEL[dbKind]}): ${ORDERS} paid orders made in ${Math.round((performance.now() - madeAt) / 1000)} s`);
    const running = server;
    let staff = await patiently(running, () => signIn(running.url));
    const preview = await staff.get<{ plan: { fingerprint: string; refund: { orders: number; amount: number } } }>(
      `/api/admin/sessions/${SESSION}/cancel-preview`,
    );
    const confirmedAt = performance.now();
    await staff.post(`/api/admin/sessions/${SESSION}/cancel`, { reason: 'Авария в зале', fingerprint: preview.plan.fingerprint });

    // Killed once KILL_AT of the orders are settled: some rows done, some claimed under a lease, some refunds not sent.
    let doneAtKill = 0;
    for (;;) {
      const status = await patiently(running, () => staff.get<Status>(`/api/admin/sessions/${SESSION}/cancellation`));
      const progress = status.cancellation?.progress;
      if (progress && progress.done >= progress.total * KILL_AT) {
        doneAtKill = progress.done;
        break;
      }
      if (performance.now() - confirmedAt > FINISH_TIMEOUT_MS) throw new Error('the job never got to the kill point');
      await sleep(250);
    }
    await running.kill();
    const killedAt = performance.now();
    log(`cancel (${DB_LABEL[dbKind]}): killed with SIGKILL at ${doneAtKill} of ${ORDERS} settled`);
    await running.restart();
    const restartedAt = performance.now();
    staff = await patiently(running, () => signIn(running.url));
    let last: Status['cancellation'] = null;
    for (;;) {
      last = (await patiently(running, () => staff.get<Status>(`/api/admin/sessions/${SESSION}/cancellation`))).cancellation;
      if (last?.finishedAt && last.refunds.pending === 0) break;
      if (performance.now() - confirmedAt > FINISH_TIMEOUT_MS) throw new Error(`not finished: ${JSON.stringify(last)}`);
      await sleep(500);
    }
    const finishedAt = performance.now();
    const inspected = await running.stop(books);
    server = undefined;
    if (!inspected || !counts || !last) throw new Error('nothing to inspect');

    // The bank's own books: each payment of ours refunded once, in full.
    const atBank = [...fake.payments.values()].filter((p) => p.status !== 'NEW' && p.status !== 'FORM_SHOWED');
    const bankTwice = atBank.filter((p) => p.refunds.length > 1).length;
    const bankNotWhole = atBank.filter((p) => p.refunded !== p.amount).length;
    const web = inspected.orders.filter((o) => o.channel === 'web');
    const dbTwice = web.filter((o) => o.refunds > 1).length;
    const dbNotWhole = web.filter((o) => o.refunds !== 1 || o.refunded !== o.captured).length;
    const desk = inspected.orders.filter((o) => o.channel === 'desk');
    const deskNotDue = desk.filter((o) => o.outcome !== 'desk').length;
    const ok =
      bankTwice === 0 &&
      bankNotWhole === 0 &&
      dbTwice === 0 &&
      dbNotWhole === 0 &&
      deskNotDue === 0 &&
      atBank.length === web.length &&
      inspected.validTickets === 0 &&
      last.progress.failed === 0;
    const s = (ms: number) => Math.round(ms / 100) / 10;
    return {
      dbKind,
      counts,
      doneAtKill,
      toKill: s(killedAt - confirmedAt),
      restart: s(restartedAt - killedAt),
      afterRestart: s(finishedAt - restartedAt),
      total: s(finishedAt - confirmedAt),
      bankPayments: atBank.length,
      bankRefunds: atBank.reduce((n, p) => n + p.refunds.length, 0),
      bankTwice,
      bankNotWhole,
      dbTwice,
      dbNotWhole,
      deskDue: inspected.deskDue,
      deskNotDue,
      validTickets: inspected.validTickets,
      failed: last.progress.failed,
      ok,
    };
  } finally {
    await server?.stop();
    await fake.close();
  }
}

export const cancel: Part = {
  name: 'cancel',
  title: `Cancelling a session of ${ORDERS} paid orders, the server killed with SIGKILL in the middle`,
  async run(ctx): Promise<PartOutput> {
    const results = [];
    for (const dbKind of ctx.dbs) results.push(await measure(dbKind, ctx.log));
    const targets: TargetCheck[] = results.map((r) => ({
      target: `${DB_LABEL[r.dbKind]}: after a kill -9 mid-job every paid order refunded exactly once (at the bank and in the database), desk cash due at the desk`,
      measured: `${r.bankRefunds} refunds at the bank for ${r.bankPayments} paid payments, ${r.bankTwice + r.dbTwice} refunded twice, ${r.bankNotWhole + r.dbNotWhole} not refunded in full, ${r.deskDue} desk orders due, ${r.validTickets} tickets still valid, ${r.failed} failed`,
      met: r.ok,
    }));
    return {
      tables: [
        {
          title: `${ORDERS} paid orders of one session (card, SBP, Pushkin card at the T-Bank fake; cash at the desk)`,
          columns: [
            'database',
            'card / SBP / Pushkin / desk',
            'settled at the kill',
            'confirm → kill s',
            'restart s',
            'restart → all refunded s',
            'confirm → all refunded s',
            'refunded twice',
          ],
          rows: results.map((r) => [
            DB_LABEL[r.dbKind],
            `${r.counts.card} / ${r.counts.sbp} / ${r.counts.pushkin} / ${r.counts.desk}`,
            r.doneAtKill,
            r.toKill,
            r.restart,
            r.afterRestart,
            r.total,
            r.bankTwice + r.dbTwice,
          ]),
        },
      ],
      targets,
      notes: [
        'The orders are made before the server starts, through the order engine and the pay call of an app in the bench process (the bank fake holds the payments); the cancellation is confirmed and followed through the back office API of the server process.',
        'After the kill, the rows the dead process had claimed come back when their lease (2 min) ends, and a refund recorded but not sent goes out with the refunds job (every minute): both are in "restart → all refunded".',
      ],
      data: { results },
    };
  },
};
