/**
 * `npm run bench [-- part …] [-- --db=pglite|postgres]`: measures the storefront the way a venue's
 * on-sale day would, prints a table per part and the targets, and writes bench/results.json
 * (merged: a part run alone replaces only its own figures). Benchmarks report; they never fail:
 * the exit status is 0 whatever the figures are. Parts: hot, rush, overload, memory, uploads, weight,
 * lighthouse, seatmap, reports, tickets (all by default), and soak and fuzz (only when named: ten minutes
 * each, about) and cancel (only when named).
 */
import path from 'node:path';
import { cancel } from './parts/cancel.ts';
import { fuzz } from './parts/fuzz.ts';
import { hot } from './parts/hot.ts';
import { lighthouse } from './parts/lighthouse.ts';
import { memory } from './parts/memory.ts';
import { overload } from './parts/overload.ts';
import { reports } from './parts/reports.ts';
import { rush } from './parts/rush.ts';
import { seatmap } from './parts/seatmap.ts';
import { tickets } from './parts/tickets.ts';
import { soak } from './parts/soak.ts';
import { uploads } from './parts/uploads.ts';
import { weight } from './parts/weight.ts';
import type { Part, PartContext } from './lib/part.ts';
import { pgCluster, stopPgCluster } from './lib/pg.ts';
import { type PartResult, cpuTimes, formatTable, formatTargets, machine, writeResults } from './lib/report.ts';
import { type DbKind, ROOT } from './lib/server.ts';

const PARTS: Part[] = [hot, rush, overload, memory, uploads, weight, lighthouse, seatmap, reports, tickets, soak, fuzz, cancel];
/**
 * Run only when named: the soak takes BENCH_SOAK_MINUTES (10) on its own, the fuzz its 50,000 cases,
 * the cancellation of a 1,000-order session with its kill and restart several minutes per database.
 */
const ON_REQUEST = new Set(['soak', 'fuzz', 'cancel']);
const SERVER_PARTS = new Set(['hot', 'rush', 'overload', 'memory', 'uploads', 'soak', 'cancel']);
const RESULTS = path.join(ROOT, 'bench', 'results.json');

const args = process.argv.slice(2);
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((name) => !PARTS.some((p) => p.name === name));
if (unknown.length) {
  console.error(`Unknown part ${unknown.join(', ')}. Parts: ${PARTS.map((p) => p.name).join(', ')}.`);
  process.exit(2);
}
const selected = wanted.length ? PARTS.filter((p) => wanted.includes(p.name)) : PARTS.filter((p) => !ON_REQUEST.has(p.name));
const dbArg = args.find((a) => a.startsWith('--db='))?.slice(5);
const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

process.on('SIGINT', () => {
  void stopPgCluster().finally(() => process.exit(130));
});

async function databases(): Promise<{ dbs: DbKind[]; note?: string }> {
  if (dbArg === 'pglite') return { dbs: ['pglite'] };
  if (!selected.some((p) => SERVER_PARTS.has(p.name))) return { dbs: ['pglite'] };
  try {
    log('starting a throw-away PostgreSQL cluster');
    await pgCluster();
    return { dbs: dbArg === 'postgres' ? ['postgres'] : ['pglite', 'postgres'] };
  } catch (error) {
    return { dbs: ['pglite'], note: `PostgreSQL not measured: ${(error as Error).message}` };
  }
}

const results: PartResult[] = [];
try {
  const { dbs, note } = await databases();
  if (note) log(note);
  const ctx: PartContext = { dbs, log };
  for (const part of selected) {
    const partStarted = performance.now();
    const cpuBefore = cpuTimes();
    log(`— ${part.name}: ${part.title}`);
    let output: Awaited<ReturnType<Part['run']>>;
    try {
      output = await part.run(ctx);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`${part.name} failed: ${message}`);
      output = { tables: [], targets: [], notes: [`failed: ${message}`], data: {} };
    }
    if (note && SERVER_PARTS.has(part.name)) output.notes.push(note);
    const result: PartResult = {
      part: part.name,
      title: part.title,
      measuredAt: new Date().toISOString(),
      seconds: Math.round((performance.now() - partStarted) / 1000),
      machine: machine(cpuBefore),
      ...output,
    };
    results.push(result);
    const steal = result.machine.stealPercent === null ? '' : `, ${result.machine.stealPercent}% of CPU time stolen by the hypervisor`;
    console.log(`\n${result.title} (${result.seconds} s, load average ${result.machine.loadAverage.join(' ')}${steal})`);
    for (const table of result.tables) console.log(`\n${formatTable(table)}`);
    for (const line of result.notes) console.log(`  * ${line}`);
    console.log('');
    // Written after every part, so an interrupted run keeps what it measured.
    writeResults(RESULTS, results);
  }
} finally {
  await stopPgCluster();
}

const checks = results.flatMap((r) => r.targets);
if (checks.length) console.log(`\n${formatTargets(checks)}`);
console.log(
  `\n${results.length} part(s) in ${Math.round((performance.now() - started) / 1000)} s; figures in ${path.relative(process.cwd(), RESULTS) || RESULTS}`,
);
process.exit(0);
