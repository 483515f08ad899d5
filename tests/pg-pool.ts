import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { loadDemoIfEmpty } from '../demo/load.ts';
import { type Db, openPostgres } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { createDatabase } from './pg-cluster.ts';
import { type Writes, quote, readWrites, writtenTables } from './pglite-templates.ts';

/**
 * The api-pg project's databases of one template, reused test after test as the api project's
 * PGlite instances are (tests/pglite-templates.ts). Copying a template (CREATE DATABASE …
 * TEMPLATE) costs the server a quarter to half a second of CPU, which was most of a short test's
 * time on PostgreSQL; a reset costs a few statements.
 *
 * Each database keeps one connection of its own (the keeper) that holds the template's rows in
 * temporary tables, which only that session sees (so neither the tests' connections, pg_dump nor
 * the catalog's public tables do). When a test closes its database, the keeper waits for the
 * test's connections to end (a session flushes its table statistics as it ends), reads the table
 * statistics once (WRITES_SQL) and puts back every table a test wrote and every sequence. A
 * database is dropped instead, and the next test gets a fresh copy, when its schema changed, when
 * any other connection to it is still open, or when the keeper lost its connection (a test that
 * ends backends or stops the server).
 */
export class PostgresPool {
  private idle: PooledDatabase[] = [];
  private readonly adminUrl: string;
  private readonly template: string;
  /** Pooled databases are named `<prefix>_<random>`: a run's global teardown drops what is left by that prefix. */
  private readonly prefix: string;

  constructor(adminUrl: string, template: string, prefix: string) {
    this.adminUrl = adminUrl;
    this.template = template;
    this.prefix = prefix;
  }

  async open(): Promise<Db> {
    const database = this.idle.pop() ?? (await PooledDatabase.create(this.adminUrl, this.template, this.prefix));
    const db = await openPostgres(database.url, 50);
    let closed = false;
    return {
      ...db,
      close: async () => {
        if (closed) return;
        closed = true;
        await db.close();
        if (this.idle.length < MAX_IDLE && (await database.reset())) this.idle.push(database);
        else await database.drop();
      },
    };
  }
}

// A worker rarely holds more than a few databases of one template at once (a test of several
// instances); beyond this many idle ones, a closed database is dropped.
const MAX_IDLE = 4;

type TableSnapshot = { name: string; restore: string | undefined };

type Kept = {
  url: string;
  /** Drops the database. */
  drop: () => Promise<void>;
  /** The connection that holds the template's rows. */
  keeper: pg.Client;
  tables: TableSnapshot[];
  /** One statement that sets every sequence back. */
  sequences: string | undefined;
};

class PooledDatabase {
  readonly url: string;
  private readonly kept: Kept;
  /** The table statistics after the last reset (the keeper's own writes included). */
  private since: Writes;
  private broken = false;

  private constructor(kept: Kept, since: Writes) {
    this.kept = kept;
    this.url = kept.url;
    this.since = since;
    kept.keeper.on('error', () => {
      this.broken = true;
    });
  }

  private get keeper(): pg.Client {
    return this.kept.keeper;
  }

  static async create(adminUrl: string, template: string, prefix: string): Promise<PooledDatabase> {
    const copy = await createDatabase(adminUrl, prefix, template);
    const keeper = new pg.Client({ connectionString: copy.url });
    await keeper.connect();
    try {
      const { rows: names } = await keeper.query<{ name: string; columns: string }>(
        `select c.relname as name, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
          where n.nspname = 'public' and c.relkind = 'r'
          group by c.relname order by c.relname`,
      );
      const tables: TableSnapshot[] = [];
      for (const [i, { name: table, columns }] of names.entries()) {
        const rows = Number((await keeper.query<{ n: string }>(`select count(*) as n from public.${quote(table)}`)).rows[0]?.n ?? 0);
        let restore: string | undefined;
        if (rows > 0) {
          await keeper.query(`create temporary table snapshot_${i} as select ${columns} from public.${quote(table)}`);
          restore = `insert into public.${quote(table)} (${columns}) overriding system value select ${columns} from pg_temp.snapshot_${i}`;
        }
        tables.push({ name: table, restore });
      }
      const { rows: sequences } = await keeper.query<{ call: string }>(
        `select format('setval(%L, %s, %s)', quote_ident(schemaname) || '.' || quote_ident(sequencename), coalesce(last_value, start_value), (last_value is not null)::text) as call
           from pg_sequences where schemaname = 'public'`,
      );
      const setvals = sequences.length > 0 ? `select ${sequences.map((s) => s.call).join(', ')}` : undefined;
      return new PooledDatabase({ url: copy.url, drop: copy.drop, keeper, tables, sequences: setvals }, await writes(keeper));
    } catch (error) {
      await keeper.end().catch(() => undefined);
      await copy.drop();
      throw error;
    }
  }

  /** Puts the template's state back; false when this database cannot be reused. */
  async reset(): Promise<boolean> {
    if (this.broken) return false;
    try {
      // The tests' connections are closed by now, but a server process may take a moment to end.
      for (let attempt = 0; ; attempt++) {
        const { rows } = await this.keeper.query<{ n: string }>(
          'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        if (Number(rows[0]?.n) === 0) break;
        if (attempt >= 20) return false;
        await sleep(25);
      }
      const now = await writes(this.keeper);
      const written = writtenTables(this.kept.tables, this.since, now);
      if (!written) return false;
      const restore = written.flatMap((t) => [`delete from public.${quote(t.name)}`, ...(t.restore ? [t.restore] : [])]);
      // Foreign keys and the schema's triggers stay quiet while the tables get their rows back.
      if (restore.length > 0)
        await this.keeper.query(['begin', 'set local session_replication_role = replica', ...restore, 'commit'].join(';\n'));
      if (this.kept.sequences) await this.keeper.query(this.kept.sequences);
      // The restore's own writes count: the next test is measured from here.
      this.since = restore.length > 0 ? await writes(this.keeper) : now;
      return !this.broken;
    } catch {
      await this.keeper.query('rollback').catch(() => undefined);
      return false;
    }
  }

  async drop(): Promise<void> {
    await this.keeper.end().catch(() => undefined);
    await this.kept.drop();
  }
}

/**
 * The database's table statistics, read by the keeper. The tests' sessions have ended by now, and a
 * session flushes its counts as it ends, before it leaves pg_stat_activity; the keeper's own (its
 * snapshot's temporary tables, a restore) are forced.
 */
const writes = (keeper: pg.Client): Promise<Writes> => readWrites((sql) => keeper.query(sql));

// Migrating a PostgreSQL database and loading the demo into it costs seconds; copying a database
// that has them (CREATE DATABASE ... TEMPLATE) a fraction of that. One template per kind serves
// the whole run, built under an advisory lock by the first that asks (the run's global setup
// starts the two most tests use, tests/pg-global-setup.ts); whoever asks later waits for the lock
// and finds it built. Nobody connects to a template once it is built, as copying requires.

/** The template database of a kind ('none', or a demo's Moscow day) in a run with this prefix. */
export const postgresTemplateName = (prefix: string, kind: string) => `${prefix}_${kind.replaceAll('-', '_')}`;

/**
 * Takes the lock of the template database `name` (migrated, with the demo of `demoAt`'s Moscow day
 * when given) and answers once it holds it, with `built`: the template's name once it exists,
 * built here unless it already did.
 */
export async function claimPostgresTemplate(adminUrl: string, name: string, demoAt: Date | undefined): Promise<{ built: Promise<string> }> {
  // A connection of its own: the advisory lock is the session's (a pool could close it while idle).
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const build = async () => {
    try {
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rows.length > 0) return name;
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const db = await openPostgres(url.toString(), 5);
        try {
          await migrate(db);
          if (demoAt) await loadDemoIfEmpty(db, demoAt);
        } finally {
          await db.close();
        }
      } catch (error) {
        // Half a template must not be copied: the next one to ask builds it again.
        await admin.query(`drop database if exists ${name} with (force)`);
        throw error;
      }
      return name;
    } finally {
      await admin.end();
    }
  };
  return { built: build() };
}
