import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../catalog/import.ts';
import { freshDb, readExample } from '../../catalog/test-support.ts';
import type { Db } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

let db: Db;
let migration: string;
beforeAll(async () => {
  db = await freshDb();
  await importCatalog(db, await readExample());
  const found = (await readdir(MIGRATIONS)).find((f) => f.startsWith('1010_'));
  if (!found) throw new Error('migration 1010 is missing');
  migration = found;
  // Back to the database as it was before migration 1010: blocks that took no place.
  await db.exec(`
    drop trigger seat_blocks_take_places on seat_blocks;
    drop trigger seat_blocks_give_places on seat_blocks;
    drop function seat_blocks_take_places();
    drop function seat_blocks_give_places();
  `);
  await db.query('delete from schema_migrations where name = $1', [migration]);
}, 60_000);
afterAll(() => db?.close());

describe('migration 1010 on blocks made before it', () => {
  it('takes each block off the places left, and drops the newest blocks a session has no place left for', async () => {
    // Session 3 (hall 1, 49 places): 47 sold at the box office, so 2 places left and 3 blocks.
    await db.exec(`
      update sessions set sold_outside = 47, remaining = 2 where id = 3;
      insert into seat_blocks (session_id, seat_id, reason, blocked_at) values
        (3, 1, 'guest', '2026-11-20T10:00:00Z'), (3, 2, 'guest', '2026-11-21T10:00:00Z'), (3, 3, 'technical', '2026-11-22T10:00:00Z');
    `);
    expect(await migrate(db)).toEqual([migration]);
    const blocks = await db.query<{ seat_id: number }>('select seat_id from seat_blocks where session_id = 3 order by seat_id');
    expect(blocks.rows).toEqual([{ seat_id: 1 }, { seat_id: 2 }]);
    const session = await db.query<{ remaining: number }>('select remaining from sessions where id = 3');
    expect(session.rows[0]?.remaining).toBe(0);
    // The triggers are back: an unblock gives the place back.
    await db.query('delete from seat_blocks where session_id = 3 and seat_id = 2');
    expect((await db.query<{ remaining: number }>('select remaining from sessions where id = 3')).rows[0]?.remaining).toBe(1);
  });
});
