import { mkdir, writeFile } from 'node:fs/promises';
import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { DataDirLocked, lockDataDir } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { createSetupService } from '../setup/setup.service.ts';
import { exportCatalog } from './export.ts';

const USAGE = 'Usage: npm run catalog:export -- FILE.json   (- writes to standard output)';

/** Writes the whole catalog of the configured database as a catalog file; answers the exit code. */
async function run(args: string[]): Promise<number> {
  const file = args[0];
  if (file === undefined || args.length > 1 || (file.startsWith('-') && file !== '-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  // The embedded database is one process's at a time: not while a server runs on it.
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrate(db);
    // Times are written in the venue's zone, the one the storefront shows them in.
    const timeZone = await createSetupService(db, config.setupFile, { now: Date.now, timeZone: config.timezone }).venueTimeZone();
    const text = `${JSON.stringify(await exportCatalog(db, timeZone), null, 2)}\n`;
    if (file === '-') process.stdout.write(text);
    else {
      await writeFile(file, text);
      console.error(`Exported the catalog to ${file}.`);
    }
    return 0;
  } finally {
    await db.close();
    lock?.release();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLocked) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
