import { type Log, createLog, postAsBuyer } from '../lib/calls.ts';
import { RUSH, placeOrderBody, rushCatalog, seatOrderBody } from '../lib/catalog.ts';
import { type Buyer, type Client, createClient, json } from '../lib/http.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { Cell, TargetCheck } from '../lib/report.ts';
import { clusterCpuMs } from '../lib/cpu.ts';
import { clusterPostmasterPid } from '../lib/pg.ts';
import { PG_DIAGNOSTICS, pgDiagnostics } from '../lib/pg-diagnostics.ts';
import { DB_LABEL, type DbKind, type Running, startStorefront } from '../lib/server.ts';
import { latencySummary, maxOf, round } from '../lib/stats.ts';

const BUYERS = Number(process.env.BENCH_RUSH_BUYERS ?? 1000);
const SUSTAINED_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 8);
/** Nobody keeps retrying for ever: a buyer still refused after this gives up. */
const PATIENCE_MS = 60_000;
const ORDERS_PER_SECOND_TARGET = 1000;

type Scenario = {
  db: DbKind;
  name: string;
  buyers: number;
  sold: number;
  ordersPerSecond: number;
  soldOutMs: number | null;
  allAnsweredMs: number;
  create: ReturnType<typeof latencySummary>;
  sales: ReturnType<typeof latencySummary>;
  refused429: number;
  serverErrors: number;
  noAnswer: number;
  codes: Record<string, number>;
  check: { passed: boolean; text: string } | null;
  /** What one order sold cost, whatever the contention: CPU ms of each process, SQL statements. */
  perOrder: PerOrder;
};

/** benchCpuMsPerCall: the generator's CPU per HTTP request it sent (retries and map reloads included), which unlike the figure per order does not grow with the 429s a busy machine causes. */
type PerOrder = {
  serverCpuMs: number | null;
  pgCpuMs: number | null;
  benchCpuMs: number | null;
  benchCpuMsPerCall: number | null;
  statements: number | null;
};
const NO_COST: PerOrder = { serverCpuMs: null, pgCpuMs: null, benchCpuMs: null, benchCpuMsPerCall: null, statements: null };

type Meter = { serverCpuMs: number | null; pgCpuMs: number | null; benchCpuMs: number; requests: number; statements: number | null };

/** Reads the counters a scenario's cost is the difference of. */
async function meter(server: Running, postmaster: number | null, client: Client): Promise<Meter> {
  const usage = process.cpuUsage();
  return {
    serverCpuMs: server.cpuMs(),
    pgCpuMs: postmaster === null ? null : clusterCpuMs(postmaster),
    benchCpuMs: (usage.user + usage.system) / 1000,
    requests: client.requestsSent(),
    statements: await server.statements(),
  };
}

function perOrder(before: Meter, after: Meter, sold: number): PerOrder {
  const per = (a: number | null, b: number | null, digits: number) =>
    a === null || b === null || sold === 0 ? null : round((b - a) / sold, digits);
  const requests = after.requests - before.requests;
  return {
    serverCpuMs: per(before.serverCpuMs, after.serverCpuMs, 2),
    pgCpuMs: per(before.pgCpuMs, after.pgCpuMs, 2),
    benchCpuMs: per(before.benchCpuMs, after.benchCpuMs, 2),
    benchCpuMsPerCall: requests > 0 ? round((after.benchCpuMs - before.benchCpuMs) / requests, 3) : null,
    statements: per(before.statements, after.statements, 1),
  };
}

/** Runs a scenario between two readings of the counters. */
async function measured(server: Running, postmaster: number | null, client: Client, scenario: () => Promise<Scenario>): Promise<Scenario> {
  const diagnostics = PG_DIAGNOSTICS && postmaster !== null ? pgDiagnostics(postmaster) : undefined;
  const snapshot = await diagnostics?.before();
  const before = await meter(server, postmaster, client);
  const result = await scenario();
  const after = await meter(server, postmaster, client);
  if (diagnostics && snapshot) console.log(await diagnostics.after(snapshot, result.sold, result.name));
  return { ...result, perOrder: perOrder(before, after, result.sold) };
}

function codesOf(log: Log) {
  const codes: Record<string, number> = {};
  for (const call of log.calls) {
    const key = `${call.status} ${call.code}`.trim();
    codes[key] = (codes[key] ?? 0) + 1;
  }
  return codes;
}

function summarize(db: DbKind, name: string, log: Log, started: number, finished: number, buyers: number): Scenario {
  const sales = log.calls.filter((c) => c.status === 200);
  const lastSale = maxOf(
    sales.map((c) => c.endedAt),
    started,
  );
  const soldOutMs = sales.length ? lastSale - started : null;
  return {
    db,
    name,
    buyers,
    sold: sales.length,
    ordersPerSecond: soldOutMs ? Math.round((sales.length / soldOutMs) * 1000) : 0,
    soldOutMs: soldOutMs === null ? null : Math.round(soldOutMs),
    allAnsweredMs: Math.round(finished - started),
    create: latencySummary(log.latencies((c) => c.status !== 0)),
    sales: latencySummary(sales.map((c) => c.ms)),
    refused429: log.count((c) => c.status === 429),
    serverErrors: log.count((c) => c.status >= 500),
    noAnswer: log.count((c) => c.status === 0),
    codes: codesOf(log),
    check: null,
    perOrder: NO_COST,
  };
}

/** Runs one buyer on a connection of its own, closed when the buyer is done. */
async function asBuyer(client: Client, act: (buyer: Buyer) => Promise<void>): Promise<void> {
  const buyer = client.buyer();
  try {
    await act(buyer);
  } finally {
    buyer.close();
  }
}

/** 1,000 buyers at once for one session of 100 places, one place each; a refused buyer comes back after Retry-After. */
async function placesRush(client: Client, db: DbKind, day: string, time: string): Promise<Scenario> {
  const log = createLog();
  const started = performance.now();
  const deadline = started + PATIENCE_MS;
  await Promise.all(
    Array.from({ length: BUYERS }, (_, i) =>
      asBuyer(
        client,
        async (buyer) => void (await postAsBuyer(buyer, log, '/api/order/create', placeOrderBody(day, time, i), { deadline })),
      ),
    ),
  );
  return summarize(db, `${BUYERS} buyers, 100 places`, log, started, performance.now(), BUYERS);
}

type SchemeMap = { seat_numbers: { seat_id: number[]; free: number[] }[] };

/** The seats the map shows free now (seat ids are delta-encoded per row). */
async function freeSeats(buyer: Buyer): Promise<number[]> {
  const answer = await buyer.post('/api/scheme', { hash: RUSH.seatsEvent.hash, calendar_id: RUSH.seatsSession, lang: 'ru' });
  if (answer.status !== 200) return [];
  const free: number[] = [];
  for (const row of json<SchemeMap>(answer).seat_numbers) {
    let id = 0;
    row.seat_id.forEach((delta, i) => {
      id += delta;
      if (row.free[i] === 1) free.push(id);
    });
  }
  return free;
}

const pick = <T>(items: readonly T[], n: number): T[] => {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(...pool.splice(Math.floor(Math.random() * pool.length), 1));
  return out;
};

/**
 * 1,000 buyers at once for a hall of 50 seats, two seats each, with overlapping first choices
 * (buyer i wants seats i and 7i+3 modulo 50). A buyer whose seat went reloads the map, as the page
 * does after 'Место недоступно', and takes up to two of the seats still free; one refused with 429
 * comes back after Retry-After.
 */
async function seatsRush(client: Client, db: DbKind): Promise<Scenario> {
  const log = createLog();
  const seats = RUSH.seatIds;
  const started = performance.now();
  const deadline = started + PATIENCE_MS;
  const buyer = async (i: number, connection: Buyer) => {
    let choice = [...new Set([seats[i % seats.length] as number, seats[(i * 7 + 3) % seats.length] as number])];
    for (let attempt = 0; attempt < 20; attempt++) {
      const { call } = await postAsBuyer(connection, log, '/api/order/create-scheme', seatOrderBody(choice, i), { deadline });
      if (call.status !== 409 || call.code !== '-1011') return;
      const free = await freeSeats(connection);
      if (!free.length) return;
      choice = pick(free, 2);
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, (_, i) => asBuyer(client, (connection) => buyer(i, connection))));
  return summarize(db, `${BUYERS} buyers, 50 seats`, log, started, performance.now(), BUYERS);
}

/** 1,000 buyers buying one place after another for a while on a session that never sells out. */
async function sustainedRush(client: Client, db: DbKind, day: string, time: string): Promise<Scenario> {
  const log = createLog();
  const started = performance.now();
  const until = started + SUSTAINED_SECONDS * 1000;
  let n = 0;
  const buyer = async (connection: Buyer) => {
    while (performance.now() < until)
      await postAsBuyer(connection, log, '/api/order/create', placeOrderBody(day, time, n++), { deadline: until });
  };
  await Promise.all(Array.from({ length: BUYERS }, () => asBuyer(client, buyer)));
  const scenario = summarize(db, `${BUYERS} buyers for ${SUSTAINED_SECONDS} s`, log, started, performance.now(), BUYERS);
  const inWindow = log.count((c) => c.status === 200 && c.endedAt <= until);
  return { ...scenario, ordersPerSecond: Math.round(inWindow / SUSTAINED_SECONDS), soldOutMs: null };
}

async function runOn(db: DbKind, log: (line: string) => void): Promise<Scenario[]> {
  const { file, day, placesTime, bigTime } = rushCatalog(new Date());
  log(`rush: starting the storefront on ${DB_LABEL[db]} with the on-sale catalog`);
  const server = await startStorefront({ db, catalog: file });
  const postmaster = db === 'postgres' ? await clusterPostmasterPid() : null;
  const client = createClient(server.url);
  const scenarios: Scenario[] = [];
  let seatsAvailable: boolean;
  try {
    await client.token();
    log(`rush: ${DB_LABEL[db]}: ${BUYERS} buyers for 100 places`);
    scenarios.push(await measured(server, postmaster, client, () => placesRush(client, db, day, placesTime)));
    const sessions = await client.post('/api/scheme/sessions', { hash: RUSH.seatsEvent.hash, lang: 'ru' });
    seatsAvailable = sessions.status === 200;
    if (seatsAvailable) {
      log(`rush: ${DB_LABEL[db]}: ${BUYERS} buyers for 50 seats`);
      scenarios.push(await measured(server, postmaster, client, () => seatsRush(client, db)));
    }
    log(`rush: ${DB_LABEL[db]}: ${BUYERS} buyers buying for ${SUSTAINED_SECONDS} s`);
    scenarios.push(await measured(server, postmaster, client, () => sustainedRush(client, db, day, bigTime)));
  } finally {
    client.close();
  }
  // The count check reads the database itself once the server has stopped.
  const counts = await server.stop(async (q) => {
    const places = await q.query<{ remaining: number; sold: number; orders: number; tickets: number }>(
      `select (select remaining from sessions where id = $1) as remaining,
              (select coalesce(sum(quantity), 0)::int from order_lines where session_id = $1 and not released) as sold,
              (select count(distinct order_id)::int from order_lines where session_id = $1 and not released) as orders,
              (select count(*)::int from tickets t join order_lines l on l.id = t.order_line_id where l.session_id = $1) as tickets`,
      [RUSH.placesSession],
    );
    const seats = await q.query<{ lines: number; distinct_seats: number; remaining: number }>(
      `select count(*)::int as lines, count(distinct seat_id)::int as distinct_seats,
              (select remaining from sessions where id = $1) as remaining
         from order_lines where session_id = $1 and seat_id is not null and not released`,
      [RUSH.seatsSession],
    );
    return { places: places.rows[0], seats: seats.rows[0] };
  });
  const [places, seats] = scenarios;
  if (places && counts?.places) {
    const c = counts.places;
    const passed = c.sold === 100 && c.remaining === 0 && c.orders === places.sold && c.tickets === 100 && places.serverErrors === 0;
    places.check = {
      passed,
      text: `${c.sold} places sold in ${c.orders} orders (${places.sold} answered 200), ${c.tickets} tickets, ${c.remaining} left, ${places.serverErrors} 5xx`,
    };
  }
  if (seatsAvailable && seats && counts?.seats) {
    const c = counts.seats;
    const passed = c.lines === 50 && c.distinct_seats === 50 && c.remaining === 0 && seats.serverErrors === 0;
    seats.check = {
      passed,
      text: `${c.distinct_seats} seats sold on ${c.lines} order lines (no seat twice: ${c.lines === c.distinct_seats}), ${c.remaining} left, ${seats.serverErrors} 5xx`,
    };
  }
  if (!seatsAvailable)
    scenarios.splice(1, 0, {
      ...emptyScenario(db, `${BUYERS} buyers, 50 seats`),
      check: { passed: false, text: 'not available: POST /api/scheme/sessions does not answer (seat map not on this branch)' },
    });
  return scenarios;
}

function emptyScenario(db: DbKind, name: string): Scenario {
  const none = latencySummary([]);
  return {
    db,
    name,
    buyers: BUYERS,
    sold: 0,
    ordersPerSecond: 0,
    soldOutMs: null,
    allAnsweredMs: 0,
    create: none,
    sales: none,
    refused429: 0,
    serverErrors: 0,
    noAnswer: 0,
    codes: {},
    check: null,
    perOrder: NO_COST,
  };
}

export const rush: Part = {
  name: 'rush',
  title: 'The on-sale rush',
  async run(ctx): Promise<PartOutput> {
    const scenarios: Scenario[] = [];
    for (const db of ctx.dbs) scenarios.push(...(await runOn(db, ctx.log)));
    const rows: Cell[][] = scenarios.map((s) => [
      DB_LABEL[s.db],
      s.name,
      s.sold,
      s.ordersPerSecond || null,
      s.soldOutMs,
      s.sales.p50 || null,
      s.sales.p99 || null,
      s.create.p99 || null,
      s.refused429,
      s.serverErrors + s.noAnswer,
      s.perOrder.serverCpuMs,
      s.perOrder.pgCpuMs,
      s.perOrder.statements,
      s.perOrder.benchCpuMs,
      s.perOrder.benchCpuMsPerCall,
      s.check ? `${s.check.passed ? 'ok' : 'FAILED'}: ${s.check.text}` : '—',
    ]);
    const targets: TargetCheck[] = [];
    for (const db of ctx.dbs) {
      const checks = scenarios.filter((s) => s.db === db && s.check);
      const measuredChecks = checks.filter((s) => !s.check?.text.startsWith('not available'));
      targets.push({
        target: `${DB_LABEL[db]}: rush with zero oversell (exactly the capacity sold, no seat twice, no 5xx)`,
        measured: checks.map((s) => `${s.name}: ${s.check?.passed ? 'ok' : s.check?.text}`).join('; '),
        met: measuredChecks.length ? measuredChecks.every((s) => s.check?.passed) && measuredChecks.length === checks.length : null,
      });
    }
    const sustainedPg = scenarios.find((s) => s.db === 'postgres' && s.name.includes(' for '));
    targets.push({
      target: `PostgreSQL: ≥ ${ORDERS_PER_SECOND_TARGET} orders/s in the rush on 2 cores`,
      measured: sustainedPg ? `${sustainedPg.ordersPerSecond} orders/s (${sustainedPg.name})` : 'not measured',
      met: sustainedPg ? sustainedPg.ordersPerSecond >= ORDERS_PER_SECOND_TARGET : null,
    });
    return {
      tables: [
        {
          title: 'On-sale rush: orders/s = places sold / time to the last sale; latency of order creation in ms',
          columns: [
            'database',
            'scenario',
            'orders',
            'orders/s',
            'sold out ms',
            'sale p50',
            'sale p99',
            'any answer p99',
            '429s',
            '5xx/none',
            'server CPU ms/order',
            'PG CPU ms/order',
            'SQL/order',
            'bench CPU ms/order',
            'bench CPU ms/call',
            'count check',
          ],
          rows,
        },
      ],
      targets,
      notes: [
        'Buyers are one process (bench), the server another; every buyer has its own keep-alive connection (raw-socket HTTP/1.1 client, bench/lib/http.ts). A 429 is retried after Retry-After × 0.5–1.5.',
        `sale p99 = order-creation calls that sold; any answer p99 also counts refusals (409 sold out, 409 seat taken, 429).`,
        'Per order sold, over the whole scenario (refusals and map reloads included): server CPU ms = the storefront process (/proc/<pid>/stat user+system); PG CPU ms = every process of the PostgreSQL cluster (postmaster, backends, background workers); SQL/order = statements the server sent (BEGIN/COMMIT included, each one round trip; the server counts them and answers SIGUSR2); bench CPU ms = the load generator (bench CPU ms/call: per HTTP request it sent, refusals, retries and map reloads included; the figure per order grows with the 429s a busy machine causes, this one does not). These do not depend on how busy the machine is.',
      ],
      data: {
        buyers: BUYERS,
        sustainedSeconds: SUSTAINED_SECONDS,
        scenarios: scenarios.map((s) => ({ ...s, create: s.create, sales: s.sales, allAnsweredMs: round(s.allAnsweredMs, 0) })),
      },
    };
  },
};
