import { createLog } from '../lib/calls.ts';
import { placeOrderBody, rushCatalog } from '../lib/catalog.ts';
import { type Buyer, type Client, createClient } from '../lib/http.ts';
import { admissionLimits } from '../lib/limits.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import { sleep } from '../lib/ports.ts';
import type { Cell, TargetCheck } from '../lib/report.ts';
import { DB_LABEL, type DbKind, startStorefront } from '../lib/server.ts';
import { nginxAvailable, startNginx } from '../lib/nginx.ts';
import { latencySummary } from '../lib/stats.ts';

const SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 8);
const FACTOR = 10;
/** Our reading of 'quickly' for a refusal. */
const REFUSAL_P99_TARGET_MS = 100;
const ADMITTED_P99_FACTOR_TARGET = 2;
/** The most requests the generator keeps open at once; arrivals beyond it are counted, not sent. */
const GENERATOR_LIMIT = 8000;
/**
 * A buyer of an on-sale rush has the event page open when the sale starts: the browser loaded it
 * over a keep-alive connection the server holds for 72 s, and the order goes over that connection.
 * So by default a new buyer takes a connection an earlier buyer left open (the generator cannot
 * hold one per arrival: 50,000 in a run) or opens one when none is free.
 * BENCH_OVERLOAD_NEW_CONNECTIONS=1: every new buyer opens a new connection and closes it after
 * the answer (a visitor whose connection timed out; the kernel's accept queue then decides).
 */
const REUSE_CONNECTIONS = process.env.BENCH_OVERLOAD_NEW_CONNECTIONS !== '1';

type Result = {
  db: DbKind;
  limits: ReturnType<typeof admissionLimits>;
  capacity: { ordersPerSecond: number; sale: ReturnType<typeof latencySummary>; refused: number; sales: number };
  overload: {
    targetRate: number;
    offeredRate: number;
    notSent: number;
    ordersPerSecond: number;
    sale: ReturnType<typeof latencySummary>;
    refusal: ReturnType<typeof latencySummary>;
    refused: number;
    serverErrors: number;
    noAnswer: number;
    /** Why the unanswered got no answer (error code or message → count). */
    failures: Record<string, number>;
  };
  /** The same 10× through nginx (deploy/nginx/, admission capacity = the orders/s at capacity); null without nginx. */
  viaNginx: Result['overload'] | null;
  /** Order answers 200 in all phases against the orders the database holds after, and the places sold against the session's. */
  books: { answered200: number; ordersInDb: number; oversold: boolean } | null;
};

/** The server at its capacity: as many buyers as it admits at once, each buying again as soon as it is answered. */
async function atCapacity(client: Client, buyers: number, body: (i: number) => unknown) {
  const log = createLog();
  const until = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      const buyer = client.buyer();
      try {
        while (performance.now() < until) {
          const started = performance.now();
          const answer = await buyer.post('/api/order/create', body(n++)).catch(() => undefined);
          log.add(answer, performance.now() - started);
        }
      } finally {
        buyer.close();
      }
    }),
  );
  const sales = log.calls.filter((c) => c.status === 200 && c.endedAt <= until);
  return {
    ordersPerSecond: Math.round(sales.length / SECONDS),
    sale: latencySummary(sales.map((c) => c.ms)),
    refused: log.count((c) => c.status === 429),
    sales: log.count((c) => c.status === 200),
  };
}

/** New buyers arriving at a fixed rate whatever the server does (an open loop), each trying once (on a kept connection unless BENCH_OVERLOAD_NEW_CONNECTIONS=1). */
async function overloaded(client: Client, rate: number, body: (i: number) => unknown) {
  const log = createLog();
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let sent = 0;
  let notSent = 0;
  const failures: Record<string, number> = {};
  const idle: Buyer[] = [];
  const leave = (buyer: Buyer) => (REUSE_CONNECTIONS ? idle.push(buyer) : buyer.close());
  while (performance.now() < until) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate) - sent - notSent;
    for (let k = 0; k < due; k++) {
      if (pending.size >= GENERATOR_LIMIT) {
        notSent++;
        continue;
      }
      const t0 = performance.now();
      const i = sent++;
      const buyer = idle.pop() ?? client.buyer();
      const p: Promise<void> = buyer.post('/api/order/create', body(i)).then(
        (answer) => {
          leave(buyer);
          log.add(answer, performance.now() - t0);
        },
        (error: Error & { code?: string }) => {
          buyer.close();
          log.add(undefined, performance.now() - t0);
          const reason = error.code ?? error.message;
          failures[reason] = (failures[reason] ?? 0) + 1;
        },
      );
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
    await sleep(2);
  }
  await Promise.all(pending);
  const sales = log.calls.filter((c) => c.status === 200);
  const refusals = log.calls.filter((c) => c.status === 429);
  return {
    targetRate: Math.round(rate),
    offeredRate: Math.round(sent / SECONDS),
    notSent,
    ordersPerSecond: Math.round(log.count((c) => c.status === 200 && c.endedAt <= until) / SECONDS),
    sale: latencySummary(sales.map((c) => c.ms)),
    refusal: latencySummary(refusals.map((c) => c.ms)),
    refused: refusals.length,
    serverErrors: log.count((c) => c.status >= 500),
    noAnswer: log.count((c) => c.status === 0),
    failures,
  };
}

async function runOn(db: DbKind, log: (line: string) => void): Promise<Result> {
  const { file, day, bigTime } = rushCatalog(new Date());
  const limits = admissionLimits(db);
  log(`overload: starting the storefront on ${DB_LABEL[db]} (admission: ${limits.concurrency} at once, ${limits.queue} waiting)`);
  const server = await startStorefront({ db, catalog: file });
  const client = createClient(server.url);
  try {
    await client.token();
    // Bodies serialized beforehand: the generator shares the cores with the server it loads.
    const bodies = Array.from({ length: 4096 }, (_, i) => Buffer.from(JSON.stringify(placeOrderBody(day, bigTime, i))));
    const body = (i: number) => bodies[i % bodies.length];
    log(`overload: ${DB_LABEL[db]}: at capacity, ${limits.inFlight} buyers for ${SECONDS} s`);
    const capacity = await atCapacity(client, limits.inFlight, body);
    const rate = Math.max(1, capacity.ordersPerSecond) * FACTOR;
    log(`overload: ${DB_LABEL[db]}: ${FACTOR}× capacity, ${rate} new buyers a second for ${SECONDS} s`);
    const overload = await overloaded(client, rate, body);
    let viaNginx: Result['overload'] | null = null;
    if (nginxAvailable()) {
      // nginx admits new buyers at the orders/s the server reached at capacity; the generator is
      // one address, so the per-address order limit is lifted for it.
      const nginx = await startNginx({
        upstream: new URL(server.url).host,
        ratePerSecond: capacity.ordersPerSecond,
        perAddressPerMinute: 6_000_000,
      });
      const behind = createClient(nginx.url);
      try {
        await behind.token();
        log(`overload: ${DB_LABEL[db]}: ${FACTOR}× capacity through nginx (admission ${capacity.ordersPerSecond}/s)`);
        viaNginx = await overloaded(behind, rate, body);
      } finally {
        behind.close();
        nginx.stop();
      }
    } else log('overload: nginx is not installed (apt-get install nginx-light): no run through nginx');
    const answered200 = capacity.sales + overload.sale.count + (viaNginx ? viaNginx.sale.count : 0);
    client.close();
    const books = await server.stop(async (d) => {
      const orders = await d.query<{ n: number }>('select count(*)::int as n from orders');
      const sessions = await d.query<{ n: number }>('select count(*)::int as n from sessions where remaining < 0');
      return { answered200, ordersInDb: orders.rows[0]?.n ?? -1, oversold: (sessions.rows[0]?.n ?? 0) > 0 };
    });
    return { db, limits, capacity, overload, viaNginx, books: books ?? null };
  } catch (error) {
    client.close();
    await server.stop();
    throw error;
  }
}

/** A 10× run's row of the table. */
function phaseRow(db: string, load: string, phase: Result['overload'], capacityP99: number): Cell[] {
  return [
    db,
    load,
    `${phase.offeredRate}/s of ${phase.targetRate}/s`,
    phase.ordersPerSecond,
    phase.sale.p50,
    phase.sale.p99,
    phase.refused,
    phase.refusal.p50,
    phase.refusal.p99,
    `${(phase.sale.p99 / Math.max(0.1, capacityP99)).toFixed(2)}×`,
    phase.serverErrors + phase.noAnswer,
  ];
}

/** The two targets of a 10× run: quick refusals without 5xx, and admitted buyers near the p99 at capacity. */
function phaseTargets(label: string, phase: Result['overload'], capacityP99: number): TargetCheck[] {
  const ratio = phase.sale.p99 / Math.max(0.1, capacityP99);
  return [
    {
      target: `${label}, the excess gets 429 quickly (p99 ≤ ${REFUSAL_P99_TARGET_MS} ms), no 5xx`,
      measured: `${phase.refused} refused, p99 ${phase.refusal.p99} ms; ${phase.serverErrors} 5xx, ${phase.noAnswer} unanswered`,
      met: phase.refused > 0 && phase.refusal.p99 <= REFUSAL_P99_TARGET_MS && phase.serverErrors === 0 && phase.noAnswer === 0,
    },
    {
      target: `${label}, admitted buyers' p99 within ${ADMITTED_P99_FACTOR_TARGET}× the p99 at capacity`,
      measured: `${phase.sale.p99} ms vs ${capacityP99} ms (${ratio.toFixed(2)}×)`,
      met: phase.sale.count > 0 && ratio <= ADMITTED_P99_FACTOR_TARGET,
    },
  ];
}

export const overload: Part = {
  name: 'overload',
  title: 'The rush at 10 times the server’s capacity (admission control)',
  async run(ctx): Promise<PartOutput> {
    const results: Result[] = [];
    for (const db of ctx.dbs) results.push(await runOn(db, ctx.log));
    const rows: Cell[][] = results.flatMap((r) => [
      [
        DB_LABEL[r.db],
        `at capacity (${r.limits.inFlight} buyers)`,
        null,
        r.capacity.ordersPerSecond,
        r.capacity.sale.p50,
        r.capacity.sale.p99,
        r.capacity.refused,
        null,
        null,
        null,
        null,
      ],
      phaseRow(DB_LABEL[r.db], `${FACTOR}× capacity`, r.overload, r.capacity.sale.p99),
      ...(r.viaNginx ? [phaseRow(DB_LABEL[r.db], `${FACTOR}× capacity through nginx`, r.viaNginx, r.capacity.sale.p99)] : []),
    ]);
    const targets: TargetCheck[] = results.flatMap((r) => [
      ...phaseTargets(`${DB_LABEL[r.db]}: at 10× capacity`, r.overload, r.capacity.sale.p99),
      ...(r.viaNginx ? phaseTargets(`${DB_LABEL[r.db]}: through nginx, at 10× capacity`, r.viaNginx, r.capacity.sale.p99) : []),
      ...(r.books
        ? [
            {
              target: `${DB_LABEL[r.db]}: no order lost, no oversell`,
              measured: `${r.books.answered200} orders answered 200, ${r.books.ordersInDb} in the database; ${r.books.oversold ? 'a session oversold' : 'no session below 0 places'}`,
              met: r.books.ordersInDb >= r.books.answered200 && !r.books.oversold,
            },
          ]
        : []),
    ]);
    return {
      tables: [
        {
          title: `Overload: ${SECONDS} s each; new buyers arrive at ${FACTOR}× the orders/s measured at capacity; latency in ms`,
          columns: [
            'database',
            'load',
            'offered',
            'orders/s',
            'sale p50',
            'sale p99',
            '429s',
            '429 p50',
            '429 p99',
            'sale p99 vs capacity',
            '5xx/none',
          ],
          rows,
        },
      ],
      targets,
      notes: [
        'Admission control (server/security/admission.ts): ORDER_CONCURRENCY order creations run at once, ORDER_QUEUE wait; the rest get 429 -1029 with Retry-After at once.',
        'Through nginx: the shipped deploy/nginx/ config (Debian nginx) with the admission rate set to the orders/s measured at capacity; beyond it nginx answers 429 with Retry-After without the app. The per-address order limit is lifted: the generator is one address.',
        REUSE_CONNECTIONS
          ? 'At capacity every buyer keeps one keep-alive connection; at 10× a new buyer (a visitor with the page open) takes a connection an earlier buyer left open, or opens one when none is free (raw-socket HTTP/1.1 client, bench/lib/http.ts).'
          : 'At capacity every buyer keeps one keep-alive connection; at 10× (BENCH_OVERLOAD_NEW_CONNECTIONS=1) every new buyer opens a new connection, sends one order and closes it after the answer (raw-socket HTTP/1.1 client, bench/lib/http.ts).',
        `“offered” is the arrival rate the generator reached; arrivals beyond ${GENERATOR_LIMIT} open requests are not sent and are counted in results.json.`,
        ...results
          .filter((r) => r.overload.noAnswer > 0)
          .map(
            (r) =>
              `${DB_LABEL[r.db]}: unanswered at 10×: ${Object.entries(r.overload.failures)
                .map(([reason, n]) => `${n} ${reason}`)
                .join(', ')}.`,
          ),
      ],
      data: { seconds: SECONDS, factor: FACTOR, reuseConnections: REUSE_CONNECTIONS, results },
    };
  },
};
