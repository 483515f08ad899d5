/**
 * Prints the figures of bench/results.json as Markdown, for docs/benchmarks.md:
 * `node bench/markdown.ts` (after `npm run bench`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Cell, PartResult } from './lib/report.ts';
import { ROOT } from './lib/server.ts';

const results = JSON.parse(readFileSync(path.join(ROOT, 'bench', 'results.json'), 'utf8')) as { parts: Record<string, PartResult> };
const order = ['hot', 'rush', 'overload', 'memory', 'uploads', 'weight', 'lighthouse', 'seatmap'];
const cell = (value: Cell) =>
  value === null
    ? '—'
    : typeof value === 'number'
      ? value.toLocaleString('en-US', { maximumFractionDigits: 2 })
      : value.replaceAll('|', '\\|');
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

const out: string[] = [];
out.push('| target | latest figure | met |', '|---|---|---|');
for (const t of order.flatMap((name) => results.parts[name]?.targets ?? []))
  out.push(row([t.target, cell(t.measured), t.met === null ? 'not measured' : t.met ? 'yes' : '**no**']));
for (const name of order) {
  const part = results.parts[name];
  if (!part) continue;
  const steal =
    part.machine.stealPercent === null || part.machine.stealPercent === undefined
      ? ''
      : `, ${part.machine.stealPercent}% of CPU time stolen by the hypervisor`;
  out.push(
    '',
    `**${part.title}** — ${part.measuredAt.slice(0, 16).replace('T', ' ')} UTC, ${part.seconds} s, ${part.machine.cpus} cores, load average ${part.machine.loadAverage.join(' ')}${steal}`,
  );
  for (const table of part.tables) {
    out.push('', table.title, '', row(table.columns), row(table.columns.map(() => '---')));
    for (const r of table.rows) out.push(row(r.map(cell)));
  }
  for (const note of part.notes) out.push('', `- ${note}`);
}
console.log(out.join('\n'));
