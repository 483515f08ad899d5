// Runs every suite (lint and type check, unit, API on PGlite, API on PostgreSQL, browser) and ends
// with one line 'N passed, N failed' summing them all; CI reads that line. Exits non-zero if
// anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

type Totals = { passed: number; failed: number; skipped: number };
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(title: string, cmd: string, args: string[]): boolean {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function readJson(file: string): unknown {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined;
}

// Static checks first, each counted as one test: lint rules guard the first load (no zod on the
// order, ticket, event and scheme pages' boot path, eslint.config.js), which no other suite sees.
for (const [title, cmd, args] of [
  ['lint', bin('eslint'), ['.']],
  ['type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
] as const) {
  const passed = run(title, cmd, [...args]);
  ok = passed && ok;
  if (passed) totals.passed += 1;
  else totals.failed += 1;
}

// Production dependencies: no high or critical advisory. A registry whose audit endpoint cannot be
// reached is a skip, counted and printed as one, never a pass.
{
  console.log('\n=== npm audit --omit=dev ===');
  const audit = spawnSync(process.execPath, [path.join(root, 'scripts', 'audit.ts')], { cwd: root, stdio: 'inherit', env: process.env });
  if (audit.status === 0) totals.passed += 1;
  else if (audit.status === 3) totals.skipped += 1;
  else {
    totals.failed += 1;
    ok = false;
  }
}

// vitest: all three projects in one run.
const vitestFile = path.join(results, 'vitest.json');
ok = run('unit and API tests (PGlite and PostgreSQL)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`]) && ok;
const vitest = readJson(vitestFile) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number } | undefined;
if (vitest) {
  totals.passed += vitest.numPassedTests;
  // A file that fails to load has no test results of its own: count it as one failure.
  totals.failed += vitest.numFailedTests + (vitest.numFailedTests === 0 && !ok ? Math.max(1, vitest.numFailedTestSuites) : 0);
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  totals.failed += 1;
}

// Browser tests against the built app.
const built = run('build the web app', bin('vite'), ['build', '--logLevel', 'warn']);
if (built) {
  const e2eOk = run('browser tests (Chromium)', bin('playwright'), ['test']);
  ok = e2eOk && ok;
  const e2e = readJson(path.join(results, 'e2e.json')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected + (e2e.stats.unexpected === 0 && !e2eOk ? 1 : 0);
    totals.skipped += e2e.stats.skipped;
  } else {
    totals.failed += 1;
  }
} else {
  ok = false;
  totals.failed += 1;
}

const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(path.join(results, 'totals.txt'), `${line}\n`);
console.log(`\n${line}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
