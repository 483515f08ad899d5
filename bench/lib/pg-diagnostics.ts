import { readFileSync, readdirSync } from 'node:fs';
import { type Db, openPostgres } from '../../server/db/client.ts';
import { pgCluster } from './pg.ts';

/**
 * BENCH_PG_DIAGNOSTICS=1 (with the cluster started with PG_DIAGNOSTICS=1, which the bench sets
 * from it): where the PostgreSQL cluster's CPU goes during a scenario. Prints, per order sold,
 * the CPU of each kind of cluster process (backends, autovacuum, WAL writer, checkpointer, …),
 * the statements by execution time (pg_stat_statements with track = all: the statements inside
 * place_order too), WAL per order (pg_stat_wal), and the hot tables' updates, HOT updates and dead
 * rows. An investigation tool: the figures in the tables do not need it.
 */
export const PG_DIAGNOSTICS = process.env.BENCH_PG_DIAGNOSTICS === '1';

const ticks = 100; // CLK_TCK on Linux

type Proc = { pid: number; kind: string; ticks: number; childTicks: number };

function kindOf(cmdline: string): string {
  const text = cmdline.replace(/\0/g, ' ').trim();
  if (/autovacuum launcher/.test(text)) return 'autovacuum launcher';
  if (/autovacuum worker/.test(text)) return 'autovacuum worker';
  for (const name of ['walwriter', 'checkpointer', 'background writer', 'logical replication launcher', 'stats collector', 'logger']) {
    if (text.includes(name)) return name;
  }
  if (/^postgres: \S+ \S+ /.test(text)) return 'backends';
  return text.startsWith('postgres:') ? text.slice(10, 40) : 'postmaster';
}

function processes(postmaster: number): Proc[] {
  const out: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      if (pid !== postmaster && ppid !== postmaster) continue;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      out.push({
        pid,
        kind: pid === postmaster ? 'postmaster' : kindOf(cmdline),
        ticks: Number(fields[11]) + Number(fields[12]),
        childTicks: Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // gone
    }
  }
  return out;
}

type Snapshot = { procs: Proc[]; wal: Record<string, number> };

export type Diagnostics = { before(): Promise<Snapshot>; after(before: Snapshot, sold: number, label: string): Promise<string> };

const WAL_AND_SESSIONS = `select wal_records, wal_fpi, wal_bytes, wal_buffers_full,
    (select sum(sessions) from pg_stat_database) as sessions_opened, (select sum(xact_rollback) from pg_stat_database) as rollbacks
  from pg_stat_wal`;

let admin: Promise<Db> | undefined;
const adminDb = () => (admin ??= pgCluster().then((c) => openPostgres(c.url, 1)));

async function benchDb(): Promise<Db | undefined> {
  const a = await adminDb();
  const { rows } = await a.query<{ datname: string }>(
    "select datname from pg_database where datname like 'bench_%' order by oid desc limit 1",
  );
  const name = rows[0]?.datname;
  if (!name) return undefined;
  const url = new URL((await pgCluster()).url);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), 1);
}

export function pgDiagnostics(postmaster: number): Diagnostics {
  return {
    async before() {
      const a = await adminDb();
      await a.exec('create extension if not exists pg_stat_statements');
      await a.query('select pg_stat_statements_reset()');
      const { rows } = await a.query<Record<string, number>>(WAL_AND_SESSIONS);
      return { procs: processes(postmaster), wal: rows[0] ?? {} };
    },
    async after(before, sold, label) {
      const procs = processes(postmaster);
      const lines: string[] = [`— PostgreSQL diagnostics: ${label} (${sold} orders sold)`];
      const per = (ms: number) => (sold ? (ms / sold).toFixed(3) : '—');
      const byKind = new Map<string, number>();
      const prior = new Map(before.procs.map((p) => [p.pid, p]));
      for (const p of procs) {
        const was = prior.get(p.pid);
        const delta = p.ticks - (was?.ticks ?? 0);
        byKind.set(p.kind, (byKind.get(p.kind) ?? 0) + delta);
        if (p.kind === 'postmaster')
          byKind.set('exited children (autovacuum workers, closed backends)', p.childTicks - (was?.childTicks ?? 0));
      }
      const total = [...byKind.values()].reduce((s, v) => s + v, 0);
      lines.push(`CPU ms per order by process kind (total ${per((total * 1000) / ticks)}):`);
      for (const [kind, t] of [...byKind].sort((x, y) => y[1] - x[1]))
        if (t > 0) lines.push(`  ${kind.padEnd(55)} ${per((t * 1000) / ticks)}`);
      const a = await adminDb();
      const wal = (await a.query<Record<string, number>>(WAL_AND_SESSIONS)).rows[0] ?? {};
      lines.push(
        `WAL and sessions per order: ${Object.keys(wal)
          .map((k) => `${k} ${per(Number(wal[k]) - Number(before.wal[k] ?? 0))}`)
          .join(', ')}`,
      );
      const { rows } = await a.query<{
        calls: number;
        total: number;
        mean: number;
        rows: number;
        hit: number;
        query: string;
        toplevel: boolean;
      }>(
        `select calls::int, total_exec_time as total, mean_exec_time as mean, rows::int, shared_blks_hit::int as hit, toplevel,
                regexp_replace(query, '\\s+', ' ', 'g') as query
           from pg_stat_statements order by total_exec_time desc limit 25`,
      );
      lines.push('Statements by execution time (ms per order, calls per order, mean ms, buffer hits per call, top level):');
      for (const r of rows) {
        lines.push(
          `  ${per(r.total).padStart(7)} ${per(r.calls).padStart(7)} ${r.mean.toFixed(3).padStart(8)} ${(r.calls ? r.hit / r.calls : 0).toFixed(1).padStart(7)} ${r.toplevel ? 'top ' : 'nest'} ${r.query.slice(0, 150)}`,
        );
      }
      const db = await benchDb();
      if (db) {
        try {
          const tables = await db.query<Record<string, unknown>>(
            `select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_dead_tup, n_live_tup, autovacuum_count, autoanalyze_count
               from pg_stat_user_tables where relname in ('sessions','orders','order_lines','tickets','price_stock','standing_stock','events') order by relname`,
          );
          lines.push('Tables (cumulative): ' + tables.rows.map((t) => JSON.stringify(t)).join('\n  '));
          const functions = await db.query<Record<string, unknown>>(
            'select funcname, calls, total_time, self_time from pg_stat_user_functions',
          );
          lines.push('Functions (cumulative): ' + functions.rows.map((t) => JSON.stringify(t)).join('\n  '));
        } finally {
          await db.close();
        }
      }
      return lines.join('\n');
    },
  };
}
