import { importCatalog } from '../server/catalog/import.ts';
import { type Db, openPostgres } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { rushCatalog } from '../bench/lib/catalog.ts';
import { createDatabase } from './pg-cluster.ts';
import { ONE_ADDRESS_LIMITS_OFF, type SpawnedServer, spawnServer } from './spawn-server.ts';

/**
 * What the tests that run the storefront as real processes share: a fresh database on the
 * api-pg cluster with the on-sale catalog imported (bench/lib/catalog.ts), app processes started
 * from main.ts, and an HTTP client that speaks to them as a browser does (CSRF token, JSON).
 */

export type Prepared = { url: string; db: Db; day: string; placesTime: string; bigTime: string; drop: () => Promise<void> };

/** A new database with the migrations applied and the on-sale catalog imported (no demo). */
export async function prepareDatabase(adminUrl: string, prefix: string): Promise<Prepared> {
  const database = await createDatabase(adminUrl, prefix);
  const db = await openPostgres(database.url, 4);
  await migrate(db);
  const { file, day, placesTime, bigTime } = rushCatalog(new Date());
  await importCatalog(db, file);
  return {
    url: database.url,
    db,
    day,
    placesTime,
    bigTime,
    async drop() {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * The environment of an instance under test: every buyer of a test comes from 127.0.0.1, so the
 * per-client hold limits, the burst captcha and the per-client rate limits are off (they are proven
 * elsewhere); a small pool, since several instances share one cluster.
 */
export function instanceEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '6',
    JOBS: '1',
    ...ONE_ADDRESS_LIMITS_OFF,
    LOG_LEVEL: 'error',
    ...extra,
  };
}

/** Starts `count` instances of main.ts at once on the same environment. */
export async function startInstances(count: number, env: Record<string, string>): Promise<SpawnedServer[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => spawnServer(env, 90_000)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map(stopInstance));
    throw failed.reason;
  }
  return servers;
}

/** SIGTERM (the graceful stop), SIGKILL after 10 s; resolves once the process is gone. */
export async function stopInstance(server: SpawnedServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

export type Answer = { status: number; body: Record<string, unknown>; headers: Headers; text: string };

/**
 * A browser of the storefront behind a load balancer: `base()` names the instance each request
 * goes to (a fixed one, or the next of a round-robin). The CSRF token is fetched once, from
 * whichever instance serves that request, and sent with every state-changing call.
 */
export function browser(base: () => string) {
  let token: string | undefined;
  let cookie: string | undefined;
  const send = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const response = await fetch(`${base()}${path}`, {
      method,
      redirect: 'manual',
      ...(init.body === undefined ? {} : { body: init.body }),
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0];
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // An HTML page (the sandbox bank) or an empty redirect.
    }
    return { status: response.status, body, headers: response.headers, text };
  };
  const csrf = async () => {
    token ??= String((await send('GET', '/api/token')).body.token);
    return token;
  };
  return {
    get: (path: string, headers: Record<string, string> = {}) => send('GET', path, { headers }),
    async post(path: string, body: unknown, headers: Record<string, string> = {}) {
      return send('POST', path, {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'x-csrf-token': await csrf(), 'x-requested-with': 'XMLHttpRequest', ...headers },
      });
    },
    async delete(path: string, headers: Record<string, string> = {}) {
      return send('DELETE', path, { headers: { 'x-csrf-token': await csrf(), 'x-requested-with': 'XMLHttpRequest', ...headers } });
    },
    /** An HTML form's POST (the sandbox bank's page): no CSRF token, as a form sends none. */
    form: (path: string, fields: Record<string, string>) =>
      send('POST', path, {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    token: csrf,
    /** The session cookie the last Set-Cookie gave (a member of staff signed in). */
    cookie: () => cookie,
  };
}
export type Browser = ReturnType<typeof browser>;

/** A round-robin over the instances' addresses: each call names the next one. */
export function roundRobin(urls: readonly string[]): () => string {
  let next = 0;
  return () => urls[next++ % urls.length] as string;
}

/** The sandbox payment id in a pay answer (card form or bank page address). */
export function sandboxPaymentId(answer: Record<string, unknown>): string {
  const bank = answer.form_bank as Record<string, string> | undefined;
  if (bank?.MdOrder) return bank.MdOrder;
  const match = /\/sandbox\/(?:pay|qr)\/([\w-]+)/.exec(String(answer.bankUrl ?? answer.form_qr_url ?? ''));
  if (!match?.[1]) throw new Error(`no sandbox payment in ${JSON.stringify(answer)}`);
  return match[1];
}

/**
 * Waits until `check` answers true, reading it again every `everyMs`: what the tests wait for is
 * state another process changes (a background job), which no clock of the test can move.
 */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
