import { inspect } from 'node:util';
import { mkdir } from 'node:fs/promises';
import { type Config, ConfigError } from '../config.ts';
import { type Db, openDb } from './client.ts';
import { DataDirLocked, lockDataDir } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';

/**
 * Runs a command-line tool's work on the configured database, migrated, and closes it after. The
 * embedded database is one process's at a time, so its data folder is locked for the run: the tool
 * refuses to start while a server runs on it.
 */
export async function withDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  try {
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
    try {
      await migrate(db);
      return await work(db);
    } finally {
      await db.close();
    }
  } finally {
    lock?.release();
  }
}

/**
 * Runs a command-line tool's main and answers the exit code. A failure answers 1 with its
 * explanation written to `stderr`: `explain`'s for the tool's own errors, the message alone for a
 * bad configuration or a locked data folder (the operator's to fix), the stack for anything else
 * (a fault to report). Tests call it in process; runCli is the same for a real process.
 */
export async function cliExitCode(
  main: () => Promise<number>,
  explain: (error: unknown) => string | undefined = () => undefined,
  stderr: (line: string) => void = (line) => console.error(line),
): Promise<number> {
  try {
    return await main();
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirLocked ? error.message : undefined;
    const text = explain(error) ?? known ?? (error instanceof Error ? (error.stack ?? error.message) : error);
    stderr(typeof text === 'string' ? text : inspect(text));
    return 1;
  }
}

/** Runs a command-line tool and exits with the code it answers (cliExitCode). */
export function runCli(main: () => Promise<number>, explain: (error: unknown) => string | undefined = () => undefined): void {
  void cliExitCode(main, explain).then((code) => process.exit(code));
}
