import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import pg from 'pg';

export type QueryResult<T> = { rows: T[]; rowCount: number };

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations, demo loading). */
  exec(sql: string): Promise<void>;
}

/** The database behind one interface, whether embedded PGlite or a PostgreSQL server. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Embedded database only: calls fn for every NOTIFY on the channel, before the statement (or the
   * transaction) that committed it resolves, since PGlite runs in this thread. Undefined on a
   * PostgreSQL server, where a notification arrives later on another connection.
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

// Type OIDs whose default parsing differs between pg and PGlite, parsed alike on both:
// int8 and numeric as JS numbers (counts and sums; money is integer kopecks well within 2^53),
// date as the 'YYYY-MM-DD' text, never a local-midnight Date.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const parseNumber = (value: string) => Number(value);
const keepText = (value: string) => value;

const PGLITE_PARSERS = { [INT8]: parseNumber, [NUMERIC]: parseNumber, [DATE]: keepText };

let statements = 0;
/**
 * SQL statements this process has sent so far, BEGIN, COMMIT and ROLLBACK included: each is one
 * round trip to the database. A figure for benchmarks (statements per order), counted always
 * since an increment costs nothing.
 */
export function statementsSent(): number {
  return statements;
}

/** Opens the embedded database kept in dataDir, or an in-memory one when dataDir is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  return wrapPglite(await PGlite.create(dataDir, { parsers: PGLITE_PARSERS }));
}

/** The Db interface over an open PGlite instance (a clone in tests, for one). */
export function wrapPglite(db: PGliteInterface): Db {
  const wrap = (runner: Pick<PGliteInterface, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      // PGlite runs each query synchronously on this thread, and the next query of a request runs
      // from a promise continuation, so a chain of queries would keep Node from reading sockets
      // until every request in flight had finished its database work. One turn of the event loop
      // before each query lets new requests in between (an overloaded server can then refuse them).
      await new Promise<void>((resolve) => setImmediate(resolve));
      statements++;
      // Parsers go with every query too, so an instance made by clone() parses alike.
      const result = await runner.query<T>(sql, params as unknown[], { parsers: PGLITE_PARSERS });
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      statements++;
      await runner.exec(sql);
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => {
      statements += 2; // BEGIN and COMMIT or ROLLBACK
      return db.transaction((tx) => fn(wrap(tx)));
    },
    async listen(channel, fn) {
      await db.listen(channel, fn);
    },
    close: () => db.close(),
  };
}

/** Distinct statement texts a pool prepares by name (a bound on the server's per-connection plan cache). */
const NAMED_MAX = 500;

/** An error the server sent for one statement (it has a SQLSTATE), after which the session goes on. */
function answeredByServer(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return false;
  return typeof error.code === 'string' && error.severity !== 'FATAL' && error.severity !== 'PANIC';
}

/**
 * How long a request's database work may wait on a PostgreSQL server. Without limits a server
 * that stops answering (frozen, a network partition that drops packets silently) holds every
 * request forever; with them a request gets the 'database busy' answer (429 -1029, /healthz 503)
 * within about ten seconds, and the pool replaces the connections that timed out.
 */
export type PostgresLimits = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectionTimeoutMillis?: number;
  /** The server cancels a statement running longer (SQLSTATE 57014). */
  statementTimeoutMs?: number;
  /** The client gives up on an answer that does not come (a frozen server cannot cancel anything). */
  queryTimeoutMs?: number;
};

/** The limits of the server's request work; migrations, the demo loader and the catalog import run without. */
export const REQUEST_LIMITS: PostgresLimits = { connectionTimeoutMillis: 5000, statementTimeoutMs: 5000, queryTimeoutMs: 8000 };

/** Connects to a PostgreSQL server through a pool, with the given limits (none by default). */
export async function openPostgres(url: string, poolSize = 10, limits: PostgresLimits = {}): Promise<Db> {
  const types = {
    getTypeParser(oid: number, format?: string) {
      if (oid === INT8 || oid === NUMERIC) return parseNumber;
      if (oid === DATE) return keepText;
      return pg.types.getTypeParser(oid, format as 'text');
    },
  } as pg.CustomTypesConfig;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    // No JIT compilation: the app's statements are short, and the back office's reports, whose
    // estimated cost passes the JIT threshold, spent more time compiling (over a second on a
    // million orders) than running.
    options: '-c jit=off',
    ...(limits.connectionTimeoutMillis === undefined ? {} : { connectionTimeoutMillis: limits.connectionTimeoutMillis }),
    ...(limits.statementTimeoutMs === undefined ? {} : { statement_timeout: limits.statementTimeoutMs }),
    ...(limits.queryTimeoutMs === undefined ? {} : { query_timeout: limits.queryTimeoutMs }),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor one that loses it while checked out: its query fails with the error and release() drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  await pool.query('select 1');
  const toResult = <T>(r: pg.QueryResult): QueryResult<T> => ({ rows: r.rows as T[], rowCount: r.rowCount ?? 0 });
  // Statements with parameters run as named prepared statements: each connection parses and plans
  // one once and then only binds and executes it (the server's parse and plan were a large part of
  // an order's database CPU). The text is the key, so SQL built at run time must keep its
  // parameters out of the text; past NAMED_MAX distinct texts, statements run unnamed.
  const names = new Map<string, string>();
  const config = (sql: string, params: readonly unknown[]): pg.QueryConfig => {
    let name = names.get(sql);
    if (name === undefined && params.length > 0 && names.size < NAMED_MAX) {
      name = `sf${names.size}`;
      names.set(sql, name);
    }
    return { text: sql, values: params as unknown[], ...(name === undefined ? {} : { name }) };
  };
  const run = (runner: pg.PoolClient, sql: string, params: readonly unknown[]) => {
    statements++;
    return runner.query(config(sql, params));
  };
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      // Not pool.query(): it closes the connection on ANY error, and a refused order is an error
      // (a seat taken, 23505; places gone, SF001). Each refusal then cost a new server process
      // (fork, catalog caches, place_order compiled and every statement prepared again): about
      // 20 ms of PostgreSQL CPU, 800 ms per seat sold in the 50-seat rush. An error the server
      // answered leaves the connection ready for the next statement; one that broke it
      // (the client is no longer queryable, or a FATAL) still drops it.
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return toResult<T>(await run(client, sql, params));
      } catch (error) {
        if (!answeredByServer(error)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async exec(sql: string) {
      statements++;
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        statements++;
        await client.query('begin');
        const result = await fn({
          async query<T>(sql: string, params: readonly unknown[] = []) {
            return toResult<T>(await run(client, sql, params));
          },
          async exec(sql: string) {
            statements++;
            await client.query(sql);
          },
        });
        statements++;
        await client.query('commit');
        return result;
      } catch (error) {
        if (answeredByServer(error)) {
          statements++;
          await client.query('rollback').catch(() => undefined);
        } else {
          // The connection broke or its answer timed out: a ROLLBACK would wait as long again.
          // Dropping the connection ends the transaction on the server all the same.
          broken = error as Error;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

export async function openDb(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  limits?: PostgresLimits;
}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize, options.limits);
  return openPglite(options.dataDir);
}

/** A statement whose plan is kept: a name unique in the app, its SQL and its parameters' types. */
export type PlannedStatement = { name: string; sql: string; types: readonly string[] };

const STATEMENT_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** A value as an SQL literal, for EXECUTE (which takes no bind parameters). */
function sqlLiteral(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a planned statement takes finite numbers only');
    return String(value);
  }
  if (value.includes('\0')) throw new Error('a planned statement takes no NUL character');
  // standard_conforming_strings is on (the default since PostgreSQL 9.1): only the quote is special.
  return `'${value.replaceAll("'", "''")}'`;
}

const sqlState = (error: unknown) => (error as { code?: unknown } | undefined)?.code;

/**
 * Runs a large statement on a hot path without planning it again on every call. A PostgreSQL
 * server already keeps one plan per connection (every statement with parameters is prepared by
 * name, openPostgres). PGlite plans every query afresh, and planning reads each relation's size
 * from the file system (an fstat per table): for a statement of a dozen tables that was most of
 * its cost. There it is PREPAREd once in the database's one session and EXECUTEd with its
 * arguments written as literals, since EXECUTE takes no bind parameters.
 */
export async function queryPlanned<T>(db: Db, statement: PlannedStatement, params: readonly (string | number)[]): Promise<QueryResult<T>> {
  if (db.kind !== 'pglite') return db.query<T>(statement.sql, params);
  if (!STATEMENT_NAME.test(statement.name) || params.length !== statement.types.length)
    throw new Error(`bad planned statement ${statement.name}`);
  const execute = `execute ${statement.name}(${params.map(sqlLiteral).join(', ')})`;
  try {
    return await db.query<T>(execute);
  } catch (error) {
    if (sqlState(error) !== '26000') throw error;
  }
  // Not prepared yet in this session (or deallocated): prepare, then run. Two calls may race here.
  try {
    await db.query(`prepare ${statement.name}(${statement.types.join(', ')}) as ${statement.sql}`);
  } catch (error) {
    if (sqlState(error) !== '42P05') throw error;
  }
  return db.query<T>(execute);
}
