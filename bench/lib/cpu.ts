import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time of processes from Linux /proc/<pid>/stat, in milliseconds: contention-insensitive
 * figures (the work a call costs, whatever else the two cores are doing at the time).
 */

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

type Stat = { comm: string; ppid: number; utime: number; stime: number; cutime: number; cstime: number };

function readStat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name in parentheses may hold spaces; the fields after it are space-separated.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3] ?? 0);
  return {
    comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
    ppid: field(4),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
  };
}

const toMs = (ticks: number) => (ticks * 1000) / clockTicks();

/** User + system CPU time of one process so far (ms), or null when it is gone or not on Linux. */
export function processCpuMs(pid: number): number | null {
  const stat = readStat(pid);
  return stat ? toMs(stat.utime + stat.stime) : null;
}

/**
 * CPU time of a PostgreSQL cluster so far (ms): the postmaster, every live child (backends,
 * checkpointer, WAL writer, …) and the children it already reaped (cutime/cstime), so a backend
 * that exits between two readings is still counted.
 */
export function clusterCpuMs(postmasterPid: number): number | null {
  const postmaster = readStat(postmasterPid);
  if (!postmaster) return null;
  let ticks = postmaster.utime + postmaster.stime + postmaster.cutime + postmaster.cstime;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.ppid === postmasterPid) ticks += stat.utime + stat.stime;
  }
  return toMs(ticks);
}

/** The postmaster of a backend (its parent process); null unless the pid is a local postgres process. */
export function parentPid(pid: number): number | null {
  const stat = readStat(pid);
  return stat?.comm.startsWith('postgres') ? stat.ppid : null;
}
