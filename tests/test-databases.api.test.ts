import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/client.ts';
import { openTestDb } from './harness.ts';

// Test databases come from pools whose databases are reset when a test closes one: PGlite
// instances in the api project (tests/pglite-templates.ts), databases on the server in api-pg
// (tests/pg-pool.ts). These tests prove, on both, that a reused database cannot be told from a
// fresh copy of the template: same rows in every table, same sequences, same session, same schema.

/** Every table's rows and every sequence, as one comparable value. */
async function contents(db: Db) {
  const tables = (
    await db.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1")
  ).rows.map((r) => r.name);
  const rows: Record<string, string> = {};
  for (const name of tables) {
    const { rows: digest } = await db.query<{ md5: string; n: number }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5, count(*) as n from "${name}" t`,
    );
    rows[name] = `${digest[0]?.n}:${digest[0]?.md5}`;
  }
  const sequences = (await db.query('select sequencename, last_value from pg_sequences order by 1')).rows;
  return { rows, sequences };
}

const databaseName = async (db: Db) => (await db.query<{ name: string }>('select current_database() as name')).rows[0]?.name;

// Loading an instance takes seconds, many more on a loaded machine.
const LOAD_MS = 120_000;
const open: Db[] = [];
const openDb = async (options: { demoAt?: Date } = {}) => {
  const db = await openTestDb(options);
  open.push(db);
  return db;
};
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

describe('a test database after another test wrote to it', () => {
  it(
    "has the template's rows and sequences back, the demo included",
    async () => {
      const first = await openDb({ demoAt: new Date() });
      const fresh = await contents(first);
      expect(Object.keys(fresh.rows).length).toBeGreaterThan(20);
      // Inserts (with sequence values), updates and deletes, in and out of a transaction, and a row
      // whose foreign key a trigger-free restore must put back in order.
      await first.query('insert into kinds (id, name) values (9999, \'{"ru":"Новый","en":"New","kz":"New","ch":"New"}\')');
      await first.transaction(async (tx) => {
        await tx.query('update sessions set remaining = remaining - 1 where remaining > 0');
        await tx.query('delete from schema_migrations where name = (select min(name) from schema_migrations)');
      });
      const sequence = (await first.query<{ name: string }>('select sequencename as name from pg_sequences order by 1 limit 1')).rows[0]
        ?.name;
      await first.query('select nextval($1)', [sequence]);
      expect(await contents(first)).not.toEqual(fresh);
      const name = await databaseName(first);
      await first.close();
      open.length = 0;
      const second = await openDb({ demoAt: new Date() });
      expect(await contents(second)).toEqual(fresh);
      // On PostgreSQL, the same database reset (not a new copy).
      if (second.kind === 'postgres') expect(await databaseName(second)).toBe(name);
    },
    LOAD_MS,
  );

  it(
    'starts a session of its own: settings, prepared statements and locks of the last one are gone',
    async () => {
      const first = await openDb();
      const zone = (await first.query<{ tz: string }>('show timezone')).rows[0]?.tz;
      await first.exec("set timezone = 'Asia/Tokyo'; prepare left_behind as select 1; select pg_advisory_lock(42)");
      await first.close();
      open.length = 0;
      const second = await openDb();
      expect((await second.query<{ tz: string }>('show timezone')).rows[0]?.tz).toBe(zone);
      await second.exec('prepare left_behind as select 2');
      expect((await second.query<{ locked: boolean }>('select pg_try_advisory_lock(42) as locked')).rows[0]?.locked).toBe(true);
    },
    LOAD_MS,
  );

  it(
    "has the template's schema: a table, a dropped trigger or a truncation of the last test is not seen",
    async () => {
      const first = await openDb();
      const fresh = await contents(first);
      const triggers = (await first.query('select tgname from pg_trigger order by 1')).rows;
      await first.exec('create table left_behind (id int); truncate payment_methods cascade');
      const trigger = (
        await first.query<{ tgname: string; relname: string }>(
          'select tgname, relname from pg_trigger join pg_class on pg_class.oid = tgrelid where not tgisinternal limit 1',
        )
      ).rows[0];
      expect(trigger).toBeDefined();
      await first.exec(`drop trigger ${trigger?.tgname} on ${trigger?.relname}`);
      await first.close();
      open.length = 0;
      const second = await openDb();
      expect(await contents(second)).toEqual(fresh);
      expect((await second.query('select tgname from pg_trigger order by 1')).rows).toEqual(triggers);
    },
    LOAD_MS,
  );

  it(
    "has the template's schema after a column was added and a table truncated, with no table more or fewer",
    async () => {
      const first = await openDb();
      const fresh = await contents(first);
      const columns = (
        await first.query("select table_name, column_name from information_schema.columns where table_schema = 'public' order by 1, 2")
      ).rows;
      await first.exec('alter table kinds add column left_behind int; truncate payment_methods cascade');
      await first.close();
      open.length = 0;
      const second = await openDb();
      expect(await contents(second)).toEqual(fresh);
      expect(
        (await second.query("select table_name, column_name from information_schema.columns where table_schema = 'public' order by 1, 2"))
          .rows,
      ).toEqual(columns);
    },
    LOAD_MS,
  );

  it(
    "has the template's database settings: one the last test gave its database is gone",
    async () => {
      const settings =
        'select count(*)::int as n from pg_db_role_setting where setdatabase = (select oid from pg_database where datname = current_database())';
      const first = await openDb();
      expect((await first.query<{ n: number }>(settings)).rows[0]?.n).toBe(0);
      await first.exec(`alter database "${await databaseName(first)}" set timezone = 'Asia/Tokyo'`);
      expect((await first.query<{ n: number }>(settings)).rows[0]?.n).toBe(1);
      await first.close();
      open.length = 0;
      const second = await openDb();
      expect((await second.query<{ n: number }>(settings)).rows[0]?.n).toBe(0);
    },
    LOAD_MS,
  );

  it(
    "has the template's rows back after a test ended the database's other connections",
    async () => {
      const first = await openDb();
      const fresh = await contents(first);
      // On PostgreSQL this ends the pool's own connection that keeps the template's rows.
      await first.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await first.query('insert into kinds (id, name) values (9999, \'{"ru":"Новый","en":"New","kz":"New","ch":"New"}\')');
      const name = await databaseName(first);
      await first.close();
      open.length = 0;
      const second = await openDb();
      expect(await contents(second)).toEqual(fresh);
      // On PostgreSQL, a new copy: the database whose keeper was gone is dropped.
      if (second.kind === 'postgres') expect(await databaseName(second)).not.toBe(name);
    },
    LOAD_MS,
  );

  it(
    'is a database of its own while another test database is open',
    async () => {
      const one = await openDb();
      const other = await openDb();
      await one.query('insert into kinds (id, name) values (9999, \'{"ru":"Только здесь","en":"x","kz":"x","ch":"x"}\')');
      expect((await other.query("select count(*) as n from kinds where name->>'ru' = 'Только здесь'")).rows[0]).toEqual({ n: 0 });
    },
    LOAD_MS,
  );
});
