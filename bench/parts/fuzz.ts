import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Part, PartOutput } from '../lib/part.ts';
import { ROOT } from '../lib/server.ts';

/** The longer seeded run of the API fuzzer (tests/api-fuzz-1.db.test.ts and -2 run 5,000 cases in CI, half the routes each). */
const CASES = Number(process.env.BENCH_FUZZ_CASES ?? 50_000);

export const fuzz: Part = {
  name: 'fuzz',
  title: `API fuzzing: ${CASES.toLocaleString('en-US')} generated cases over every call (PGlite)`,
  async run(ctx): Promise<PartOutput> {
    const seed = process.env.FUZZ_SEED ?? String((Math.random() * 2 ** 31) | 0);
    ctx.log(
      `fuzz: seed ${seed}, ${CASES} cases (replay: FUZZ_SEED=${seed} FUZZ_CASES=${CASES} npx vitest run --project api tests/api-fuzz-1.db.test.ts tests/api-fuzz-2.db.test.ts)`,
    );
    const started = performance.now();
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        path.join(ROOT, 'node_modules', '.bin', 'vitest'),
        ['run', '--project', 'api', 'tests/api-fuzz-1.db.test.ts', 'tests/api-fuzz-2.db.test.ts'],
        {
          cwd: ROOT,
          env: { ...process.env, FUZZ_SEED: seed, FUZZ_CASES: String(CASES) },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('exit', (exit) => resolve({ code: exit, output: text }));
    });
    const seconds = Math.round((performance.now() - started) / 1000);
    // Each half's summary line (tests/fuzz/fuzz-half.ts): cases, routes, refused, accepted, digests; summed.
    const halves = [...output.matchAll(/fuzz: (\d+) cases on (\d+) routes, (\d+) refused, (\d+) accepted, (\d+) table digests/g)];
    const summary =
      halves.length === 2 ? ['', ...[1, 2, 3, 4, 5].map((i) => String(halves.reduce((sum, m) => sum + Number(m[i]), 0)))] : undefined;
    const failure =
      code === 0
        ? undefined
        : (/(\S+ \S+: (?:break|raw|hostile|guard)[\s\S]{0,1500}?replay: [^\n]+)/.exec(output)?.[1] ?? output.slice(-2000));
    const [cases, routes, refused, accepted, digests] = (summary?.slice(1) ?? []).map(Number);
    return {
      tables: [
        {
          title: `API fuzzing, seed ${seed}`,
          columns: ['cases', 'routes', 'refused (4xx)', 'accepted', 'table digests', 'seconds', 'cases/s', 'outcome'],
          rows: [
            [
              cases ?? null,
              routes ?? null,
              refused ?? null,
              accepted ?? null,
              digests ?? null,
              seconds,
              cases ? Math.round(cases / seconds) : null,
              code === 0 ? 'passed' : 'FAILED',
            ],
          ],
        },
      ],
      targets: [
        {
          target: 'no 5xx; every case breaking a rule refused with errorCode and errorText; no refused case changes a table',
          measured: code === 0 ? `held over ${cases ?? '?'} cases` : 'broken: see the notes',
          met: code === 0,
        },
      ],
      notes: failure ? [`failing case (seed ${seed}): ${failure}`] : [],
      data: { seed: Number(seed), cases, routes, refused, accepted, digests, seconds, passed: code === 0 },
    };
  },
};
