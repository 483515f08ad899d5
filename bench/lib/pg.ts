import { openPostgres } from '../../server/db/client.ts';
import { parentPid } from './cpu.ts';
import { type Cluster, createDatabase, startCluster } from '../../tests/pg-cluster.ts';

let cluster: Promise<Cluster> | undefined;

/** The throw-away PostgreSQL cluster of this run, started on first use, durable (fsync, synchronous_commit and full_page_writes on) as a venue's server is. */
export function pgCluster(): Promise<Cluster> {
  // BENCH_PG_DIAGNOSTICS=1 (bench/lib/pg-diagnostics.ts) needs pg_stat_statements loaded at start.
  if (process.env.BENCH_PG_DIAGNOSTICS === '1') process.env.PG_DIAGNOSTICS = '1';
  cluster ??= startCluster({ durable: true });
  return cluster;
}

/** Stops the cluster if this run started one. */
export async function stopPgCluster() {
  if (!cluster) return;
  const started = cluster;
  cluster = undefined;
  try {
    (await started).stop();
  } catch {
    // It never started; nothing to stop.
  }
}

/** A fresh, empty database on the cluster; drop() removes it again. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase((await pgCluster()).url, 'bench');
}

let postmaster: Promise<number | null> | undefined;
/** The pid of the cluster's postmaster (the parent of any backend), for its CPU time; null when unknown. */
export function clusterPostmasterPid(): Promise<number | null> {
  postmaster ??= (async () => {
    const admin = await openPostgres((await pgCluster()).url, 1);
    try {
      const { rows } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid');
      const backend = rows[0]?.pid;
      return backend === undefined ? null : parentPid(backend);
    } finally {
      await admin.close();
    }
  })().catch(() => null);
  return postmaster;
}
