import { loadDemoIfEmpty } from '../demo/load.ts';
import { addStaffMember } from '../server/admin/staff/staff-accounts.ts';
import { loadConfig } from '../server/config.ts';
import { withDatabase } from '../server/db/cli.ts';
import { copyMigratedTemplate } from '../tests/pglite-templates.ts';
import { TEST_SCRYPT_COST } from '../tests/scrypt-cost.ts';
import { E2E_OWNER } from './support/staff.ts';

/**
 * Fills a browser-test server's data folder before the server holds the embedded database: migrated
 * (from the run's template when there is one), the back office's first owner, added the way
 * `npm run staff -- add` adds one (its own call, in this process: the CLI has tests of its own),
 * and the demo of the instant playwright.config.ts fixed (E2E_DEMO_AT), which the specs count its
 * days from: a server that boots after the venue's midnight would otherwise load the next day's.
 * The server then finds the database filled and leaves it.
 */
export async function fillDataFolder(dataDir: string): Promise<void> {
  const demoAt = process.env.E2E_DEMO_AT;
  // Under `npm test`, the folder starts as a copy of the run's migrated PGlite template (built once
  // for the api project and kept for the run, scripts/test-all.ts), as the API tests' servers
  // start: initdb and the migrations are then done, seconds of CPU before any spec can begin.
  await copyMigratedTemplate(process.env.TEST_PGLITE_TEMPLATE_DIR, dataDir);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined });
  await withDatabase(config, async (db) => {
    // The owner's password at the tests' cost: the specs sign the owner in some sixty times, each
    // a 64 MiB scrypt at production's. Members the specs add through the back office get that.
    await addStaffMember(
      db,
      { ...E2E_OWNER, role: 'owner' },
      { staffId: null, ip: 'command line', userAgent: null },
      { now: Date.now, cost: TEST_SCRYPT_COST },
    );
    if (demoAt && config.demo) await loadDemoIfEmpty(db, new Date(demoAt));
  });
}
