import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { openPostgres } from '../server/db/client.ts';

export type Cluster = { url: string; stop: () => void; /** The server's log file. */ log?: string };

/**
 * A fresh database `<prefix>_<random>` on the server at adminUrl, empty or a copy of `template`
 * (a database nobody is connected to); drop() removes it again.
 */
export async function createDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = await openPostgres(adminUrl, 1);
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}

export function findBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql/*/bin and no TEST_DATABASE_URL set');
}

/** A TCP port on 127.0.0.1 that nothing listens on right now (also used by the benchmarks). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL cluster on 127.0.0.1 and a free port. PostgreSQL refuses to
 * run as root, so as root it runs as the postgres system user on a folder that user owns.
 */
export async function startCluster(options: { durable?: boolean } = {}): Promise<Cluster> {
  const bin = findBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  // The test suite turns durability off for speed (it tests no crash here); the benchmarks ask
  // for a durable cluster, as a venue's server runs, so their figures are true ones.
  const speedOverDurability = options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'];
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    ...speedOverDurability,
    '-c max_connections=400',
    // PG_DIAGNOSTICS=1 (benchmarks, investigations): statement statistics, nested statements
    // included (those inside place_order), and the plans of slow statements in the log.
    ...(process.env.PG_DIAGNOSTICS === '1'
      ? [
          "-c shared_preload_libraries='pg_stat_statements,auto_explain'",
          '-c pg_stat_statements.track=all',
          '-c track_functions=all',
          '-c track_io_timing=on',
          `-c auto_explain.log_min_duration=${process.env.PG_EXPLAIN_MS ?? '-1'}`,
          '-c auto_explain.log_nested_statements=on',
          '-c auto_explain.log_analyze=on',
          '-c auto_explain.log_buffers=on',
          '-c auto_explain.log_triggers=on',
        ]
      : []),
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, log: path.join(dir, 'log') };
}
