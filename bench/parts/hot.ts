import { readFileSync } from 'node:fs';
import { fire, loadAutocannon, type LoadFigures } from '../lib/cannon.ts';
import { DEMO_EVENT, createDemoOrder } from '../lib/demo.ts';
import { createClient } from '../lib/http.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { Cell, TargetCheck } from '../lib/report.ts';
import { DB_LABEL, type DbKind, startBareServer, startStorefront } from '../lib/server.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_HOT_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
/** The afisha call should keep at least this share of the bare route's requests per second. */
const AFISHA_TARGET = 0.6;

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

type Call = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown };
type Figures = LoadFigures & { cpuMs: number };
type Measured = { db: DbKind; call: string; bytes: number; real: Figures; bare: Figures; ratio: number } | { db: DbKind; call: string; unavailable: string };

async function measureOn(db: DbKind, log: (line: string) => void): Promise<Measured[]> {
  log(`hot: starting the storefront on ${DB_LABEL[db]} with the demo catalog`);
  const server = await startStorefront({ db });
  const client = createClient(server.url);
  const out: Measured[] = [];
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
  return out;
}

export const hot: Part = {
  name: 'hot',
  title: 'Hot calls against a bare Fastify route of the same size',
  async run(ctx): Promise<PartOutput> {
    if (!(await loadAutocannon())) {
      return { tables: [], targets: [{ target: 'afisha ≥ 60% of the bare route’s req/s', measured: 'not available: autocannon is not installed', met: null }], notes: ['autocannon is not installed: npm install'], data: {} };
    }
    const measured: Measured[] = [];
    for (const db of ctx.dbs) measured.push(...(await measureOn(db, ctx.log)));
    const rows: Cell[][] = measured.map((m) =>
      'unavailable' in m
        ? [DB_LABEL[m.db], m.call, null, m.unavailable, null, null, null, null, null, null, null, null]
        : [DB_LABEL[m.db], m.call, m.bytes, m.real.rps, m.real.p50, m.real.p99, m.real.cpuMs, m.bare.rps, m.bare.p50, m.bare.p99, m.bare.cpuMs, `${(m.ratio * 100).toFixed(0)}%`],
    );
    const targets: TargetCheck[] = ctx.dbs.map((db) => {
      const afisha = measured.find((m) => m.db === db && m.call === 'GET /api/afisha');
      const target = `${DB_LABEL[db]}: GET /api/afisha ≥ ${AFISHA_TARGET * 100}% of the bare route's req/s`;
      if (!afisha || 'unavailable' in afisha) return { target, measured: afisha && 'unavailable' in afisha ? afisha.unavailable : 'not measured', met: null };
      return { target, measured: `${(afisha.ratio * 100).toFixed(0)}% (${afisha.real.rps} vs ${afisha.bare.rps} req/s)`, met: afisha.ratio >= AFISHA_TARGET };
    });
    const errors = measured.filter((m) => !('unavailable' in m) && (m.real.non2xx > 0 || m.real.errors > 0));
    return {
      tables: [
        {
          title: `Hot calls: ${CONNECTIONS} keep-alive connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up; latency in ms`,
          columns: ['database', 'call', 'body bytes', 'req/s', 'p50', 'p99', 'server CPU ms/req', 'bare req/s', 'bare p50', 'bare p99', 'bare CPU ms/req', 'of bare'],
          rows,
        },
      ],
      targets,
      notes: [
        'server CPU ms/req: user + system CPU time of the server process (with PGlite, the database too) per answered request; a busy machine disturbs it far less than req/s.',
        ...errors.map((m) => `${DB_LABEL[m.db]} ${m.call}: ${'real' in m ? `${m.real.non2xx} non-2xx answers, ${m.real.errors} errors` : ''}`),
      ],
      data: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, measured },
    };
  },
};
