import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

export type Cell = string | number | null;
export type Table = { title: string; columns: string[]; rows: Cell[][] };
/** A target of the issue and how the latest run measured against it; met null = not measured. */
export type TargetCheck = { target: string; measured: string; met: boolean | null };

export type PartResult = {
  part: string;
  title: string;
  measuredAt: string;
  seconds: number;
  machine: { cpus: number; loadAverage: number[]; node: string; stealPercent: number | null };
  tables: Table[];
  targets: TargetCheck[];
  notes: string[];
  data: Record<string, unknown>;
};

/** CPU time counters of the whole machine (Linux /proc/stat), to tell how much the hypervisor took. */
export function cpuTimes(): { total: number; steal: number } | undefined {
  try {
    const fields = (/^cpu\s+(.*)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1] ?? '').trim().split(/\s+/).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/**
 * The machine while a part ran: cores, load average, and the share of CPU time the hypervisor
 * stole from this virtual machine (other tenants' load, invisible in the load average).
 */
export function machine(since?: { total: number; steal: number }) {
  const now = cpuTimes();
  const stealPercent =
    since && now && now.total > since.total ? Number((((now.steal - since.steal) / (now.total - since.total)) * 100).toFixed(1)) : null;
  return { cpus: os.cpus().length, loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))), node: process.version, stealPercent };
}

const show = (cell: Cell) =>
  cell === null ? '—' : typeof cell === 'number' ? cell.toLocaleString('en-US', { maximumFractionDigits: 2 }) : cell;

/** A plain-text table, numbers right-aligned. */
export function formatTable(table: Table): string {
  const cells = table.rows.map((row) => row.map(show));
  const widths = table.columns.map((c, i) => Math.max(c.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (values: string[], numeric: boolean[]) =>
    values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const numeric = table.columns.map((_, i) => table.rows.every((row) => typeof row[i] === 'number' || row[i] === null));
  return [
    table.title,
    line(table.columns, numeric),
    line(
      widths.map((w) => '-'.repeat(w)),
      numeric,
    ),
    ...cells.map((row) => line(row, numeric)),
  ].join('\n');
}

export function formatTargets(checks: TargetCheck[]): string {
  return formatTable({
    title: 'Targets',
    columns: ['target', 'measured', 'met'],
    rows: checks.map((c) => [c.target, c.measured, c.met === null ? 'not measured' : c.met ? 'yes' : 'NO']),
  });
}

/** Merges this run's parts into the results file, keeping the latest figures of parts not run now. */
export function writeResults(file: string, parts: PartResult[]) {
  let previous: { parts?: Record<string, PartResult> } = {};
  if (existsSync(file)) {
    try {
      previous = JSON.parse(readFileSync(file, 'utf8')) as typeof previous;
    } catch {
      previous = {};
    }
  }
  const merged: Record<string, PartResult> = { ...previous.parts };
  for (const part of parts) merged[part.part] = part;
  const targets = Object.values(merged).flatMap((p) => p.targets);
  writeFileSync(file, `${JSON.stringify({ updatedAt: new Date().toISOString(), targets, parts: merged }, null, 2)}\n`);
  return targets;
}
