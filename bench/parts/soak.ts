import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { plainText } from '../../tests/smtp.ts';
import { RUSH, placeOrderBody, rushCatalog } from '../lib/catalog.ts';
import { type Answer, type Buyer, type Client, createClient, json } from '../lib/http.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { Cell, TargetCheck } from '../lib/report.ts';
import { DB_LABEL, type DbKind, type Running, startStorefront } from '../lib/server.ts';
import { percentile, round } from '../lib/stats.ts';

/**
 * The soak: mixed traffic (the listing, event pages, orders, payments at the sandbox bank,
 * returns confirmed from their e-mail) for BENCH_SOAK_MINUTES at half the capacity measured just
 * before on the same mix, with the server's resident memory and the p99 latency of every call
 * per minute. A leak, a cache without a bound or a table that slows as it grows shows as a slope.
 */
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const PROBE_SECONDS = Number(process.env.BENCH_SOAK_PROBE_SECONDS ?? 20);
/** Visitors at once while the capacity is measured (each runs one action after another). */
const PROBE_VISITORS = 32;
/** The share of the measured capacity the soak runs at. */
const LOAD_SHARE = 0.5;
/** Runs shorter than three minutes are read per 10 s (a slope needs points); longer ones per minute. */
const BUCKET_MS = MINUTES >= 3 ? 60_000 : 10_000;
/** Flat: what the fitted line gains over the run stays within this share of the mean (or the floor). */
const RSS_DRIFT_SHARE = 0.1;
const RSS_DRIFT_FLOOR_MB = 16;
const P99_DRIFT_SHARE = 0.25;
const P99_DRIFT_FLOOR_MS = 5;
/** More actions in flight than this and the server is not keeping up: new ones are counted, not sent. */
const MAX_IN_FLIGHT = 400;

type Kind = 'listing' | 'event' | 'order' | 'payment' | 'return';
/** The mix, by weight: most visitors browse, some buy, a few pay and fewer return. */
const MIX: [Kind, number][] = [
  ['listing', 30],
  ['event', 30],
  ['order', 20],
  ['payment', 12],
  ['return', 8],
];
const MIX_TOTAL = MIX.reduce((sum, [, w]) => sum + w, 0);

function drawKind(): Kind {
  let r = Math.random() * MIX_TOTAL;
  for (const [kind, weight] of MIX) {
    r -= weight;
    if (r < 0) return kind;
  }
  return 'listing';
}

type Call = { at: number; ms: number; status: number };

/** Returns asked for, confirmed from their e-mailed link, and left without a link within a minute. */
const returns = { asked: 0, confirmed: 0, noLink: 0 };

/** Every call's latency and status, with the time it ended; a window's figures on demand. */
function createRecorder() {
  const calls: Call[] = [];
  return {
    calls,
    add(answer: Answer | undefined, started: number) {
      const at = performance.now();
      calls.push({ at, ms: at - started, status: answer?.status ?? 0 });
    },
    window(from: number, to: number) {
      const inside = calls.filter((c) => c.at >= from && c.at < to);
      return {
        calls: inside.length,
        p50: round(
          percentile(
            inside.map((c) => c.ms),
            0.5,
          ),
        ),
        p99: round(
          percentile(
            inside.map((c) => c.ms),
            0.99,
          ),
        ),
        serverErrors: inside.filter((c) => c.status >= 500).length,
        noAnswer: inside.filter((c) => c.status === 0).length,
      };
    },
  };
}
type Recorder = ReturnType<typeof createRecorder>;

/** An SMTP server that keeps nothing but hands each return link to the visitor waiting for it. */
async function startLinkCatcher() {
  const waiting = new Map<string, (hashConf: string) => void>();
  let mails = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails += 1;
        const text = plainText(Buffer.concat(chunks).toString('utf8'));
        const link = /\/order\/return\/([\w-]+)\?hash_conf=([\w-]+)/.exec(text);
        if (link?.[1] && link[2]) {
          waiting.get(link[1])?.(link[2]);
          waiting.delete(link[1]);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails: () => mails,
    /** The confirmation token mailed for an order's return, or null after timeoutMs. */
    linkFor(hash: string, timeoutMs: number): Promise<string | null> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(hash);
          resolve(null);
        }, timeoutMs);
        waiting.set(hash, (token) => {
          clearTimeout(timer);
          resolve(token);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type LinkCatcher = Awaited<ReturnType<typeof startLinkCatcher>>;

type Visit = {
  buyer: Buyer;
  recorder: Recorder;
  catcher: LinkCatcher;
  day: string;
  time: string;
  n: number;
  /** Runs a follow-up that outlives the action (the confirmation of a return) on a connection of its own. */
  later: (work: (buyer: Buyer) => Promise<void>) => void;
};

async function call(v: Visit, send: () => Promise<Answer>): Promise<Answer | undefined> {
  const started = performance.now();
  let answer: Answer | undefined;
  try {
    answer = await send();
  } catch {
    answer = undefined;
  }
  v.recorder.add(answer, started);
  return answer;
}

async function placeOrder(v: Visit): Promise<string | null> {
  const answer = await call(v, () => v.buyer.post('/api/order/create', placeOrderBody(v.day, v.time, v.n)));
  if (answer?.status !== 200) return null;
  const hash = json<{ hash?: string }>(answer).hash ?? null;
  if (hash) await call(v, () => v.buyer.post('/api/order/view', { hash, lang: 'ru' }));
  return hash;
}

async function payOrder(v: Visit, hash: string): Promise<boolean> {
  const paid = await call(v, () => v.buyer.post('/api/order/pay', { hash, lang: 'ru', bank_data: { id: 1 } }));
  if (paid?.status !== 200) return false;
  const body = json<{ form_bank?: { MdOrder?: string }; bankUrl?: string }>(paid);
  const id = body.form_bank?.MdOrder ?? /\/sandbox\/pay\/([\w-]+)/.exec(body.bankUrl ?? '')?.[1];
  if (!id) return false;
  const done = await call(v, () => v.buyer.post(`/sandbox/pay/${id}/complete`, { choice: 'pay' }));
  return done?.status === 303;
}

/**
 * One visitor's action. A return asks for the link and leaves; its confirmation is sent when the
 * e-mail arrives (the outbox job's pace, seconds), as a follow-up the action does not wait for,
 * so the mail's delay neither holds a visitor of the capacity probe nor counts as latency.
 */
async function act(kind: Kind, v: Visit): Promise<void> {
  if (kind === 'listing') {
    await call(v, () => v.buyer.get('/api/afisha?lang=ru'));
    return;
  }
  if (kind === 'event') {
    await call(v, () => v.buyer.post('/api/no-scheme', { hash: RUSH.placesEvent.hash, lang: 'ru' }));
    return;
  }
  const hash = await placeOrder(v);
  if (!hash || kind === 'order') return;
  if (!(await payOrder(v, hash)) || kind === 'payment') return;
  const page = await call(v, () => v.buyer.post(`/api/order/return/${hash}`, { hash, lang: 'ru' }));
  const ticket = page?.status === 200 ? json<{ response?: { rows?: { id: number }[] } }>(page).response?.rows?.[0]?.id : undefined;
  if (ticket === undefined) return;
  const link = v.catcher.linkFor(hash, 60_000);
  const asked = await call(v, () => v.buyer.post('/api/order/return-create', { hash, lang: 'ru', reason: 1, id: [ticket], consent: true }));
  if (asked?.status !== 200) return;
  returns.asked += 1;
  v.later(async (buyer) => {
    const hashConf = await link;
    if (!hashConf) {
      returns.noLink += 1;
      return;
    }
    const confirmed = await call(v, () => buyer.post('/api/order/return-confirm', { hash, lang: 'ru', hashConf, consent: true }));
    if (confirmed?.status === 200) returns.confirmed += 1;
  });
}

/** Connections reused between actions, as visitors' browsers keep theirs alive. */
function createPool(client: Client) {
  const idle: Buyer[] = [];
  return {
    take: () => idle.pop() ?? client.buyer(),
    give: (buyer: Buyer) => void idle.push(buyer),
  };
}

type Bucket = {
  minute: number;
  actions: number;
  calls: number;
  rssMb: number;
  p50: number;
  p99: number;
  serverErrors: number;
  noAnswer: number;
};

/** Least-squares slope of y over x. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

async function soakOn(db: DbKind, log: (line: string) => void) {
  const { file, day, bigTime } = rushCatalog(new Date());
  const catcher = await startLinkCatcher();
  log(`soak: starting the storefront on ${DB_LABEL[db]}`);
  let running: Running;
  try {
    running = await startStorefront({ db, catalog: file, env: { SMTP_URL: catcher.url } });
  } catch (error) {
    await catcher.close();
    throw error;
  }
  const client = createClient(running.url);
  const pool = createPool(client);
  let n = 0;
  const followUps = new Set<Promise<void>>();
  const later = (work: (buyer: Buyer) => Promise<void>) => {
    const buyer = pool.take();
    const p = work(buyer).finally(() => {
      pool.give(buyer);
      followUps.delete(p);
    });
    followUps.add(p);
  };
  const visit = (recorder: Recorder): Visit => ({ buyer: pool.take(), recorder, catcher, day, time: bigTime, n: n++, later });
  try {
    await client.token();

    // Capacity: visitors acting one action after another, as fast as the answers come.
    log(`soak: measuring the capacity of the mix for ${PROBE_SECONDS} s with ${PROBE_VISITORS} visitors`);
    const probe = createRecorder();
    const probeEnd = performance.now() + PROBE_SECONDS * 1000;
    let probeActions = 0;
    await Promise.all(
      Array.from({ length: PROBE_VISITORS }, async () => {
        while (performance.now() < probeEnd) {
          const v = visit(probe);
          await act(drawKind(), v);
          pool.give(v.buyer);
          probeActions += 1;
        }
      }),
    );
    const capacity = probeActions / PROBE_SECONDS;
    const rate = capacity * LOAD_SHARE;
    log(`soak: capacity ${round(capacity)} actions/s; soaking at ${round(rate)} actions/s for ${MINUTES} min`);

    // The soak: actions started at a steady rate whatever the answers do (an open loop).
    const recorder = createRecorder();
    const started = performance.now();
    const end = started + MINUTES * 60_000;
    const buckets: Bucket[] = [];
    const actionsAt: number[] = [];
    let inFlight = 0;
    let skipped = 0;
    let due = 0;
    const pending = new Set<Promise<void>>();
    await new Promise<void>((resolve) => {
      let last = performance.now();
      let nextBucket = started + BUCKET_MS;
      const tick = setInterval(() => {
        const now = performance.now();
        due += ((now - last) / 1000) * rate;
        last = now;
        for (; due >= 1; due -= 1) {
          if (inFlight >= MAX_IN_FLIGHT) {
            skipped += 1;
            continue;
          }
          inFlight += 1;
          actionsAt.push(now);
          const v = visit(recorder);
          const p = act(drawKind(), v).finally(() => {
            inFlight -= 1;
            pool.give(v.buyer);
            pending.delete(p);
          });
          pending.add(p);
        }
        if (now >= nextBucket) {
          const from = nextBucket - BUCKET_MS;
          const figures = recorder.window(from, nextBucket);
          const bucket: Bucket = {
            minute: round((nextBucket - started) / 60_000, 2),
            actions: actionsAt.filter((t) => t >= from && t < nextBucket).length,
            rssMb: running.memory().rssMb,
            ...figures,
          };
          buckets.push(bucket);
          log(
            `soak: ${bucket.minute} min: ${bucket.actions} actions, ${bucket.calls} calls, RSS ${bucket.rssMb} MiB, p50 ${bucket.p50} ms, p99 ${bucket.p99} ms, ${bucket.serverErrors} 5xx, ${bucket.noAnswer} unanswered`,
          );
          nextBucket += BUCKET_MS;
        }
        if (now >= end) {
          clearInterval(tick);
          resolve();
        }
      }, 20);
    });
    await Promise.all(pending);
    log(`soak: waiting for ${followUps.size} return confirmations to get their e-mail`);
    await Promise.all(followUps);
    return { capacity, rate, buckets, skipped, mails: catcher.mails(), probe: probe.window(0, Infinity) };
  } finally {
    client.close();
    await running.stop();
    await catcher.close();
  }
}

export function verdict(buckets: readonly Bucket[]) {
  // The first window warms the server up (JIT, caches, pools) and is left out of the fit.
  const measured = buckets.length > 2 ? buckets.slice(1) : buckets;
  const minutes = measured.length ? (measured.at(-1)?.minute ?? 0) - (measured[0]?.minute ?? 0) : 0;
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  const rssSlope = slope(measured.map((b) => ({ x: b.minute, y: b.rssMb })));
  const p99Slope = slope(measured.map((b) => ({ x: b.minute, y: b.p99 })));
  const rssMean = mean(measured.map((b) => b.rssMb));
  const p99Mean = mean(measured.map((b) => b.p99));
  const rssAllowed = Math.max(RSS_DRIFT_FLOOR_MB, rssMean * RSS_DRIFT_SHARE);
  const p99Allowed = Math.max(P99_DRIFT_FLOOR_MS, p99Mean * P99_DRIFT_SHARE);
  return {
    minutes: round(minutes, 2),
    rssSlopeMbPerMin: round(rssSlope, 2),
    p99SlopeMsPerMin: round(p99Slope, 2),
    rssDriftMb: round(rssSlope * minutes),
    p99DriftMs: round(p99Slope * minutes),
    rssAllowedMb: round(rssAllowed),
    p99AllowedMs: round(p99Allowed),
    rssFlat: Math.abs(rssSlope * minutes) <= rssAllowed,
    p99Flat: Math.abs(p99Slope * minutes) <= p99Allowed,
  };
}

export const soak: Part = {
  name: 'soak',
  title: 'The soak: mixed traffic at half capacity',
  async run(ctx): Promise<PartOutput> {
    // One database: ten minutes each would double the run. PostgreSQL when measured, as a venue's on-sale server runs.
    const db: DbKind = ctx.dbs.includes('postgres') ? 'postgres' : 'pglite';
    const result = await soakOn(db, ctx.log);
    const v = verdict(result.buckets);
    const unit = BUCKET_MS === 60_000 ? 'minute' : '10 s';
    const rows: Cell[][] = result.buckets.map((b) => [b.minute, b.actions, b.calls, b.rssMb, b.p50, b.p99, b.serverErrors, b.noAnswer]);
    const errors = result.buckets.reduce((s, b) => s + b.serverErrors + b.noAnswer, 0);
    const targets: TargetCheck[] = [
      {
        target: `${DB_LABEL[db]}: soak ${MINUTES} min at half capacity: resident memory flat`,
        measured: `slope ${v.rssSlopeMbPerMin} MiB/min, ${v.rssDriftMb} MiB over ${v.minutes} min (allowed ±${v.rssAllowedMb})`,
        met: result.buckets.length >= 3 ? v.rssFlat : null,
      },
      {
        target: `${DB_LABEL[db]}: soak ${MINUTES} min at half capacity: p99 latency flat`,
        measured: `slope ${v.p99SlopeMsPerMin} ms/min, ${v.p99DriftMs} ms over ${v.minutes} min (allowed ±${v.p99AllowedMs})`,
        met: result.buckets.length >= 3 ? v.p99Flat : null,
      },
      {
        target: `${DB_LABEL[db]}: soak without a 5xx or an unanswered call`,
        measured: `${errors} (of ${result.buckets.reduce((s, b) => s + b.calls, 0)} calls); ${result.skipped} actions not started (over ${MAX_IN_FLIGHT} in flight)`,
        met: errors === 0 && result.skipped === 0,
      },
    ];
    return {
      tables: [
        {
          title: `Soak on ${DB_LABEL[db]} at ${round(result.rate)} actions/s (half the measured ${round(result.capacity)}), per ${unit}: resident memory of the server and latency of every call, ms`,
          columns: ['min', 'actions', 'calls', 'RSS MiB', 'p50', 'p99', '5xx', 'unanswered'],
          rows,
        },
      ],
      targets,
      notes: [
        `Mix by weight: ${MIX.map(([k, w]) => `${k} ${w}`).join(', ')}. An action is a visitor's errand: listing = GET /api/afisha; event = POST /api/no-scheme; order = create + view; payment = order + pay + the sandbox bank's pay; return = payment + return page + request, then the confirmation from the e-mailed link when the outbox job delivers it (SMTP to the bench).`,
        `Capacity = actions completed per second by ${PROBE_VISITORS} visitors acting back to back for ${PROBE_SECONDS} s; the soak then starts actions at ${LOAD_SHARE * 100}% of it at a steady rate whatever the answers (open loop).`,
        `Verdict: a least-squares line through the ${unit} figures (the first window, the warm-up, left out when there are more than two); flat when what it gains over the run stays within ${RSS_DRIFT_SHARE * 100}% of the mean RSS (at least ${RSS_DRIFT_FLOOR_MB} MiB) and ${P99_DRIFT_SHARE * 100}% of the mean p99 (at least ${P99_DRIFT_FLOOR_MS} ms). RSS: ${v.rssFlat ? 'flat' : 'NOT flat'}; p99: ${v.p99Flat ? 'flat' : 'NOT flat'}.`,
        `Returns: ${returns.asked} asked for, ${returns.confirmed} confirmed from their e-mailed link, ${returns.noLink} without a link within a minute; ${result.mails} e-mails delivered to the bench's SMTP server. BENCH_SOAK_MINUTES sets the length (default 10); runs under 3 minutes are read per 10 s.`,
      ],
      data: {
        db,
        minutes: MINUTES,
        returns,
        capacity: round(result.capacity),
        rate: round(result.rate),
        buckets: result.buckets,
        verdict: v,
        skipped: result.skipped,
        probe: result.probe,
      },
    };
  },
};
