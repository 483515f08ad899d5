import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogFileInput } from '../../contract/catalog-file.ts';
import { openTestDb } from '../../tests/harness.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

export const EXAMPLE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../demo/example-catalog.json');

/** A fresh in-memory database with every migration applied. */
export async function freshDb(): Promise<Db> {
  // A clone of a migrated template: much faster than starting PGlite afresh.
  const db = await openTestDb();
  await migrate(db);
  return db;
}

export async function readExample(): Promise<CatalogFileInput> {
  return JSON.parse(await readFile(EXAMPLE_FILE, 'utf8')) as CatalogFileInput;
}

/** The element a test means to change; failing loudly beats a test that silently checks nothing. */
export function nth<T>(list: T[] | undefined, index: number): T {
  const item = list?.[index];
  if (item === undefined) throw new Error(`test fixture has no element ${index}`);
  return item;
}

const CATALOG_TABLES = [
  'setup',
  'catalog_version',
  'kinds',
  'main_menus',
  'sub_menus',
  'venues',
  'tags',
  'halls',
  'zones',
  'hall_sectors',
  'hall_seats',
  'standing_areas',
  'events',
  'event_tags',
  'sessions',
  'categories',
  'prices',
  'price_stock',
  'standing_stock',
  'subscription_items',
  'checkboxes',
  'rules_documents',
];

/**
 * A digest of every catalog table, to prove that a refused import changed nothing at all. With
 * ignoreRevisions, the back office's bookkeeping (revision, updated_at, updated_by), which every
 * import moves on purpose, is left out: for proving an import wrote the same catalog again.
 */
export async function catalogFingerprint(db: Db, options: { ignoreRevisions?: boolean } = {}): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of CATALOG_TABLES) {
    // The setup row's updated_at moves on every import that carries a setup, and a hall's revision
    // (with who and when) on every import that writes it; their data is what counts.
    const source =
      table === 'setup'
        ? '(select data from setup)'
        : table === 'halls'
          ? '(select id, venue_id, name, width, height, stage from halls)'
          : table;
    // An alias no table has as a column: hall_seats.x would otherwise be read instead of the row.
    const row =
      options.ignoreRevisions && table !== 'setup'
        ? "(to_jsonb(whole_row) - 'revision' - 'updated_at' - 'updated_by')::text"
        : 'whole_row::text';
    const { rows } = await db.query<{ digest: string }>(
      `select count(*) || ':' || md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${source} whole_row`,
    );
    out[table] = rows[0]?.digest ?? '';
  }
  return out;
}

/** Counts rows of a query, for assertions that read as sentences. */
export async function countOf(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*) as n from (${sql}) q`, params);
  return rows[0]?.n ?? 0;
}

/** Puts an unpaid order of `quantity` places for a session, as the orders module would. */
export async function holdPlaces(
  db: Db,
  o: { sessionId: number; priceId: number; quantity: number; standingAreaId?: number },
): Promise<void> {
  const { rows } = await db.query<{ event_id: number; category_id: number }>(
    'select p.event_id, p.category_id from prices p where p.id = $1',
    [o.priceId],
  );
  const price = rows[0];
  if (!price) throw new Error(`no price ${o.priceId}`);
  const order = await db.query<{ id: number }>(
    `insert into orders (hash, event_id, reserved_until) values (md5(random()::text), $1, now() + interval '15 minutes') returning id`,
    [price.event_id],
  );
  await db.query(
    `insert into order_lines (order_id, session_id, price_id, category_id, standing_area_id, quantity, unit_price, amount)
     values ($1, $2, $3, $4, $5, $6, 0, 0)`,
    [order.rows[0]?.id, o.sessionId, o.priceId, price.category_id, o.standingAreaId ?? null, o.quantity],
  );
  await db.query('update sessions set remaining = remaining - $2 where id = $1', [o.sessionId, o.quantity]);
  await db.query('update price_stock set remaining = remaining - $3 where session_id = $1 and price_id = $2', [
    o.sessionId,
    o.priceId,
    o.quantity,
  ]);
  if (o.standingAreaId !== undefined) {
    await db.query('update standing_stock set remaining = remaining - $3 where session_id = $1 and standing_area_id = $2', [
      o.sessionId,
      o.standingAreaId,
      o.quantity,
    ]);
  }
}
