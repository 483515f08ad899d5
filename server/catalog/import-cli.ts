import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { runCli, withDatabase } from '../db/cli.ts';
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
  printSummary(file, await withDatabase(config, (db) => importCatalog(db, raw, { dryRun })));
  return 0;
}

runCli(
  () => run(process.argv.slice(2)),
  (error) =>
    error instanceof CatalogImportError
      ? [
          `Nothing was imported: the file has ${error.errors.length} error${error.errors.length === 1 ? '' : 's'}.`,
          ...error.errors.map((line) => `  ${line}`),
        ].join('\n')
      : undefined,
);
