import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { hashPassword } from '../../server/admin/staff/password.ts';
import { fire, loadAutocannon } from '../lib/cannon.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { Cell, TargetCheck } from '../lib/report.ts';
import { round } from '../lib/stats.ts';
import { DB_LABEL, type DbKind, startStorefront } from '../lib/server.ts';

const SECONDS = Number(process.env.BENCH_UPLOADS_SECONDS ?? 20);
/** Members of staff uploading at once, each a new picture as soon as the last is answered (the probe's 16). */
const UPLOADERS = 16;
/** A picture just under the 50-megapixel limit (7,000 × 7,000), of one colour so the PNG stays small. */
const SIDE = 7000;
const CONNECTIONS = 8;
/** The storefront's afisha answer while uploads run: its p99 stays within this. */
const AFISHA_P99_TARGET_MS = 100;
/** What 16 members uploading 49-megapixel pictures may add to the server's resident memory (the probe saw 1.16 GB)… */
const RSS_GROWTH_TARGET_MB = 150;
/** …and the image worker's own, decoding one at a time. */
const WORKER_RSS_TARGET_MB = 400;

const STAFF = { email: 'bench-uploads@example.test', password: 'bench uploads password' };

/**
 * The same picture with a text chunk of its own before IEND: other bytes (the server stores an
 * upload once per hash, so a repeat would not be decoded again), the same 49 megapixels to decode.
 */
function variantOf(png: Buffer, n: number): Buffer {
  const data = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0bench upload ${n}`)]);
  const chunk = Buffer.alloc(data.length + 8);
  chunk.writeUInt32BE(data.length - 4, 0);
  data.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(data), data.length + 4);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

type Result = {
  db: DbKind;
  quiet: { rps: number; p50: number; p99: number };
  during: { rps: number; p50: number; p99: number; non2xx: number; errors: number };
  uploads: { taken: number; refused: number; failed: number; takenP50: number; takenMax: number; refusedP99: number };
  rss: { atStart: number; peak: number; workerPeak: number };
  pictureBytes: number;
};

async function signIn(url: string): Promise<{ cookie: string; token: string }> {
  const { token } = (await (await fetch(`${url}/api/token`)).json()) as { token: string };
  const answer = await fetch(`${url}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
  });
  if (answer.status !== 200) throw new Error(`POST /api/admin/session answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  // A staff session's calls need a CSRF token bound to that session: fetched again with its cookie.
  const bound = (await (await fetch(`${url}/api/token`, { headers: { cookie } })).json()) as { token: string };
  return { cookie, token: bound.token };
}

/** Resident memory of the server's child processes (the image worker), MiB; 0 when there is none. */
function childrenRssMb(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    let kb = 0;
    for (const child of children) kb += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${child}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0, 1);
};

async function runOn(db: DbKind, png: Buffer, log: (line: string) => void): Promise<Result> {
  log(`uploads: starting the storefront on ${DB_LABEL[db]} (demo catalog)`);
  const server = await startStorefront({
    db,
    prepare: async (q) => {
      await q.query("insert into staff (email, name, role, password_hash) values ($1, 'Bench', 'manager', $2)", [
        STAFF.email,
        await hashPassword(STAFF.password),
      ]);
    },
  });
  try {
    const { cookie, token } = await signIn(server.url);
    const afisha = { url: `${server.url}/api/afisha`, method: 'GET' as const };
    log(`uploads: ${DB_LABEL[db]}: GET /api/afisha alone, ${CONNECTIONS} connections, ${SECONDS} s`);
    const quiet = await fire(afisha, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 2 });
    const atStart = server.memory().rssMb;
    // The peak counted from here: the process's own high-water mark still holds its start (with
    // PGlite, the migrations and the demo catalog took it to some 1.1 GB before settling near half).
    const peakFromHere = server.resetPeak();

    let stop = false;
    let n = 0;
    const taken: number[] = [];
    const refused: number[] = [];
    let failed = 0;
    const uploader = async () => {
      while (!stop) {
        const started = performance.now();
        const answer = await fetch(`${server.url}/api/admin/images?lang=en`, {
          method: 'POST',
          headers: { 'content-type': 'image/png', 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', cookie },
          body: new Uint8Array(variantOf(png, n++)),
        }).catch(() => undefined);
        const ms = performance.now() - started;
        await answer?.arrayBuffer().catch(() => undefined);
        if (answer?.status === 200) taken.push(ms);
        else if (answer?.status === 429) {
          refused.push(ms);
          // As the page does: the member is told to try again in a few seconds.
          await new Promise((resolve) => setTimeout(resolve, 1000));
        } else {
          failed++;
          if (failed === 1) log(`uploads: an upload answered ${answer?.status ?? 'no answer'}`);
        }
      }
    };
    log(`uploads: ${DB_LABEL[db]}: the same, while ${UPLOADERS} members upload ${SIDE}×${SIDE} PNGs without pause`);
    const uploading = Promise.all(Array.from({ length: UPLOADERS }, uploader));
    let peak = atStart;
    let workerPeak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.memory().rssMb);
      workerPeak = Math.max(workerPeak, childrenRssMb(server.pid));
    }, 200);
    let during: Awaited<ReturnType<typeof fire>>;
    try {
      // The uploads' first decodes start before the afisha is measured.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      during = await fire(afisha, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 0 });
    } finally {
      stop = true;
      await uploading;
      clearInterval(sampler);
    }
    // Without a reset the high-water mark would be the start's: only the samples count then.
    if (peakFromHere) peak = Math.max(peak, server.memory().peakRssMb);
    return {
      db,
      quiet: { rps: quiet.rps, p50: quiet.p50, p99: quiet.p99 },
      during: { rps: during.rps, p50: during.p50, p99: during.p99, non2xx: during.non2xx, errors: during.errors },
      uploads: {
        taken: taken.length,
        refused: refused.length,
        failed,
        takenP50: percentile(taken, 50),
        takenMax: percentile(taken, 100),
        refusedP99: percentile(refused, 99),
      },
      rss: { atStart, peak, workerPeak },
      pictureBytes: png.length,
    };
  } finally {
    await server.stop();
  }
}

export const uploads: Part = {
  name: 'uploads',
  title: `The storefront while ${UPLOADERS} members of staff upload 49-megapixel pictures`,
  async run(ctx): Promise<PartOutput> {
    if (!(await loadAutocannon())) return { tables: [], targets: [], notes: ['autocannon is not installed: not measured'], data: {} };
    ctx.log(`uploads: drawing a ${SIDE}×${SIDE} PNG`);
    const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: 180, g: 40, b: 60 } } })
      .png()
      .toBuffer();
    // The embedded database runs inside the server process, so its figures include the database's own work.
    const results: Result[] = [];
    for (const db of ctx.dbs) results.push(await runOn(db, png, ctx.log));
    const rows: Cell[][] = results.map((r) => [
      DB_LABEL[r.db],
      r.quiet.rps,
      r.quiet.p99,
      r.during.rps,
      r.during.p50,
      r.during.p99,
      r.during.non2xx + r.during.errors,
      r.uploads.taken,
      r.uploads.takenP50,
      r.uploads.takenMax,
      r.uploads.refused,
      r.uploads.refusedP99,
      r.uploads.failed,
      r.rss.atStart,
      r.rss.peak,
      r.rss.workerPeak,
    ]);
    const targets: TargetCheck[] = results.flatMap((r) => [
      {
        target: `${DB_LABEL[r.db]}: GET /api/afisha p99 ≤ ${AFISHA_P99_TARGET_MS} ms while ${UPLOADERS} members upload 49-megapixel pictures`,
        measured: `${r.during.p99} ms (alone ${r.quiet.p99} ms); ${r.uploads.taken} uploads taken, ${r.uploads.refused} told to wait`,
        met: r.during.p99 <= AFISHA_P99_TARGET_MS && r.during.non2xx + r.during.errors === 0 && r.uploads.taken > 0,
      },
      {
        target: `${DB_LABEL[r.db]}: the server's memory grows ≤ ${RSS_GROWTH_TARGET_MB} MiB, its image worker's ≤ ${WORKER_RSS_TARGET_MB} MiB, during those uploads`,
        measured: `server peak ${r.rss.peak} MiB (${r.rss.atStart} MiB before); worker peak ${r.rss.workerPeak} MiB`,
        met: r.rss.peak - r.rss.atStart <= RSS_GROWTH_TARGET_MB && r.rss.workerPeak <= WORKER_RSS_TARGET_MB,
      },
    ]);
    return {
      tables: [
        {
          title: `GET /api/afisha (${CONNECTIONS} connections, ${SECONDS} s) alone, then while ${UPLOADERS} members upload ${SIDE}×${SIDE} PNGs (${Math.round(png.length / 1024)} kB each) one after another; latency in ms, memory in MiB`,
          columns: [
            'database',
            'alone req/s',
            'alone p99',
            'req/s',
            'p50',
            'p99',
            'non-2xx',
            'uploads taken',
            'taken p50',
            'taken max',
            'told to wait (429)',
            '429 p99',
            'failed',
            'RSS before',
            'peak RSS',
            'worker peak RSS',
          ],
          rows,
        },
      ],
      targets,
      notes: [
        'Uploads decode one at a time with three waiting (server/admin/images/images.service.ts, IMAGE_UPLOADS), in a worker process at the lowest CPU priority (server/media/image-worker.ts); the rest are answered 429 -2465 with Retry-After at once, before their body is read. A member told to wait tries again after a second.',
        'Every upload is other bytes (a PNG text chunk of its own), so the server decodes each one: it stores an upload once per hash.',
        "The server's peak is counted from the moment before the uploads (its high-water mark reset through /proc/<pid>/clear_refs): the process's own mark still held its start, where PGlite's migrations and demo catalog reach some 1.1 GB before the server settles near half of it.",
      ],
      data: { seconds: SECONDS, uploaders: UPLOADERS, side: SIDE, results },
    };
  },
};
