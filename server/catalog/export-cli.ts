import { writeFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { runCli, withDatabase } from '../db/cli.ts';
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
  return withDatabase(config, async (db) => {
    // Times are written in the venue's zone, the one the storefront shows them in.
    const timeZone = await createSetupService({
      db,
      setupFile: config.setupFile,
      now: Date.now,
      timeZone: config.timezone,
    }).venueTimeZone();
    const text = `${JSON.stringify(await exportCatalog(db, timeZone), null, 2)}\n`;
    if (file === '-') process.stdout.write(text);
    else {
      await writeFile(file, text);
      console.error(`Exported the catalog to ${file}.`);
    }
    return 0;
  });
}

runCli(() => run(process.argv.slice(2)));
