import { placeOrderBody, rushCatalog } from '../lib/catalog.ts';
import { createClient } from '../lib/http.ts';
import { admissionLimits } from '../lib/limits.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { Cell } from '../lib/report.ts';
import { DB_LABEL, type DbKind, startStorefront } from '../lib/server.ts';

const ORDERS = Number(process.env.BENCH_MEMORY_ORDERS ?? 100_000);
const WARMUP_ORDERS = 500;

type Result = {
  db: DbKind;
  orders: number;
  seconds: number;
  ordersPerSecond: number;
  refused: number;
  failed: number;
  afterStart: { rssMb: number; peakRssMb: number };
  afterWarmup: { rssMb: number; peakRssMb: number };
  after: { rssMb: number; peakRssMb: number };
  ordersInDb: number | undefined;
};

async function runOn(db: DbKind, log: (line: string) => void): Promise<Result> {
  const { file, day, bigTime } = rushCatalog(new Date());
  const limits = admissionLimits(db);
  log(`memory: starting the storefront on ${DB_LABEL[db]}`);
  const server = await startStorefront({ db, catalog: file });
  const client = createClient(server.url);
  const afterStart = server.memory();
  let sold = 0;
  let refused = 0;
  let failed = 0;
  let n = 0;
  const buy = async (goal: number) => {
    await Promise.all(
      Array.from({ length: limits.inFlight }, async () => {
        const buyer = client.buyer();
        try {
          while (sold < goal) {
            const answer = await buyer.post('/api/order/create', placeOrderBody(day, bigTime, n++)).catch(() => undefined);
            if (answer?.status === 200) sold++;
            else if (answer?.status === 429) refused++;
            else if (++failed > 100) throw new Error(`order creation keeps failing: ${answer?.status} ${answer?.text.slice(0, 200)}`);
          }
        } finally {
          buyer.close();
        }
      }),
    );
  };
  let seconds: number;
  let afterWarmup: Result['afterWarmup'];
  let after: Result['after'];
  try {
    await client.token();
    await buy(WARMUP_ORDERS);
    afterWarmup = server.memory();
    log(`memory: ${DB_LABEL[db]}: ${ORDERS.toLocaleString('en-US')} orders by ${limits.inFlight} buyers at once`);
    const started = performance.now();
    const progress = setInterval(
      () => log(`memory: ${DB_LABEL[db]}: ${sold.toLocaleString('en-US')} orders, RSS ${server.memory().rssMb} MiB`),
      15_000,
    );
    try {
      await buy(WARMUP_ORDERS + ORDERS);
    } finally {
      clearInterval(progress);
    }
    seconds = (performance.now() - started) / 1000;
    after = server.memory();
  } finally {
    client.close();
  }
  const ordersInDb = await server.stop(async (q) => (await q.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n);
  return {
    db,
    orders: sold,
    seconds: Math.round(seconds),
    ordersPerSecond: Math.round(ORDERS / Math.max(0.001, seconds)),
    refused,
    failed,
    afterStart,
    afterWarmup,
    after,
    ordersInDb,
  };
}

export const memory: Part = {
  name: 'memory',
  title: `Server memory after ${ORDERS.toLocaleString('en-US')} orders`,
  async run(ctx): Promise<PartOutput> {
    // 100,000 orders take minutes on each database; by default this part measures the set-up a venue
    // runs an on-sale day on (PostgreSQL). `--db=pglite` measures the embedded database instead.
    const dbs: DbKind[] = ctx.dbs.length > 1 ? ['postgres'] : ctx.dbs;
    const results: Result[] = [];
    for (const db of dbs) results.push(await runOn(db, ctx.log));
    const rows: Cell[][] = results.map((r) => [
      DB_LABEL[r.db],
      r.ordersInDb ?? r.orders,
      r.afterStart.rssMb,
      r.afterWarmup.rssMb,
      r.after.rssMb,
      r.after.peakRssMb,
      r.after.rssMb - r.afterWarmup.rssMb,
      r.ordersPerSecond,
      r.seconds,
    ]);
    return {
      tables: [
        {
          title: `Memory of the server process (resident set, MiB) before and after ${ORDERS.toLocaleString('en-US')} orders of one place`,
          columns: [
            'database',
            'orders in db',
            'RSS at start',
            `after ${WARMUP_ORDERS} orders`,
            'RSS after',
            'peak RSS',
            'growth',
            'orders/s',
            'seconds',
          ],
          rows,
        },
      ],
      targets: [],
      notes: [
        'With PGlite the database runs inside the server process, so its RSS includes PostgreSQL’s own memory; with a PostgreSQL server it is the app alone.',
        ...(dbs.length < ctx.dbs.length
          ? [
              'PGlite is measured by `npm run bench -- memory --db=pglite` (not in the default run: 100,000 orders take too long on the embedded database).',
            ]
          : []),
      ],
      data: { orders: ORDERS, results },
    };
  },
};
