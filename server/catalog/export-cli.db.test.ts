import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFile } from '../../contract/catalog-file.ts';
import { migratedDataDir, openTestDb } from '../../tests/harness.ts';
import { loadConfig } from '../config.ts';
import { createSetupService } from '../setup/setup.service.ts';
import { exportCatalog } from './export.ts';
import { importCatalog } from './import.ts';
import { EXAMPLE_FILE } from './test-support.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
// Each run starts an embedded database on disk, which takes seconds on a slow machine.
const RUN_MS = 120_000;

type Run = { code: number; stdout: string; stderr: string };

function runCli(script: string, dataDir: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
    execFile(NODE, [script, ...args], { cwd: ROOT, env, timeout: RUN_MS }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm run catalog:export', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'catalog-export-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'writes the imported catalog as a file the import takes back unchanged',
    async () => {
      // A migrated folder: the import into an empty one is import-cli.db.test.ts's.
      const data = await migratedDataDir(path.join(dir, 'data'));
      expect((await runCli('server/catalog/import-cli.ts', data, EXAMPLE_FILE)).code).toBe(0);
      const out = path.join(dir, 'out.json');
      const run = await runCli('server/catalog/export-cli.ts', data, out);
      expect(run.stderr).toContain(`Exported the catalog to ${out}`);
      expect(run.code).toBe(0);
      const exported = JSON.parse(await readFile(out, 'utf8')) as unknown;
      const parsed = catalogFile.parse(exported);
      expect(parsed.events.map((e) => e.hash).sort()).toEqual(['city-museum', 'small-hall-concert']);
      // Into a second, empty database, then out again: the same file. In process: the commands'
      // wiring is proven above, and each process costs seconds.
      const copy = await openTestDb();
      try {
        await importCatalog(copy, exported);
        // In the venue's zone, read as the command reads it.
        const config = loadConfig();
        const zone = await createSetupService({
          db: copy,
          setupFile: config.setupFile,
          now: () => Date.now(),
          timeZone: config.timezone,
        }).venueTimeZone();
        expect(JSON.parse(JSON.stringify(await exportCatalog(copy, zone)))).toEqual(exported);
      } finally {
        await copy.close();
      }
    },
    RUN_MS * 2,
  );

  it(
    'answers usage and exit 2 without a file',
    async () => {
      const run = await runCli('server/catalog/export-cli.ts', path.join(dir, 'data'));
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Usage: npm run catalog:export');
    },
    RUN_MS,
  );
});
