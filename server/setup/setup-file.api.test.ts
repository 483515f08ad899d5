import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup as setupSchema } from '../../contract/setup.ts';
import { type TestApp, createClock, createTestApp, openTestDb } from '../../tests/harness.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { SETUP_TTL_MS, createSetupService } from './setup.service.ts';

// SETUP_FILE is read again while the server runs; a broken edit must not take /api/setup down.
let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-setup-'));
  file = path.join(dir, 'setup.json');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const priceLimit = (limit: number) => JSON.stringify({ const: { price_limit: limit } });
const BROKEN = [
  { description: 'not JSON (an edit saved half-way)', text: '{"const": {"price_limit": 70' },
  { description: 'a field the schema refuses', text: JSON.stringify({ const: { price_limit: 'lots' } }) },
];

describe('GET /api/setup with SETUP_FILE edited while the server runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(file, priceLimit(50));
    t = await createTestApp({ demo: false, clock: createClock(), config: { setupFile: file } });
  });
  afterAll(() => t.close());

  const served = async () => {
    const res = await t.get('/api/setup');
    expect(res.statusCode).toBe(200);
    return setupSchema.parse(res.json()).const.price_limit;
  };

  it.each(BROKEN)('keeps serving the last valid setup after $description, then picks up the fixed file', async ({ text }) => {
    writeFileSync(file, priceLimit(50));
    t.clock.advance(SETUP_TTL_MS + 1);
    expect(await served()).toBe(50);

    writeFileSync(file, text);
    t.clock.advance(SETUP_TTL_MS + 1);
    expect(await served()).toBe(50);
    t.clock.advance(SETUP_TTL_MS + 1);
    expect(await served()).toBe(50);

    writeFileSync(file, priceLimit(70));
    t.clock.advance(SETUP_TTL_MS + 1);
    expect(await served()).toBe(70);
  });
});

describe('createSetupService with a broken SETUP_FILE', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await migrate(db); // a fresh database on PostgreSQL; a no-op on PGlite's migrated template
  });
  afterAll(() => db.close());

  it('logs a broken file once per distinct problem, and once when it is valid again', async () => {
    const clock = createClock();
    const errors: string[] = [];
    const infos: string[] = [];
    const log = { error: (_: unknown, msg?: string) => errors.push(msg ?? ''), info: (_: unknown, msg?: string) => infos.push(msg ?? '') };
    writeFileSync(file, priceLimit(50));
    const service = createSetupService({ db, setupFile: file, now: clock.now, log });
    expect((await service.get()).const.price_limit).toBe(50);

    const [notJson, badField] = BROKEN;
    writeFileSync(file, notJson?.text ?? '');
    for (let i = 0; i < 3; i++) {
      clock.advance(SETUP_TTL_MS + 1);
      expect((await service.get()).const.price_limit).toBe(50);
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^Invalid storefront setup \\(SETUP_FILE=${file.replaceAll('/', '\\/')}\\): not valid JSON`));
    expect(errors[0]).toContain('Serving the last valid setup');

    writeFileSync(file, badField?.text ?? '');
    clock.advance(SETUP_TTL_MS + 1);
    expect((await service.get()).const.price_limit).toBe(50);
    // Through a transaction too (the payments' path): the same fallback, no second log.
    expect((await db.transaction((tx) => service.resolveServedSetup(tx))).const.price_limit).toBe(50);
    expect(errors).toHaveLength(2);
    expect(errors[1]).toContain('setup.const.price_limit');

    writeFileSync(file, priceLimit(70));
    clock.advance(SETUP_TTL_MS + 1);
    expect((await service.get()).const.price_limit).toBe(70);
    expect(infos).toEqual(['storefront setup valid again']);
  });

  it('still refuses a broken setup it never saw valid (the start stops on it)', async () => {
    writeFileSync(file, BROKEN[0]?.text ?? '');
    const service = createSetupService({ db, setupFile: file });
    await expect(service.get()).rejects.toThrow(/not valid JSON/);
  });
});
