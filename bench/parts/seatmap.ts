import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Part, PartOutput } from '../lib/part.ts';
import { freePort } from '../lib/ports.ts';
import type { TargetCheck } from '../lib/report.ts';
import { ROOT } from '../lib/server.ts';
import { chromiumMissing, ensureBuilt } from '../lib/web.ts';

/** What bench/seat-map.ts (the scheme feature's own benchmark) prints with --json. */
type SeatMapFigures = {
  hall: string;
  seats: number;
  mapAnswerBytes: { transferred: number; decoded: number };
  firstDrawAfterAnswerMs: number;
  firstDrawAfterParsedAnswerMs: number;
  frames: number;
  frameMedianMs: number;
  frameP95Ms: number;
  framesWithinBudget: number;
  drawMedianMs: number;
  drawP95Ms: number;
};

const SCRIPT = path.join(ROOT, 'bench', 'seat-map.ts');
const TARGETS = { firstDrawMs: 800, frameMs: 16.7, framesWithin: 95 };

function runScript(port: number): Promise<SeatMapFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, '--json'], {
      cwd: ROOT,
      env: { ...process.env, BENCH_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString('utf8')).slice(-3000)));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(line) as SeatMapFigures);
      } catch (error) {
        reject(new Error(`bench/seat-map.ts failed (${(error as Error).message}): ${err || out}`));
      }
    });
  });
}

export const seatmap: Part = {
  name: 'seatmap',
  title: 'Seat map of the 20,000-seat demo hall',
  async run(ctx): Promise<PartOutput> {
    const missing =
      chromiumMissing() ??
      (existsSync(SCRIPT) ? undefined : 'not available: bench/seat-map.ts (the seat map, branch scheme) has not landed');
    if (missing) {
      return {
        tables: [],
        targets: [
          {
            target: `seat map: overview drawn within ${TARGETS.firstDrawMs} ms, 95% of frames within ${TARGETS.frameMs} ms`,
            measured: missing,
            met: null,
          },
        ],
        notes: [missing],
        data: {},
      };
    }
    ensureBuilt(ctx.log);
    ctx.log('seatmap: bench/seat-map.ts (its own server on the demo arena, headless Chromium 1280×800)');
    const f = await runScript(await freePort());
    const targets: TargetCheck[] = [
      {
        target: `seat map: ${f.seats.toLocaleString('en-US')}-seat overview drawn within ${TARGETS.firstDrawMs} ms of the map answer`,
        measured: `${f.firstDrawAfterAnswerMs} ms`,
        met: f.firstDrawAfterAnswerMs <= TARGETS.firstDrawMs,
      },
      {
        target: `seat map: 95% of frames within ${TARGETS.frameMs} ms during zoom and pan`,
        measured: `${f.framesWithinBudget}% within (p95 ${f.frameP95Ms} ms, median ${f.frameMedianMs} ms)`,
        met: f.framesWithinBudget >= TARGETS.framesWithin,
      },
    ];
    return {
      tables: [
        {
          title: `Seat map (${f.hall}, ${f.seats.toLocaleString('en-US')} seats; map answer ${Math.round(f.mapAnswerBytes.transferred / 1000)} kB on the wire), scripted zoom and pan`,
          columns: [
            'first draw after answer ms',
            'after parsing ms',
            'frames',
            'frame median ms',
            'frame p95 ms',
            'within 16.7 ms (+1 ms vsync)',
            'draw p95 ms',
          ],
          rows: [
            [
              f.firstDrawAfterAnswerMs,
              f.firstDrawAfterParsedAnswerMs,
              f.frames,
              f.frameMedianMs,
              f.frameP95Ms,
              `${f.framesWithinBudget}%`,
              f.drawP95Ms,
            ],
          ],
        },
      ],
      targets,
      notes: ['Measured by bench/seat-map.ts, the seat-map feature’s own benchmark script.'],
      data: { figures: f },
    };
  },
};
