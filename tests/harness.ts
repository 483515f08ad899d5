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
  const scratch = await createDatabase(inject('pgUrl'), 't');
  const db = await openPostgres(scratch.url, 50);
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

// Starting PGlite costs seconds; cloning a migrated instance costs far less. Each test worker
// keeps one template per kind (migrated; migrated with the demo of a given day) and clones it.
const pgliteTemplates = new Map<string, Promise<PGlite>>();

async function clonePgliteTemplate(demoAt: Date | undefined): Promise<Db> {
  // The demo counts whole days in Moscow from its instant, so one template serves a Moscow day.
  const day = demoAt ? new Date(demoAt.getTime() + 3 * 3600_000).toISOString().slice(0, 10) : 'none';
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
    deps?: Pick<AppDeps, 'recaptcha' | 'captchaText' | 'captchaDigits' | 'staffScryptCost'>;
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
  let token: string | undefined;
  const csrfToken = async () => {
    if (!token) token = (await app.inject({ method: 'GET', url: '/api/token' })).json<{ token: string }>().token;
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
      return keep(
        await app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: { 'x-csrf-token': await csrfToken(), 'x-requested-with': 'XMLHttpRequest', ...cookie(), ...headers },
        }),
      );
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
