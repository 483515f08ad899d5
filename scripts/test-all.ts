// Runs every suite (lint and type check, unit, API on PGlite, API on PostgreSQL, browser), then the
// date-sensitive ones again at the clock runs' instants (scripts/clock-runs.ts), and ends with one
// line 'N passed, N failed' summing them all; CI reads that line. Before it: the ten slowest test
// files, and a failure for any test file over FILE_LIMIT_MS. Exits non-zero if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { createScratchDir } from './scratch-dir.ts';
import { CLOCK_API_FILES, CLOCK_E2E_GREP, CLOCK_E2E_SPECS, LIBFAKETIME, clockE2eEnv, clockEnv, clockInstants } from './clock-runs.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// Every process of the run makes its temporary files on a memory file system where the machine
// has one with room (scripts/scratch-dir.ts): os.tmpdir() reads TMPDIR, in this process too. A
// TMPDIR the developer set is kept.
const scratch = process.env.TMPDIR ? undefined : createScratchDir();
if (scratch) {
  process.env.TMPDIR = scratch;
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
}
// Node keeps the code it compiled for the modules it loads (node_modules, the servers' sources) in a
// cache folder, where the run's next processes find it: the servers and CLIs its tests start, the
// test runners' workers, each of which compiled the same modules again.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'storefront-node-compile-cache');

// The api project's PGlite templates (tests/pglite-global-setup.ts) are kept for the whole run:
// the clock runs' API runs load the migrated one instead of running initdb and the migrations
// again. Removed when the run ends.
const pgliteTemplates = mkdtempSync(path.join(os.tmpdir(), 'storefront-pglite-run-'));
process.env.TEST_PGLITE_TEMPLATE_DIR = pgliteTemplates;
process.on('exit', () => rmSync(pgliteTemplates, { recursive: true, force: true }));

type Totals = { passed: number; failed: number; skipped: number };
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

type Step = { title: string; cmd: string; args: string[]; env?: Record<string, string> };
type Ended = { title: string; passed: boolean; output: Buffer; why: string };

/** Prints an ended command's output whole, under its title. */
function print({ title, output, why }: Ended) {
  console.log(`\n=== ${title} ===`);
  process.stdout.write(output);
  if (why) console.log(why);
}

/**
 * Starts commands side by side (two cores: steps that each keep one busy, or wait on each other's
 * processes, share the machine better than they take turns), keeping each one's output;
 * `onEnd` gets each as it ends. Answers all of them once they have ended.
 */
function startSideBySide(steps: Step[], onEnd: (ended: Ended) => void = () => {}): Promise<Ended[]> {
  return Promise.all(
    steps.map(
      ({ title, cmd, args, env = {} }) =>
        new Promise<Ended>((resolve) => {
          const output: Buffer[] = [];
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          let ended = false;
          const done = (passed: boolean, why = '') => {
            if (ended) return;
            ended = true;
            const result = { title, passed, output: Buffer.concat(output), why };
            onEnd(result);
            resolve(result);
          };
          child.on('error', (error) => done(false, `could not start: ${error.message}`));
          child.on('close', (code) => done(code === 0));
        }),
    ),
  );
}

/** The last lines of a command's output, without terminal colours. */
function lastLines(output: Buffer, count = 40): string[] {
  return stripVTControlCharacters(output.toString('utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .slice(-count);
}

/**
 * Runs a command with its output shown as it comes, answering whether it passed and its last lines
 * (what a run that failed before any test said: a server that did not start).
 */
function runKeepingTail(title: string, cmd: string, args: string[]): Promise<{ passed: boolean; tail: string[] }> {
  console.log(`\n=== ${title} ===`);
  return new Promise((resolve) => {
    // The output's last 16 kB, cut into lines when the command ends (a chunk may end mid-line).
    let kept = '';
    const keep = (chunk: Buffer) => {
      kept = (kept + chunk.toString('utf8')).slice(-16_384);
    };
    // Piped, the command would think it writes to no terminal: a developer's terminal keeps its colours.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('error', (error) => resolve({ passed: false, tail: [`could not start: ${error.message}`] }));
    child.on('close', (code) => resolve({ passed: code === 0, tail: lastLines(Buffer.from(kept)) }));
  });
}

/** Runs a command with its output shown as it comes, without blocking this process (steps started beside it go on). */
function runShown(title: string, cmd: string, args: string[]): Promise<boolean> {
  console.log(`\n=== ${title} ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

/** A test file's time, for the slowest list and the per-file limit. */
type FileTime = { file: string; ms: number; suite: string };
const fileTimes: FileTime[] = [];
// One test file may take at most this long (vitest: from its first test to its last; Playwright:
// the sum of its tests, which run spread over the workers). A file past it is split (as the API
// fuzzing is, in two halves) or sped up (a shared app for tests that only read, a CLI's rules
// proven in process: docs/codebase.md, 'The suite's time').
// The limit is for a machine the suite has to itself: where other work took part of the CPU
// during the vitest run (a developer's build, helpers' tests), it grows by the same factor, since
// a file's time then says more about the neighbours than about the file (`cpuShare`). The api-pg
// project's PostgreSQL runs detached (pg_ctl), so its CPU counts as other work: on a quiet machine
// the limit then grows by about that server's share.
const FILE_LIMIT_MS = 60_000;

/** The machine's busy CPU time and this process's waited-for children's, in clock ticks (Linux). */
function cpuTicks(): { busy: number; ours: number } | undefined {
  try {
    const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields.map(Number);
    // /proc/self/stat: after the command's name in parentheses, cutime and cstime are the 14th and
    // 15th fields (the 16th and 17th of the whole line).
    const own = readFileSync('/proc/self/stat', 'utf8');
    const after = own
      .slice(own.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const ours = (after[13] ?? 0) + (after[14] ?? 0);
    return { busy: user + nice + system + irq + softirq + steal, ours };
  } catch {
    return undefined;
  }
}

/**
 * Which part of the machine's busy CPU time between two readings was this run's (1 where unknown),
 * less `notOurs`: ticks of our own children that were not the run (the static checks beside it).
 */
function cpuShare(before: ReturnType<typeof cpuTicks>, after: ReturnType<typeof cpuTicks>, notOurs = 0): number {
  if (!before || !after || after.busy <= before.busy) return 1;
  return Math.min(1, Math.max(0.1, (after.ours - before.ours - notOurs) / (after.busy - before.busy)));
}

type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};
type E2eJson = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: E2eSuite[];
  /** What failed outside any test: a server that did not start, a global set-up's error. */
  errors?: { message?: string }[];
};
type E2eSuite = {
  file: string;
  suites?: E2eSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { duration: number; error?: { message?: string } }[] }[];
  }[];
};

/**
 * What failed, a line each, printed again just before the totals: CI keeps only the end of a long
 * log, and a failure scrolled out of it would leave nothing to act on.
 */
const failures: string[] = [];
/** An error's first lines without terminal colours, short enough for a summary. */
function firstLines(text: string | undefined, lines = 3): string {
  const plain = stripVTControlCharacters(text ?? '').trim();
  const kept = plain
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, lines)
    .join(' | ');
  return kept.length > 400 ? `${kept.slice(0, 400)}…` : kept;
}

/** Adds a vitest run's totals and per-file times. */
function countVitest(file: string, passed: boolean, suite: string) {
  const vitest = readJson(file) as VitestJson | undefined;
  if (!vitest) {
    totals.failed += 1;
    failures.push(`${suite}: vitest ended without its report (${path.relative(root, file)}); its output is above`);
    return;
  }
  totals.passed += vitest.numPassedTests;
  // A file that fails to load has no test results of its own: count it as one failure.
  totals.failed += vitest.numFailedTests + (vitest.numFailedTests === 0 && !passed ? Math.max(1, vitest.numFailedTestSuites) : 0);
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const r of vitest.testResults ?? []) {
    fileTimes.push({ file: path.relative(root, r.name), ms: r.endTime - r.startTime, suite });
    const failed = (r.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed)
      failures.push(`${suite}: ${path.relative(root, r.name)} › ${a.fullName}: ${firstLines(a.failureMessages?.[0])}`);
    if (failed.length === 0 && r.status === 'failed') failures.push(`${suite}: ${path.relative(root, r.name)}: ${firstLines(r.message)}`);
  }
  if (!passed && vitest.numFailedTests === 0 && vitest.numFailedTestSuites === 0)
    failures.push(`${suite}: vitest failed outside any test file (an unhandled error, a global set-up); its output is above`);
}

/** Browser tests that failed once and passed when run again (CI's one retry): listed at the end. */
const flaky: string[] = [];

/** Adds a Playwright run's totals and per-spec times; `tail`, its last lines, says why a run that ran no test failed. */
function countE2e(file: string, passed: boolean, suite: string, tail: string[] = []) {
  const e2e = readJson(file) as E2eJson | undefined;
  if (!e2e) {
    totals.failed += 1;
    failures.push(`${suite}: Playwright ended without its report (${path.relative(root, file)}); its last lines:`);
    for (const line of tail.slice(-10)) failures.push(`${suite}:   ${line.slice(0, 300)}`);
    return;
  }
  for (const error of e2e.errors ?? []) failures.push(`${suite}: ${firstLines(error.message, 6)}`);
  if (!passed && e2e.stats.unexpected === 0 && !e2e.errors?.length)
    failures.push(`${suite}: Playwright failed with no failed test (${e2e.stats.expected} passed); its output is above`);
  if (!passed && e2e.stats.unexpected === 0) for (const line of tail.slice(-10)) failures.push(`${suite}:   ${line.slice(0, 300)}`);
  totals.passed += e2e.stats.expected + e2e.stats.flaky;
  totals.failed += e2e.stats.unexpected + (e2e.stats.unexpected === 0 && !passed ? 1 : 0);
  totals.skipped += e2e.stats.skipped;
  const bySpec = new Map<string, number>();
  const walk = (s: E2eSuite) => {
    for (const spec of s.specs ?? [])
      for (const t of spec.tests) {
        for (const r of t.results) bySpec.set(s.file, (bySpec.get(s.file) ?? 0) + r.duration);
        if (t.status === 'flaky') flaky.push(`[${t.projectName}] e2e/${s.file}:${spec.line} ${spec.title} (${suite})`);
        if (t.status === 'unexpected')
          failures.push(
            `${suite}: [${t.projectName}] e2e/${s.file}:${spec.line} ${spec.title}: ${firstLines(t.results.at(-1)?.error?.message)}`,
          );
      }
    for (const child of s.suites ?? []) walk(child);
  };
  for (const s of e2e.suites ?? []) walk(s);
  for (const [spec, ms] of bySpec) fileTimes.push({ file: path.join('e2e', spec), ms, suite });
}

/** libfaketime's library, installed from Debian's package when missing and this user may. */
function findLibfaketime(): string | undefined {
  const found = () => LIBFAKETIME.find((file) => existsSync(file));
  if (found() || process.getuid?.() !== 0) return found();
  console.log('\n=== installing faketime (Debian) for the clock runs ===');
  const apt = (...args: string[]) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!apt('install', '-y', '-qq', 'faketime') && apt('update', '-qq')) apt('install', '-y', '-qq', 'faketime');
  return found();
}

function readJson(file: string): unknown {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined;
}

// Static checks, each counted as one test: lint rules guard the first load (no zod on the order,
// ticket, event and scheme pages' boot path, eslint.config.js), which no other suite sees. They,
// and the web app's build for the browser tests (no vitest file reads dist/), run beside the
// vitest run, their output printed after it, at the lowest CPU priority (nice 19): they take the
// CPU vitest leaves idle (between its files, and at the ends of its projects) rather than slowing
// the PGlite project, which keeps both cores busy. What is left of them when vitest ends runs
// before the browser tests. Their CPU is counted apart from vitest's for the per-file limit (below).
const NICE = '/usr/bin/nice';
const niced = (step: Step): Step => (existsSync(NICE) ? { ...step, cmd: NICE, args: ['-n', '19', step.cmd, ...step.args] } : step);
let staticTicks: number | undefined;
let vitestRunning = true;
const staticStart = cpuTicks();
const staticChecks = startSideBySide([
  niced({ title: 'lint', cmd: bin('eslint'), args: ['.'] }),
  // TypeScript 7's native compiler checks the types (a fifth of TypeScript 6's time); TypeScript 6
  // stays installed for typescript-eslint's parser, which does not take 7 yet.
  niced({
    title: 'type check',
    cmd: process.execPath,
    args: [path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.json'],
  }),
  niced({ title: 'build the web app', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] }),
]).then((ended) => {
  // All have ended and been waited for: their CPU is in this process's children's time now.
  const now = cpuTicks();
  if (now && staticStart && vitestRunning) staticTicks = now.ours - staticStart.ours;
  return ended;
});

// Production dependencies: no high or critical advisory. A registry whose audit endpoint cannot be
// reached is a skip, counted and printed as one, never a pass.
{
  console.log('\n=== npm audit --omit=dev ===');
  const audit = spawnSync(process.execPath, [path.join(root, 'scripts', 'audit.ts')], { cwd: root, stdio: 'inherit', env: process.env });
  if (audit.status === 0) totals.passed += 1;
  else if (audit.status === 3) totals.skipped += 1;
  else {
    totals.failed += 1;
    failures.push('npm audit --omit=dev: a high or critical advisory (above)');
    ok = false;
  }
}

// vitest in two runs side by side: the projects on PGlite and in jsdom (shown as it runs), and the
// api-pg project (printed whole when it ends). Alone, api-pg left about a third of the cores idle
// (its files wait on PostgreSQL's answers, on servers that crash or freeze, on several instances);
// beside the PGlite run, which keeps both cores busy, that time goes to the PGlite files.
const vitestFile = path.join(results, 'vitest.json');
const vitestPgFile = path.join(results, 'vitest-pg.json');
const ticksBefore = cpuTicks();
const vitestPg = startSideBySide([
  {
    title: 'API tests on PostgreSQL',
    cmd: bin('vitest'),
    args: ['run', '--project', 'api-pg', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestPgFile}`],
  },
]);
const vitestOk = await runShown('unit and API tests (PGlite)', bin('vitest'), [
  'run',
  // Every project but api-pg, so a project added later runs here too.
  '--project',
  '!api-pg',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const [pg] = await vitestPg;
vitestRunning = false;
// The static checks still running when vitest ended have not been waited for: their CPU so far
// is not in our children's time, so it counts as other work, as it should.
const share = cpuShare(ticksBefore, cpuTicks(), staticTicks ?? 0);
if (pg) print(pg);
ok = vitestOk && (pg?.passed ?? false) && ok;
countVitest(vitestFile, vitestOk, 'vitest');
countVitest(vitestPgFile, pg?.passed ?? false, 'vitest api-pg');
const [lint, typeCheck, build] = await staticChecks;
for (const ended of [lint, typeCheck]) {
  if (!ended) continue;
  print(ended);
  ok = ended.passed && ok;
  if (ended.passed) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${ended.title}: failed (its output is above)`);
  }
}
// Below 90% the machine was shared in earnest; above, the difference is the system's own work.
const fileLimitMs = share < 0.9 ? Math.round(FILE_LIMIT_MS / share) : FILE_LIMIT_MS;
if (fileLimitMs !== FILE_LIMIT_MS)
  console.log(
    `\nThe vitest run's own processes had ${Math.round(share * 100)}% of the machine's busy CPU: a test file may take ${(fileLimitMs / 1000).toFixed(0)} s this time.`,
  );

// Browser tests against the built app.
if (build) print(build);
const built = build?.passed ?? false;
if (built) {
  const e2e = await runKeepingTail('browser tests (Chromium)', bin('playwright'), ['test']);
  ok = e2e.passed && ok;
  countE2e(path.join(results, 'e2e.json'), e2e.passed, 'e2e', e2e.tail);
} else {
  ok = false;
  totals.failed += 1;
  failures.push('the web app did not build, so no browser test ran (vite build, above)');
}

// The clock runs: the date-sensitive files again, the machine's clock set to each instant.
const library = findLibfaketime();
if (!library) {
  console.log('\nThe clock runs need libfaketime (Debian: apt-get install faketime); counted as one failure.');
  ok = false;
  totals.failed += 1;
  failures.push('the clock runs did not run: no libfaketime');
} else {
  // At each instant the API run and the browser run go side by side: they share no port, folder or
  // database (the API run is on PGlite in its own processes, the browser run starts its own server),
  // and the browser run's server start and page waits leave the API run room.
  for (const instant of clockInstants()) {
    const tag = instant.at.toISOString();
    const apiFile = path.join(results, `clock-${tag.slice(0, 16).replace(':', '')}-api.json`);
    const e2eFile = path.join(results, `clock-${tag.slice(0, 16).replace(':', '')}-e2e.json`);
    // Each one's output is printed whole when it ends, so the log reads as if they ran one after another.
    const [api, e2e] = await startSideBySide(
      [
        {
          title: `API tests at ${tag} (${instant.name})`,
          cmd: bin('vitest'),
          args: ['run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${apiFile}`, ...CLOCK_API_FILES],
          env: clockEnv(library, instant.at),
        },
        ...(built
          ? [
              {
                title: `browser tests at ${tag} (${instant.name})`,
                cmd: bin('playwright'),
                args: ['test', '--grep', CLOCK_E2E_GREP, ...CLOCK_E2E_SPECS],
                env: { ...clockE2eEnv(library, instant.at), E2E_JSON: e2eFile, E2E_OUTPUT_DIR: e2eFile.replace(/\.json$/, '') },
              },
            ]
          : []),
      ],
      print,
    );
    ok = (api?.passed ?? false) && ok;
    countVitest(apiFile, api?.passed ?? false, `clock ${tag}`);
    if (e2e) {
      ok = e2e.passed && ok;
      countE2e(e2eFile, e2e.passed, `clock ${tag}`, lastLines(e2e.output));
    }
  }
}

// The ten slowest files, and any over the limit (each counted as a failure).
console.log('\n=== the 10 slowest test files ===');
for (const t of [...fileTimes].sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file}  (${t.suite})`);
for (const t of fileTimes.filter((f) => f.ms > fileLimitMs && f.suite === 'vitest')) {
  const why = `${t.file} took ${(t.ms / 1000).toFixed(1)} s, over the ${(fileLimitMs / 1000).toFixed(0)} s a test file may take: split it or make it faster.`;
  console.log(`FAILED: ${why}`);
  failures.push(why);
  ok = false;
  totals.failed += 1;
}

if (flaky.length > 0) {
  console.log(`\n=== ${flaky.length} browser test(s) failed once and passed when run again (flaky: their traces are in test-results) ===`);
  for (const name of flaky) console.log(`FLAKY: ${name}`);
}

if (failures.length > 0) {
  console.log(`\n=== what failed (${failures.length}) ===`);
  for (const failure of failures) console.log(`FAILED: ${failure}`);
}

const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(path.join(results, 'totals.txt'), `${line}\n`);
console.log(`\n${line}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
