import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fire, loadAutocannon, type LoadFigures } from '../lib/cannon.ts';
import { DEMO_EVENT, createDemoOrder } from '../lib/demo.ts';
import { percentile } from '../lib/stats.ts';
import { createClient } from '../lib/http.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { Cell, TargetCheck } from '../lib/report.ts';
import { DB_LABEL, type DbKind, startBareServer, startStorefront } from '../lib/server.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_HOT_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
/** The afisha and the event page's call should keep at least this share of the bare route's requests per second. */
const AFISHA_TARGET = 0.6;
const EVENT_PAGE_TARGET = 0.6;
/** Server CPU per order view answered, ms, per database. */
const ORDER_VIEW_CPU_TARGET: Record<DbKind, number> = { pglite: 1, postgres: 0.2 };
/** The demo's 21,000-seat arena and the time a warm map answer may take, ms. */
const ARENA_EVENT = 'northern-lights-festival';
const SCHEME_WARM_TARGET_MS = 15;
const SCHEME_WARM_CALLS = 50;

/** CPU time (user + system) a process has used so far, ms (Linux /proc, clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  // Fields after the command name (which may hold spaces) start at state; utime and stime are the 14th and 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Fires the load and answers the figures with the server's CPU time per answered request (ms),
 * which a busy machine disturbs far less than requests per second. The warm-up is left out.
 */
async function fireMeasured(pid: number, request: Parameters<typeof fire>[0]): Promise<LoadFigures & { cpuMs: number }> {
  await fire(request, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, warmupSeconds: 0 });
  const before = cpuMsOf(pid);
  const figures = await fire(request, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 0 });
  const cpuMs = (cpuMsOf(pid) - before) / Math.max(1, figures.requests);
  return { ...figures, cpuMs: Number(cpuMs.toFixed(3)) };
}

/**
 * The 21,000-seat hall's map as a browser asks for it (brotli accepted): one cold call, then
 * SCHEME_WARM_CALLS in a row on one keep-alive connection with nothing else in flight, each timed
 * from the request to the answer's last byte (on loopback, the server's time), and the server's
 * CPU time per warm call, which a machine loaded by other processes inflates far less.
 */
async function measureScheme(pid: number, url: string, headers: Record<string, string>, calendarId: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ hash: ARENA_EVENT, calendar_id: calendarId, lang: 'ru' });
  const call = () =>
    new Promise<{ ms: number; status: number; bytes: number }>((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        `${url}/api/scheme`,
        {
          method: 'POST',
          agent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'accept-encoding': 'br, gzip',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, bytes }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  try {
    const cold = await call();
    const warm: number[] = [];
    let bytes = cold.bytes;
    const cpuBefore = cpuMsOf(pid);
    for (let i = 0; i < SCHEME_WARM_CALLS; i++) {
      const answer = await call();
      if (answer.status !== 200) throw new Error(`POST /api/scheme answered ${answer.status}`);
      warm.push(answer.ms);
      bytes = answer.bytes;
    }
    const cpuMs = (cpuMsOf(pid) - cpuBefore) / SCHEME_WARM_CALLS;
    warm.sort((a, b) => a - b);
    const round = (ms: number) => Number(ms.toFixed(1));
    return {
      coldMs: round(cold.ms),
      warmP50: round(percentile(warm, 0.5)),
      warmP90: round(percentile(warm, 0.9)),
      cpuMs: round(cpuMs),
      bytes,
    };
  } finally {
    agent.destroy();
  }
}

type Scheme =
  { db: DbKind; coldMs: number; warmP50: number; warmP90: number; cpuMs: number; bytes: number } | { db: DbKind; unavailable: string };

type Call = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown };
type Figures = LoadFigures & { cpuMs: number };
type Measured =
  | { db: DbKind; call: string; bytes: number; real: Figures; bare: Figures; ratio: number }
  | { db: DbKind; call: string; unavailable: string };

async function measureOn(db: DbKind, log: (line: string) => void): Promise<{ measured: Measured[]; scheme: Scheme }> {
  log(`hot: starting the storefront on ${DB_LABEL[db]} with the demo catalog`);
  const server = await startStorefront({ db });
  const client = createClient(server.url);
  const out: Measured[] = [];
  let scheme: Scheme;
  try {
    const token = await client.token();
    const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
    const orderHash = await createDemoOrder(client);
    const calls: Call[] = [
      { name: 'GET /api/afisha', method: 'GET', path: '/api/afisha' },
      { name: 'POST /api/no-scheme', method: 'POST', path: '/api/no-scheme', body: { hash: DEMO_EVENT, lang: 'ru' } },
      { name: 'POST /api/order/view', method: 'POST', path: '/api/order/view', body: { hash: orderHash, lang: 'ru' } },
    ];
    // The real answers, stored for the bare server so that it sends bodies of the same size.
    const answers: Record<string, unknown> = {};
    const available: Call[] = [];
    for (const call of calls) {
      const answer = call.method === 'GET' ? await client.get(call.path) : await client.post(call.path, call.body);
      if (answer.status !== 200) {
        out.push({ db, call: call.name, unavailable: `not available (HTTP ${answer.status})` });
        continue;
      }
      answers[`${call.method} ${call.path}`] = JSON.parse(answer.text);
      available.push(call);
    }
    const sessions = await client.post('/api/scheme/sessions', { hash: ARENA_EVENT, lang: 'ru' });
    const calendarId =
      sessions.status === 200 ? (JSON.parse(sessions.text) as { calendar: { calendar_id: number }[] }).calendar[0]?.calendar_id : undefined;
    if (calendarId === undefined) scheme = { db, unavailable: `not available (sessions of ${ARENA_EVENT}: HTTP ${sessions.status})` };
    else {
      log(`hot: ${DB_LABEL[db]} POST /api/scheme of the 21,000-seat hall: one cold call, then ${SCHEME_WARM_CALLS} warm ones in a row`);
      scheme = { db, ...(await measureScheme(server.pid, server.url, headers, calendarId)) };
    }
    const bare = await startBareServer(answers);
    try {
      for (const call of available) {
        log(`hot: ${DB_LABEL[db]} ${call.name}: storefront, then bare Fastify (${SECONDS} s each, ${CONNECTIONS} connections)`);
        const request = { method: call.method, headers: call.method === 'POST' ? headers : {}, body: call.body };
        const real = await fireMeasured(server.pid, { ...request, url: server.url + call.path });
        const base = await fireMeasured(bare.pid, { ...request, url: bare.url + call.path });
        const bytes = Buffer.byteLength(JSON.stringify(answers[`${call.method} ${call.path}`]));
        out.push({ db, call: call.name, bytes, real, bare: base, ratio: Number((real.rps / Math.max(1, base.rps)).toFixed(3)) });
      }
    } finally {
      await bare.stop();
    }
  } finally {
    client.close();
    await server.stop();
  }
  return { measured: out, scheme };
}

export const hot: Part = {
  name: 'hot',
  title: 'Hot calls against a bare Fastify route of the same size',
  async run(ctx): Promise<PartOutput> {
    if (!(await loadAutocannon())) {
      return {
        tables: [],
        targets: [{ target: 'afisha ≥ 60% of the bare route’s req/s', measured: 'not available: autocannon is not installed', met: null }],
        notes: ['autocannon is not installed: npm install'],
        data: {},
      };
    }
    const measured: Measured[] = [];
    const schemes: Scheme[] = [];
    for (const db of ctx.dbs) {
      const on = await measureOn(db, ctx.log);
      measured.push(...on.measured);
      schemes.push(on.scheme);
    }
    const rows: Cell[][] = measured.map((m) =>
      'unavailable' in m
        ? [DB_LABEL[m.db], m.call, null, m.unavailable, null, null, null, null, null, null, null, null]
        : [
            DB_LABEL[m.db],
            m.call,
            m.bytes,
            m.real.rps,
            m.real.p50,
            m.real.p99,
            m.real.cpuMs,
            m.bare.rps,
            m.bare.p50,
            m.bare.p99,
            m.bare.cpuMs,
            `${(m.ratio * 100).toFixed(0)}%`,
          ],
    );
    const ratioTarget = (db: DbKind, call: string, share: number): TargetCheck => {
      const m = measured.find((x) => x.db === db && x.call === call);
      const target = `${DB_LABEL[db]}: ${call} ≥ ${share * 100}% of the bare route's req/s`;
      if (!m || 'unavailable' in m) return { target, measured: m && 'unavailable' in m ? m.unavailable : 'not measured', met: null };
      return { target, measured: `${(m.ratio * 100).toFixed(0)}% (${m.real.rps} vs ${m.bare.rps} req/s)`, met: m.ratio >= share };
    };
    const targets: TargetCheck[] = ctx.dbs.flatMap((db) => {
      const view = measured.find((x) => x.db === db && x.call === 'POST /api/order/view');
      const viewTarget = `${DB_LABEL[db]}: POST /api/order/view ≤ ${ORDER_VIEW_CPU_TARGET[db]} ms of server CPU per request`;
      const scheme = schemes.find((x) => x.db === db);
      const schemeTarget = `${DB_LABEL[db]}: POST /api/scheme (21,000 seats) warm answer ≤ ${SCHEME_WARM_TARGET_MS} ms of server time (CPU per answer; wall p50 shown)`;
      return [
        ratioTarget(db, 'GET /api/afisha', AFISHA_TARGET),
        ratioTarget(db, 'POST /api/no-scheme', EVENT_PAGE_TARGET),
        !view || 'unavailable' in view
          ? { target: viewTarget, measured: view && 'unavailable' in view ? view.unavailable : 'not measured', met: null }
          : { target: viewTarget, measured: `${view.real.cpuMs} ms`, met: view.real.cpuMs <= ORDER_VIEW_CPU_TARGET[db] },
        !scheme || 'unavailable' in scheme
          ? { target: schemeTarget, measured: scheme && 'unavailable' in scheme ? scheme.unavailable : 'not measured', met: null }
          : {
              target: schemeTarget,
              measured: `CPU ${scheme.cpuMs} ms; wall p50 ${scheme.warmP50} ms, p90 ${scheme.warmP90} ms (cold ${scheme.coldMs} ms)`,
              met: scheme.cpuMs <= SCHEME_WARM_TARGET_MS,
            },
      ];
    });
    const errors = measured.filter((m) => !('unavailable' in m) && (m.real.non2xx > 0 || m.real.errors > 0));
    return {
      tables: [
        {
          title: `Hot calls: ${CONNECTIONS} keep-alive connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up; latency in ms`,
          columns: [
            'database',
            'call',
            'body bytes',
            'req/s',
            'p50',
            'p99',
            'server CPU ms/req',
            'bare req/s',
            'bare p50',
            'bare p99',
            'bare CPU ms/req',
            'of bare',
          ],
          rows,
        },
        {
          title: `The 21,000-seat hall's map (POST /api/scheme, brotli accepted): one cold call, then ${SCHEME_WARM_CALLS} in a row; ms to the last byte`,
          columns: ['database', 'compressed bytes', 'cold', 'warm p50', 'warm p90', 'server CPU ms/warm call'],
          rows: schemes.map((m) =>
            'unavailable' in m
              ? [DB_LABEL[m.db], null, m.unavailable, null, null, null]
              : [DB_LABEL[m.db], m.bytes, m.coldMs, m.warmP50, m.warmP90, m.cpuMs],
          ),
        },
      ],
      targets,
      notes: [
        'server CPU ms/req: user + system CPU time of the server process (with PGlite, the database too) per answered request; a busy machine disturbs it far less than req/s.',
        ...errors.map(
          (m) => `${DB_LABEL[m.db]} ${m.call}: ${'real' in m ? `${m.real.non2xx} non-2xx answers, ${m.real.errors} errors` : ''}`,
        ),
      ],
      data: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, measured, schemes },
    };
  },
};
