import { PGlite } from '@electric-sql/pglite';
import { closeSync, cpSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { loadDemoIfEmpty } from '../demo/load.ts';
import { type Db, wrapPglite } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';

/** A template's kind: migrated only ('none'), or migrated with the demo of a Moscow day. */
export function templateKind(demoAt: Date | undefined): string {
  // The demo counts whole days in Moscow from its instant, so one template serves a Moscow day.
  return demoAt ? new Date(demoAt.getTime() + 3 * 3600_000).toISOString().slice(0, 10) : 'none';
}

/** The data folder of a migrated PGlite database (with the demo of `demoAt`'s day when given), as a tar. */
export async function buildPgliteTemplate(demoAt: Date | undefined, from?: PGlite): Promise<Blob> {
  const raw = from ?? (await PGlite.create());
  const db = wrapPglite(raw);
  await migrate(db);
  if (demoAt) await loadDemoIfEmpty(db, demoAt);
  await raw.exec('checkpoint');
  const tar = await raw.dumpDataDir('none');
  if (!from) await raw.close();
  return tar;
}

/** Where this run keeps the template of a kind (folder given by tests/pglite-global-setup.ts). */
export const templateFile = (dir: string, kind: string) => path.join(dir, `${kind}.tar`);

/** Writes a template so that a reader never sees half of it. */
export async function saveTemplate(dir: string, kind: string, tar: Blob): Promise<void> {
  const file = templateFile(dir, kind);
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
  renameSync(partial, file);
}

/**
 * Waits until this process may build the template of a kind: at once when it is written already
 * or nobody builds it, else when the one building it is done (its lock file gone). Answers the
 * release, which the builder calls once the template is written (or it gave up).
 */
export async function claimTemplate(dir: string, kind: string): Promise<() => void> {
  const lock = `${templateFile(dir, kind)}.lock`;
  for (;;) {
    if (existsSync(templateFile(dir, kind))) return () => {};
    try {
      closeSync(openSync(lock, 'wx'));
      return () => rmSync(lock, { force: true });
    } catch {
      // Another test file builds it: look again shortly. A lock left by a worker that was killed
      // (older than any build takes) is taken over.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) rmSync(lock, { force: true });
      await sleep(200);
    }
  }
}

/**
 * The data folder of a template of a kind, unpacked once beside its tar (`<kind>.data`) for tests
 * and browser-test servers that need a database on disk: a copy of the folder takes under half a second,
 * where PGlite unpacking the tar into a folder of files takes seconds of CPU every time. Undefined
 * when the run has no template of that kind. Processes racing to unpack it each write a folder of
 * their own and rename it into place; the one that comes second throws its copy away.
 */
export async function templateFolder(dir: string | undefined, kind: string): Promise<string | undefined> {
  if (!dir) return undefined;
  const folder = path.join(dir, `${kind}.data`);
  if (existsSync(folder)) return folder;
  const tar = readTemplate(dir, kind);
  if (!tar) return undefined;
  const partial = `${folder}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    await (await PGlite.create(partial, { loadDataDir: tar })).close();
    renameSync(partial, folder);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  return folder;
}

/**
 * Copies the run's migrated template folder (templateFolder) into `to`, an empty or missing folder;
 * answers false where the run has no migrated template.
 */
export async function copyMigratedTemplate(dir: string | undefined, to: string): Promise<boolean> {
  const folder = await templateFolder(dir, templateKind(undefined));
  if (folder) cpSync(folder, to, { recursive: true });
  return Boolean(folder);
}

/** A template of the kind this run has already written, if any. */
export function readTemplate(dir: string | undefined, kind: string): Blob | undefined {
  if (!dir) return undefined;
  const file = templateFile(dir, kind);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

type Snapshot = {
  /** Every table of the public schema with its rows (COPY text), and how many there are. */
  tables: { name: string; rows: number; copy: Blob | undefined }[];
  /** Every sequence's state. */
  sequences: { name: string; value: string; called: boolean }[];
};

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function takeSnapshot(raw: PGlite): Promise<Snapshot> {
  const names = (
    await raw.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1")
  ).rows.map((r) => r.name);
  const tables: Snapshot['tables'] = [];
  for (const name of names) {
    const rows = Number((await raw.query<{ n: string | number }>(`select count(*) as n from ${quote(name)}`)).rows[0]?.n ?? 0);
    const copy = rows > 0 ? (await raw.query(`copy ${quote(name)} to '/dev/blob'`)).blob : undefined;
    tables.push({ name, rows, copy });
  }
  const sequences = (
    await raw.query<{ name: string; value: string; called: boolean }>(
      "select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called from pg_sequences",
    )
  ).rows;
  return { tables, sequences };
}

/**
 * How many rows each table of a test database has had inserted, updated or deleted since it was
 * made (PostgreSQL's cumulative table statistics): per table of the public schema by name, and one
 * sum, under '', over every other table of the database, the system catalogs among them, which any
 * schema change writes (a table, column, index, function, trigger, constraint, type, default,
 * TRUNCATE's new file, a temporary table); and, under '~settings', the database's own settings
 * (ALTER DATABASE … SET). A row an aborted transaction wrote counts too. Left out: TOAST tables (a
 * long value written there is a row written to its own table), the catalogs shared by every
 * database of a server (other tests' CREATE DATABASE writes them) and the planner's statistics
 * (autovacuum's ANALYZE writes them). A session keeps its counts to itself until it flushes them:
 * at the end of a transaction at most once a second, when it ends, or when forced. One read, where
 * scanning every table and catalog for rows newer than a transaction cost about three times as
 * much a reset (docs/codebase.md).
 */
export type Writes = Map<string, number>;

export const WRITES_SQL = `select case when c.relnamespace = 'public'::regnamespace then c.relname else '' end as name,
  sum(pg_stat_get_tuples_inserted(c.oid) + pg_stat_get_tuples_updated(c.oid) + pg_stat_get_tuples_deleted(c.oid))::float8 as n
  from pg_class c
  where c.relkind in ('r', 'm', 'p') and not c.relisshared
    and c.oid not in ('pg_catalog.pg_statistic'::regclass, 'pg_catalog.pg_statistic_ext_data'::regclass)
  group by 1
  union all
  select '~settings', count(*)::float8 from pg_db_role_setting
  where setdatabase = (select oid from pg_database where datname = current_database())`;

/**
 * The template's tables a test wrote since `since`, or undefined when it changed the schema: a
 * table more or fewer, or writes to anything but the template's tables (the catalogs, under '').
 */
export function writtenTables<T extends { name: string }>(tables: readonly T[], since: Writes, now: Writes): T[] | undefined {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const changed = [...now].filter(([name, n]) => since.get(name) !== n).map(([name]) => name);
  if (now.size !== since.size || changed.some((name) => !byName.has(name))) return undefined;
  return changed.flatMap((name) => byName.get(name) ?? []);
}

/**
 * A test database's table statistics, read through its `query`: the session's own counts flushed
 * first, forced (PGlite's one session flushes them only then; on a server, the statement that
 * forces them flushes them as it ends), then WRITES_SQL.
 */
export async function readWrites(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<Writes> {
  await query('select pg_stat_force_next_flush()');
  return new Map(((await query(WRITES_SQL)).rows as { name: string; n: number }[]).map((r) => [r.name, r.n]));
}

const writes = (raw: PGlite) => readWrites((sql) => raw.query(sql));

/**
 * The instances of one template a test file uses, each reset to the template's contents when a
 * test closes it, so the next test gets it back as if freshly copied: every table a test wrote
 * (a row inserted, updated or deleted since the instance's last reset, by the table statistics)
 * gets the template's rows back, every sequence its value, and the session its defaults. An
 * instance whose schema a test changed is closed instead. Loading an instance costs seconds; a
 * reset, a few statements.
 */
export class PglitePool {
  private idle: { raw: PGlite; since: Writes }[] = [];
  private snapshot: Promise<Snapshot> | undefined;

  private readonly tar: Blob;

  constructor(tar: Blob) {
    this.tar = tar;
  }

  async open(): Promise<Db> {
    const reused = this.idle.pop();
    const raw = reused?.raw ?? (await PGlite.create({ loadDataDir: this.tar }));
    const snapshot = await (this.snapshot ??= takeSnapshot(raw));
    const since = reused?.since ?? (await writes(raw));
    const db = wrapPglite(raw);
    const unlisten: (() => Promise<void>)[] = [];
    let closed = false;
    return {
      ...db,
      async listen(channel, fn) {
        unlisten.push(await raw.listen(channel, fn));
      },
      close: async () => {
        if (closed) return;
        closed = true;
        for (const stop of unlisten) await stop();
        const next = await this.reset(raw, snapshot, since).catch(() => undefined);
        if (next) this.idle.push({ raw, since: next });
        else await raw.close();
      },
    };
  }

  /** Closes the instances no test holds (a worker that runs file after file keeps only the kinds most files use). */
  async closeIdle(): Promise<void> {
    const idle = this.idle.splice(0);
    for (const { raw } of idle) await raw.close().catch(() => undefined);
  }

  /** Puts the template's state back; undefined when the instance cannot be reused. */
  private async reset(raw: PGlite, snapshot: Snapshot, since: Writes): Promise<Writes | undefined> {
    if (raw.closed) return undefined;
    await raw.exec('deallocate all; reset all; select pg_advisory_unlock_all(); discard sequences; discard plans');
    const now = await writes(raw);
    const written = writtenTables(snapshot.tables, since, now);
    if (!written) return undefined;
    if (written.length > 0) {
      // Foreign keys and the schema's triggers stay quiet while the tables get their rows back.
      await raw.exec('set session_replication_role = replica');
      try {
        for (const t of written) {
          await raw.exec(`delete from ${quote(t.name)}`);
          if (t.copy) await raw.query(`copy ${quote(t.name)} from '/dev/blob'`, [], { blob: t.copy });
        }
      } finally {
        await raw.exec('reset session_replication_role');
      }
    }
    const values = snapshot.sequences.map((s) => `setval('${s.name.replaceAll("'", "''")}', ${s.value}, ${s.called})`);
    if (values.length > 0) await raw.query(`select ${values.join(', ')}`);
    // The restore's own writes count: the next test is measured from here.
    return written.length > 0 ? writes(raw) : now;
  }
}
