import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { loadDemoIfEmpty } from '../demo/load.ts';
import { type AppDeps, buildApp } from '../server/app.ts';
import { type Config, loadConfig } from '../server/config.ts';
import { PGlite } from '@electric-sql/pglite';
import { type Db, openPostgres, wrapPglite } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { createDatabase } from './pg-cluster.ts';

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
 * Opens the database the current project tests on: in-memory PGlite (api), or a fresh database
 * of its own on the throw-away PostgreSQL cluster (api-pg), dropped again on close.
 */
export async function openTestDb(options: { demoAt?: Date } = {}): Promise<Db> {
  if (process.env.TEST_DB !== 'postgres') return clonePgliteTemplate(options.demoAt);
  const scratch = await createDatabase(inject('pgUrl'), 't', await postgresTemplate(options.demoAt));
  const db = await openPostgres(scratch.url, 50);
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

/** A template's kind: migrated only ('none'), or migrated with the demo of a Moscow day. */
function templateKind(demoAt: Date | undefined): string {
  // The demo counts whole days in Moscow from its instant, so one template serves a Moscow day.
  return demoAt ? new Date(demoAt.getTime() + 3 * 3600_000).toISOString().slice(0, 10) : 'none';
}

// Migrating a PostgreSQL database and loading the demo into it costs about a second; copying a
// database that has them (CREATE DATABASE ... TEMPLATE) a fraction of that. One template per kind
// serves the whole run: the first worker that needs it builds it under an advisory lock, and
// every other waits for it, then copies it. Nobody connects to a template once it is built, as
// copying requires.
const postgresTemplates = new Map<string, Promise<string>>();

function postgresTemplate(demoAt: Date | undefined): Promise<string> {
  const kind = templateKind(demoAt);
  let name = postgresTemplates.get(kind);
  if (!name) {
    name = buildPostgresTemplate(`${inject('pgTemplatePrefix')}_${kind.replaceAll('-', '_')}`, demoAt);
    postgresTemplates.set(kind, name);
  }
  return name;
}

async function buildPostgresTemplate(name: string, demoAt: Date | undefined): Promise<string> {
  const adminUrl = inject('pgUrl');
  // One connection: the advisory lock is the session's, and closing it lets the next one in.
  const admin = await openPostgres(adminUrl, 1);
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
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
      // Half a template must not be copied: the next test builds it again.
      await admin.query(`drop database if exists ${name} with (force)`);
      throw error;
    }
    return name;
  } finally {
    await admin.close();
  }
}

// Starting PGlite costs seconds; cloning a migrated instance costs far less. Each test file
// keeps one template per kind and clones it.
const pgliteTemplates = new Map<string, Promise<PGlite>>();

async function clonePgliteTemplate(demoAt: Date | undefined): Promise<Db> {
  const day = templateKind(demoAt);
  let template = pgliteTemplates.get(day);
  if (!template) {
    template = (async () => {
      const raw = await PGlite.create();
      const db = wrapPglite(raw);
      await migrate(db);
      if (demoAt) await loadDemoIfEmpty(db, demoAt);
      return raw;
    })();
    pgliteTemplates.set(day, template);
  }
  return wrapPglite(await (await template).clone());
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Admission control is off: the concurrency tests race hundreds of buyers straight at the
  // database locks. server/security/admission.api.test.ts turns it on to test it. So are the
  // per-client hold limits and the adaptive captcha: every test order comes from one address;
  // server/security/hold-limits.api.test.ts turns them on. The per-client rate limits likewise
  // (server/security/rate-limits.api.test.ts turns them on).
  const off = { ORDER_CONCURRENCY: '0', HOLD_LIMIT_ORDERS: '0', HOLD_LIMIT_PLACES: '0', ORDER_BURST_CAPTCHA: '0', CAPTCHA_RATE_LIMIT: '0', PAY_RATE_LIMIT: '0', RETURN_RATE_LIMIT: '0' };
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
  await migrate(db);
  if (demo) await loadDemoIfEmpty(db, clock.date());
  const app: FastifyInstance = await buildApp(testConfig(options.config), {
    db,
    secret: 'test-secret-'.padEnd(40, 'x'),
    now: clock.now,
    webDist: options.webDist,
    ...options.deps,
  });
  await app.ready();
  // A token per Cookie header: one fetched with a staff session cookie is bound to that session.
  const tokens = new Map<string, string>();
  const csrfToken = async (cookieHeader = '') => {
    let token = tokens.get(cookieHeader);
    if (!token) {
      token = (await app.inject({ method: 'GET', url: '/api/token', headers: cookieHeader ? { cookie: cookieHeader } : {} })).json<{ token: string }>().token;
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
          headers: { 'x-csrf-token': await csrfToken(headers.cookie ?? cookie().cookie), 'x-requested-with': 'XMLHttpRequest', ...cookie(), ...headers },
        });
      let response = await send();
      // A token kept from before the test clock moved (more than its lifetime on, or back before
      // it was issued) is refused as stale: fetched again and the call repeated once, as the web
      // client does. A refused call changed nothing.
      if (response.statusCode === 403 && response.json<{ errorCode?: string }>().errorCode === '-1000' && headers['x-csrf-token'] === undefined) {
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
