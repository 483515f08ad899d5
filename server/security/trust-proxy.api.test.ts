import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testConfig } from '../../tests/harness.ts';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { type TrustProxy, trustProxyWarning } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it.each([
    { value: undefined, parsed: false },
    { value: '', parsed: false },
    { value: 'false', parsed: false },
    { value: '0', parsed: false },
    { value: 'true', parsed: true },
    { value: '1', parsed: 1 },
    { value: '2', parsed: 2 },
    { value: '10.0.0.1', parsed: ['10.0.0.1'] },
    { value: ' 10.0.0.0/8, 192.168.1.5 ,fd00::/8 ', parsed: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8'] },
    { value: 'loopback,uniquelocal', parsed: ['loopback', 'uniquelocal'] },
  ])('reads $value as $parsed', ({ value, parsed }) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(parsed);
  });

  it.each(['yes', '10.0.0.256', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/2', 'proxy.example', '10.0.0.1,,nope', '1000'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=/);
    },
  );
});

describe('the start with TRUST_PROXY', () => {
  it.each([
    { value: true, warns: true },
    { value: false, warns: false },
    { value: 1, warns: false },
    { value: ['10.0.0.0/8'], warns: false },
  ])('warns for $value: $warns', ({ value, warns }) => {
    const warning = trustProxyWarning(value);
    expect(warning !== undefined).toBe(warns);
    if (warning) expect(warning).toMatch(/TRUST_PROXY=true.*X-Forwarded-For.*client.*number of proxies/);
  });
});

describe('who the client is, behind a proxy or not', () => {
  let db: Db;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await openTestDb();
    await migrate(db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
  });

  /** The app with TRUST_PROXY as given, plus a route that answers what Fastify made of the request. */
  async function appWith(trustProxy: TrustProxy) {
    const app = await buildApp(testConfig({ trustProxy }), { db, secret: 'test-secret-'.padEnd(40, 'x') });
    app.get('/test/client', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    await app.ready();
    apps.push(app);
    return async (remoteAddress: string, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method: 'GET', url: '/test/client', remoteAddress, headers });
      return { ...res.json<{ ip: string; protocol: string }>(), hsts: res.headers['strict-transport-security'] };
    };
  }

  const FORWARDED = { 'x-forwarded-for': '203.0.113.7, 10.0.0.2', 'x-forwarded-proto': 'https' };

  it('by default believes no X-Forwarded-* header: a client cannot name its own address', async () => {
    const client = await appWith(loadConfig({}).trustProxy);
    expect(await client('198.51.100.9', FORWARDED)).toEqual({ ip: '198.51.100.9', protocol: 'http', hsts: undefined });
  });

  it('with true believes every peer', async () => {
    const client = await appWith(true);
    expect(await client('10.0.0.1', FORWARDED)).toEqual({ ip: '203.0.113.7', protocol: 'https', hsts: 'max-age=31536000' });
  });

  it('with a hop count believes that many proxies and no more', async () => {
    const client = await appWith(1);
    // One hop: the proxy at 10.0.0.1 is trusted, and says the request came from 10.0.0.2.
    expect((await client('10.0.0.1', FORWARDED)).ip).toBe('10.0.0.2');
  });

  it('with true lets a client behind the proxy choose its address by a forged leftmost X-Forwarded-For; a hop count or an address keeps the one the proxy saw', async () => {
    // The client sends X-Forwarded-For: 192.0.2.66 itself; the proxy at 10.0.0.1 appends the address it saw.
    const forged = { 'x-forwarded-for': '192.0.2.66, 198.51.100.9' };
    expect((await (await appWith(true))('10.0.0.1', forged)).ip).toBe('192.0.2.66');
    expect((await (await appWith(1))('10.0.0.1', forged)).ip).toBe('198.51.100.9');
    expect((await (await appWith(['10.0.0.0/8']))('10.0.0.1', forged)).ip).toBe('198.51.100.9');
  });

  it('with a list believes only the proxies on it', async () => {
    const client = await appWith(['10.0.0.0/8']);
    expect(await client('10.0.0.1', FORWARDED)).toEqual({ ip: '203.0.113.7', protocol: 'https', hsts: 'max-age=31536000' });
    // Someone else sending the same headers is the client itself, on plain HTTP.
    expect(await client('198.51.100.9', FORWARDED)).toEqual({ ip: '198.51.100.9', protocol: 'http', hsts: undefined });
  });
});
