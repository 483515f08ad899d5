import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { migratedDataDir } from '../../tests/harness.ts';
import { EXAMPLE_FILE, nth, readExample } from './test-support.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
// Each run starts an embedded database on disk, which takes seconds on a slow machine.
const RUN_MS = 120_000;

type Run = { code: number; stdout: string; stderr: string };

function runCli(dataDir: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
    execFile(NODE, ['server/catalog/import-cli.ts', ...args], { cwd: ROOT, env, timeout: RUN_MS }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm run catalog:import', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'catalog-cli-'));
    // Migrated already (the run's template), as a venue's folder is by its first start; a first
    // start on an empty folder is proven by the staff CLI's own test.
    await migratedDataDir(path.join(dir, 'data'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'imports demo/example-catalog.json, prints the counts and exits 0',
    async () => {
      const run = await runCli(path.join(dir, 'data'), EXAMPLE_FILE);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('events: 2');
      expect(run.stdout).toContain('seats: 19');
    },
    RUN_MS,
  );

  it(
    'refuses a broken copy, naming the entry and the field, exits 1 and imports nothing',
    async () => {
      const broken = await readExample();
      const event = nth(broken.events, 0);
      event.name = { ru: 'Не должно сохраниться' };
      event.venueId = 99;
      const file = path.join(dir, 'broken.json');
      await writeFile(file, JSON.stringify(broken));
      const run = await runCli(path.join(dir, 'data'), file);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Nothing was imported');
      expect(run.stderr).toContain('events[0] (id 1, hash "city-museum"): venueId: unknown venue 99');
      const db = await openPglite(path.join(dir, 'data'));
      try {
        const { rows } = await db.query<{ ru: string }>("select name->>'ru' as ru from events where id = 1");
        expect(rows[0]?.ru).toBe('Постоянная экспозиция');
      } finally {
        await db.close();
      }
    },
    RUN_MS,
  );

  it(
    'refuses a file that is not JSON, saying so',
    async () => {
      const file = path.join(dir, 'not-json.json');
      await writeFile(file, '{ "kinds": [');
      const run = await runCli(path.join(dir, 'data'), file);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('not valid JSON');
    },
    RUN_MS,
  );
});
