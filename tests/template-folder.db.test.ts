import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { openPglite } from '../server/db/client.ts';
import { migratedDataDir, openMigratedDataDir } from './harness.ts';
import { templateFolder, templateKind } from './pglite-templates.ts';

// Tests that run a server or a tool on a data folder of their own start it as a copy of the run's
// migrated template folder, unpacked once (tests/pglite-templates.ts): each copy must be a whole,
// migrated database of its own.
const root = mkdtempSync(path.join(tmpdir(), 'storefront-template-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MIGRATIONS = readdirSync(path.join(import.meta.dirname, '..', 'server', 'db', 'migrations')).filter((f) => f.endsWith('.sql')).length;

it('unpacks the migrated template once, and each copy is a migrated database of its own', async () => {
  const dir = inject('pgliteTemplateDir');
  const folder = await templateFolder(dir, templateKind(undefined));
  expect(folder).toBeDefined();
  expect(await templateFolder(dir, templateKind(undefined))).toBe(folder);

  const first = await openMigratedDataDir(path.join(root, 'first'));
  const second = await openPglite(await migratedDataDir(path.join(root, 'second')));
  try {
    for (const db of [first, second]) {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(rows[0]?.n).toBe(MIGRATIONS);
    }
    await first.query('insert into kinds (id, name) values (9999, \'{"ru":"Новый","en":"New","kz":"New","ch":"New"}\')');
    expect((await second.query('select 1 from kinds where id = 9999')).rows).toEqual([]);
  } finally {
    await first.close();
    await second.close();
  }
  // The template's own folder is untouched by what the copies wrote.
  const template = await openPglite(await migratedDataDir(path.join(root, 'third')));
  try {
    expect((await template.query('select 1 from kinds where id = 9999')).rows).toEqual([]);
  } finally {
    await template.close();
  }
}, 120_000);
