import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDataDir } from '../tests/harness.ts';
import { type SpawnedServer, killLeftovers, spawnServer } from '../tests/spawn-server.ts';
import { shopper } from '../tests/spawned-orders.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from './quantity-order/quantity-fixtures.ts';

// The production entry at LOG_LEVEL=info, the most a venue logs in production: a buyer's name,
// e-mail and phone never reach the log, whether the order is placed or refused.
let dir: string;
let server: SpawnedServer;
let when: { day: string; time: string };
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-pii-'));
  const db = await openMigratedDataDir(dir);
  await insertQuantityCatalog(db);
  when = await sessionWhen(db, 9200);
  await db.close();
  server = await spawnServer({ DATA_DIR: dir, LOG_LEVEL: 'info', HOLD_LIMIT_ORDERS: '0', ORDER_BURST_CAPTCHA: '0' });
}, 120_000);
afterAll(async () => {
  await killLeftovers(server);
  rmSync(dir, { recursive: true, force: true });
});

describe('personal data in the log', () => {
  it("never writes a buyer's name, e-mail or phone, of a placed order or a refused one, nor the hash that opens an order", async () => {
    const shop = await shopper(server, when);
    const hash = await shop.order(7);
    expect((await shop.view(hash)).status).toBe(200);
    const { token } = (await (await fetch(`${server.url}/api/token`)).json()) as { token: string };
    const refused = await fetch(`${server.url}/api/order/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ ...ordinaryOrderBody(when, 7), data: [], fio: 'Секретная Фамилия' }),
    });
    expect(refused.status).toBe(400);
    // The order's own address: its hash opens the order, so the log keeps it as ***.
    expect((await fetch(`${server.url}/order/${hash}`)).status).toBeLessThan(500);
    expect((await fetch(`${server.url}/api/order/return/${hash}?hash_conf=abcdefgh`)).status).toBeLessThan(500);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const log = server.output();
    expect(log).toContain('incoming request');
    for (const personal of ['buyer7@example.com', '+7 999 000 0007', '9990000007', 'Покупатель Номер', 'Секретная Фамилия'])
      expect(log).not.toContain(personal);
    expect(log).toContain('/order/***');
    expect(log).not.toContain(hash);
    expect(log).not.toContain('abcdefgh');
  });
});
