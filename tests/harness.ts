import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../server/app.ts';
import { type Config, loadConfig } from '../server/config.ts';
import { type Db, openPglite } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { PostgresPool, claimPostgresTemplate, postgresTemplateName } from './pg-pool.ts';
import { TEST_SCRYPT_COST } from './scrypt-cost.ts';
import {
  PglitePool,
  buildPgliteTemplate,
  claimTemplate,
  copyMigratedTemplate,
  readTemplate,
  saveTemplate,
  templateKind,
} from './pglite-templates.ts';

/** A clock tests move by hand instead of sleeping. */
export function createClock(start: Date | number = new Date()) {
  let current = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => current,
    date: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(at: Date | number) {
      current = typeof at === 'number' ? at : at.getTime();
    },
  };
}
export type Clock = ReturnType<typeof createClock>;

/**
 * Opens the database the current project tests on, migrated (with the demo of `demoAt`'s day
 * when given): in-memory PGlite (api), as if copied afresh from a template, or a fresh database
 * of its own on the throw-away PostgreSQL cluster (api-pg), dropped again on close.
 */
export async function openTestDb(options: { demoAt?: Date } = {}): Promise<Db> {
  if (process.env.TEST_DB !== 'postgres') return openPgliteTestDb(options.demoAt);
  return (await postgresPool(options.demoAt)).open();
}

// Each template's databases are reused test after test, reset when a test closes one, as the api
// project's PGlite instances are; one template per kind serves the whole run (tests/pg-pool.ts).
const postgresPools = new Map<string, Promise<PostgresPool>>();

function postgresPool(demoAt: Date | undefined): Promise<PostgresPool> {
  const kind = templateKind(demoAt);
  let pool = postgresPools.get(kind);
  if (!pool) {
    const prefix = inject('pgTemplatePrefix');
    pool = claimPostgresTemplate(inject('pgUrl'), postgresTemplateName(prefix, kind), demoAt)
      .then((claim) => claim.built)
      .then((template) => new PostgresPool(inject('pgUrl'), template, `${prefix}_t`));
    postgresPools.set(kind, pool);
  }
  return pool;
}

// Starting PGlite and migrating it costs seconds. The run's global setup
// (tests/pglite-global-setup.ts) writes the migrated data folder once; a test file loads the kind
// it needs, and the first file that needs a day's demo (today's, or a clock on another day) builds
// that one on the migrated folder and writes it for the files after it. Within a file, a pool
// keeps the instances and resets each when a test closes it (tests/pglite-templates.ts).
const pglitePools = new Map<string, Promise<PglitePool>>();

async function openPgliteTestDb(demoAt: Date | undefined): Promise<Db> {
  const kind = templateKind(demoAt);
  let pool = pglitePools.get(kind);
  if (!pool) {
    pool = (async () => {
      const dir = inject('pgliteTemplateDir');
      // One file builds a missing kind while the others wait for it (tests/pglite-templates.ts).
      const release = dir ? await claimTemplate(dir, kind) : undefined;
      try {
        let tar = readTemplate(dir, kind);
        if (!tar) {
          // Another day's demo goes onto the run's migrated template, which spares initdb and the migrations.
          const migrated = readTemplate(dir, templateKind(undefined));
          const from = migrated ? await PGlite.create({ loadDataDir: migrated }) : undefined;
          try {
            tar = await buildPgliteTemplate(demoAt, from);
          } finally {
            await from?.close();
          }
          if (dir) await saveTemplate(dir, kind, tar);
        }
        return new PglitePool(tar);
      } finally {
        release?.();
      }
    })();
    pglitePools.set(kind, pool);
  }
  return (await pool).open();
}

/**
 * The embedded database of a data folder on disk (as a server or a command-line tool opens it),
 * migrated: a copy of the run's migrated template folder (tests/pglite-templates.ts,
 * templateFolder), which spares each test that runs a server or a tool on a folder of its own
 * PGlite's initdb and the migrations, and the unpacking of the template (seconds of CPU each).
 * Without the api project's template (another project), it is migrated here.
 */
export async function openMigratedDataDir(dir: string): Promise<Db> {
  if (await copyMigratedTemplate(inject('pgliteTemplateDir'), dir)) return openPglite(dir);
  const db = await openPglite(dir);
  await migrate(db);
  return db;
}

/** A data folder with the migrated template in it, for a server or a tool to start on (see openMigratedDataDir). */
export async function migratedDataDir(dir: string): Promise<string> {
  if (!(await copyMigratedTemplate(inject('pgliteTemplateDir'), dir))) await (await openMigratedDataDir(dir)).close();
  return dir;
}

/**
 * At the end of a test file: closes the idle PGlite instances of every kind but the two most files
 * use (migrated, and migrated with today's demo). A worker runs file after file in one process
 * (vitest.config.ts), and a file's clock on another day would otherwise leave its instances in
 * memory for the rest of the run.
 */
export async function closeRareTestDbs(): Promise<void> {
  const common = new Set([templateKind(undefined), templateKind(new Date())]);
  for (const [kind, pool] of pglitePools) {
    if (common.has(kind)) continue;
    pglitePools.delete(kind);
    await (await pool.catch(() => undefined))?.closeIdle();
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Admission control is off: the concurrency tests race hundreds of buyers straight at the
  // database locks. server/security/admission.api.test.ts turns it on to test it. So are the
  // per-client hold limits and the adaptive captcha: every test order comes from one address;
  // server/security/hold-limits.api.test.ts turns them on. The per-client rate limits likewise
  // (server/security/rate-limits.api.test.ts turns them on).
  const off = {
    ORDER_CONCURRENCY: '0',
    HOLD_LIMIT_ORDERS: '0',
    HOLD_LIMIT_PLACES: '0',
    ORDER_BURST_CAPTCHA: '0',
    CAPTCHA_RATE_LIMIT: '0',
    PAY_RATE_LIMIT: '0',
    RETURN_RATE_LIMIT: '0',
  };
  return { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', JOBS: '0', ...off }), ...overrides };
}

type Body = Record<string, unknown> | unknown[];

/** The storefront on a test database, driven through app.inject() with no network. */
export async function createTestApp(
  options: {
    demo?: boolean;
    clock?: Clock;
    config?: Partial<Config>;
    deps?: Pick<AppDeps, 'recaptcha' | 'captchaText' | 'captchaDigits' | 'staffScryptCost' | 'logStream'>;
    webDist?: string;
  } = {},
) {
  const clock = options.clock ?? createClock();
  const demo = options.demo ?? true;
  const db = await openTestDb(demo ? { demoAt: clock.date() } : {});
  const app: FastifyInstance = await buildApp(testConfig(options.config), {
    db,
    secret: 'test-secret-'.padEnd(40, 'x'),
    now: clock.now,
    webDist: options.webDist,
    // Every app hashes a stand-in password when it starts (sign-ins of unknown addresses take as
    // long as known ones): at production's cost, 64 MiB of scrypt each, that was most of an app's
    // start. A test that needs production's cost passes it.
    staffScryptCost: TEST_SCRYPT_COST,
    ...options.deps,
  });
  await app.ready();
  // A token per Cookie header: one fetched with a staff session cookie is bound to that session.
  const tokens = new Map<string, string>();
  const csrfToken = async (cookieHeader = '') => {
    let token = tokens.get(cookieHeader);
    if (!token) {
      token = (await app.inject({ method: 'GET', url: '/api/token', headers: cookieHeader ? { cookie: cookieHeader } : {} })).json<{
        token: string;
      }>().token;
      tokens.set(cookieHeader, token);
    }
    return token;
  };
  // Cookies the server set, sent back as a browser would (paths ignored: the server checks names).
  const jar = new Map<string, string>();
  const keep = (response: LightMyRequestResponse) => {
    const set = response.headers['set-cookie'];
    for (const line of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };
  const cookie = () => (jar.size > 0 ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {});
  return {
    app,
    db,
    clock,
    csrfToken,
    get: async (url: string): Promise<LightMyRequestResponse> => keep(await app.inject({ method: 'GET', url, headers: cookie() })),
    /** A POST as the web app sends it: JSON with the CSRF token and X-Requested-With. */
    async post(url: string, body: Body, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
      const send = async () =>
        app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: {
            'x-csrf-token': await csrfToken(headers.cookie ?? cookie().cookie),
            'x-requested-with': 'XMLHttpRequest',
            ...cookie(),
            ...headers,
          },
        });
      let response = await send();
      // A token kept from before the test clock moved (more than its lifetime on, or back before
      // it was issued) is refused as stale: fetched again and the call repeated once, as the web
      // client does. A refused call changed nothing.
      if (
        response.statusCode === 403 &&
        response.json<{ errorCode?: string }>().errorCode === '-1000' &&
        headers['x-csrf-token'] === undefined
      ) {
        tokens.delete(headers.cookie ?? cookie().cookie ?? '');
        response = await send();
      }
      return keep(response);
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
