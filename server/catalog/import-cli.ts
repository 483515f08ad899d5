import { mkdir, readFile } from 'node:fs/promises';
import { ConfigError, loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { DataDirLocked, lockDataDir } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { CatalogImportError, type ImportSummary, importCatalog } from './import.ts';

const USAGE = 'Usage: npm run catalog:import -- [--dry-run] FILE.json';

function printSummary(file: string, summary: ImportSummary) {
  console.log(`${summary.dryRun ? 'Checked (dry run, nothing written)' : 'Imported'} ${file}:`);
  for (const [entity, count] of Object.entries(summary.counts)) if (count > 0) console.log(`  ${entity}: ${count}`);
  const removed = Object.entries(summary.removed).filter(([, count]) => count > 0);
  if (removed.length > 0) console.log(`  removed (no longer in the file): ${removed.map(([e, n]) => `${e} ${n}`).join(', ')}`);
  if (summary.setupUpdated) console.log('  setup: updated');
  if (!summary.dryRun) console.log(`  catalog version: ${summary.catalogVersion}`);
}

async function readCatalogFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CatalogImportError([`${file}: cannot read the file: ${(error as Error).message}`]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CatalogImportError([`${file}: not valid JSON: ${(error as Error).message}`]);
  }
}

/** Imports one catalog file into the configured database; answers the process exit code. */
async function run(args: string[]): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const files = args.filter((a) => a !== '--dry-run');
  const file = files[0];
  if (file === undefined || files.length > 1 || file.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const raw = await readCatalogFile(file);
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  // The embedded database is one process's at a time: not while a server runs on it.
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrate(db);
    printSummary(file, await importCatalog(db, raw, { dryRun }));
    return 0;
  } finally {
    await db.close();
    lock?.release();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CatalogImportError) {
      console.error(`Nothing was imported: the file has ${error.errors.length} error${error.errors.length === 1 ? '' : 's'}.`);
      for (const line of error.errors) console.error(`  ${line}`);
    } else if (error instanceof ConfigError || error instanceof DataDirLocked) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
