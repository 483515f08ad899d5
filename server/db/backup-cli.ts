import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLocked, lockDataDir } from './data-dir-lock.ts';

const USAGE = `Usage: npm run backup -- FILE      a backup of the database in FILE
       npm run restore -- FILE     the database restored from FILE

The embedded database (DATA_DIR): FILE is a gzipped tar of its data directory, made while no
server runs on it (stop the server first: the DATA_DIR lock refuses otherwise); restore needs an
empty or missing DATA_DIR. A PostgreSQL server (DATABASE_URL): pg_dump --format=custom and
pg_restore, found on PATH or in PG_BIN; restore goes into the database DATABASE_URL names.`;

/**
 * Backs up or restores the configured database; answers the exit code. A consistent copy of the
 * embedded database needs it closed, so both take the DATA_DIR lock as a server does: a running
 * server makes them refuse rather than copy files it is writing.
 */
async function run(command: string | undefined, args: string[]): Promise<number> {
  const file = args[0];
  if ((command !== 'backup' && command !== 'restore') || file === undefined || args.length > 1 || file.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) return postgres(command, config.databaseUrl, path.resolve(file));
  if (command === 'backup') {
    if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
      console.error(`There is no embedded database in DATA_DIR ${config.dataDir}.`);
      return 1;
    }
    const lock = lockDataDir(config.dataDir);
    try {
      const db = await PGlite.create(config.dataDir);
      try {
        const dump = await db.dumpDataDir('gzip');
        await writeFile(file, Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    } finally {
      lock.release();
    }
    console.error(`Backed up the embedded database in ${config.dataDir} to ${file}.`);
    return 0;
  }
  await mkdir(config.dataDir, { recursive: true });
  const lock = lockDataDir(config.dataDir);
  try {
    // Never over a database: a restore that replaced one by mistake would lose what it held.
    if (readdirSync(config.dataDir).some((name) => name !== path.basename(lock.file))) {
      console.error(
        `DATA_DIR ${config.dataDir} is not empty: restore into an empty or new folder (DATA_DIR=… npm run restore -- ${file}), then point the server at it.`,
      );
      return 1;
    }
    const db = await PGlite.create(config.dataDir, { loadDataDir: new Blob([await readFile(file)]) });
    await db.query('select 1');
    await db.close();
  } finally {
    lock.release();
  }
  console.error(`Restored ${file} into ${config.dataDir}.`);
  return 0;
}

/** pg_dump's custom format: compressed, and pg_restore can restore it whole or in part. */
function postgres(command: 'backup' | 'restore', url: string, file: string): number {
  const bin = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);
  const [tool, args] =
    command === 'backup'
      ? [bin('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, url]]
      : [bin('pg_restore'), ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file]];
  const result = spawnSync(tool, args, { stdio: 'inherit' });
  if (result.error) {
    console.error(
      `Could not run ${tool}: ${result.error.message}. Install the PostgreSQL client tools of the server's version, or set PG_BIN to their folder.`,
    );
    return 1;
  }
  if (result.status === 0)
    console.error(
      command === 'backup' ? `Backed up the PostgreSQL database to ${file}.` : `Restored ${file} into the PostgreSQL database.`,
    );
  return result.status ?? 1;
}

run(process.argv[2], process.argv.slice(3)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLocked) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
