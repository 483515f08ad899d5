import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/harness.ts';
import { type Cluster, createDatabase, startCluster } from '../../tests/pg-cluster.ts';
import { buildApp } from '../app.ts';
import { type Db, REQUEST_LIMITS, openPostgres } from './client.ts';
import { migrate } from './migrate.ts';

// A PostgreSQL server that stops answering (SIGSTOP: a frozen VM, a partition that drops packets)
// must not hold requests forever: within ~10 s they get the 'database busy' answer, and the server
// recovers once PostgreSQL answers again. A cluster of its own, so no other test file is frozen.
let cluster: Cluster;
let db: Db;
let app: FastifyInstance;
let frozen: number[] = [];
beforeAll(async () => {
  cluster = await startCluster();
  const { url } = await createDatabase(cluster.url, 'frozen');
  const setup = await openPostgres(url, 1);
  await migrate(setup);
  await setup.close();
  db = await openPostgres(url, 4, REQUEST_LIMITS);
  app = await buildApp(testConfig(), { db, secret: 'test-secret-'.padEnd(40, 'x') });
  await app.ready();
}, 120_000);
afterAll(async () => {
  resume();
  await app?.close();
  await db?.close();
  cluster?.stop();
});

/** The postmaster and every process it started (backends, checkpointer, WAL writer…). */
function clusterPids(): number[] {
  if (!cluster.log) throw new Error('the cluster has no folder');
  const postmaster = Number(readFileSync(path.join(path.dirname(cluster.log), 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

function freeze() {
  frozen = clusterPids();
  for (const pid of frozen) process.kill(pid, 'SIGSTOP');
}

function resume() {
  for (const pid of [...frozen].reverse()) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Gone.
    }
  }
  frozen = [];
}

const timed = async (url: string) => {
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url });
  return { res, ms: Date.now() - started };
};

describe('a PostgreSQL server that stops answering', () => {
  it('answers requests busy within ~10 s, /healthz 503, and recovers when the server answers again', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/rules' })).statusCode).toBe(200);

    freeze();
    // On a connection the pool holds (the server never answers the statement)...
    const [rules, health] = await Promise.all([timed('/api/rules?lang=en'), timed('/healthz')]);
    expect(rules.res.statusCode).toBe(429);
    expect(rules.res.headers['retry-after']).toBe('1');
    expect(rules.res.json()).toEqual({ errorCode: '-1029', errorText: 'Too many requests. Please wait a moment and try again.' });
    expect(rules.ms).toBeLessThan(10_500);
    expect(health.res.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(10_500);
    // ...and on a new one (the pool dropped those that timed out; the postmaster never answers).
    const again = await timed('/api/rules');
    expect(again.res.statusCode).toBe(429);
    expect(again.ms).toBeLessThan(10_500);

    resume();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode, { timeout: 20_000, interval: 200 })
      .toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/rules' })).statusCode).toBe(200);
  }, 90_000);
});
