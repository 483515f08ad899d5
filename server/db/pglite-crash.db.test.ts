import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDataDir } from '../../tests/harness.ts';
import { type SpawnedServer, killLeftovers, spawnServer } from '../../tests/spawn-server.ts';
import { shopper } from '../../tests/spawned-orders.ts';
import { insertQuantityCatalog, sessionWhen } from '../quantity-order/quantity-fixtures.ts';
import { openPglite } from './client.ts';

/**
 * What kill -9 does to the embedded database: a server on a DATA_DIR takes orders, some of them
 * in flight, and is killed with SIGKILL. The next server on the same DATA_DIR starts (the stale
 * pid file is taken over), PostgreSQL's crash recovery replays the write-ahead log, and every order
 * the killed server answered 200 is there, whole, with the session's stock agreeing with the
 * orders. The finding is written down in docs/operations.md.
 */
const CAPACITY = 1000;
// The per-client limits would refuse one address ordering this fast.
const ENV = { HOLD_LIMIT_ORDERS: '0', HOLD_LIMIT_PLACES: '0', ORDER_BURST_CAPTCHA: '0' };

let dir: string;
let when: { day: string; time: string };
const servers: SpawnedServer[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-kill9-'));
  const db = await openMigratedDataDir(dir);
  await insertQuantityCatalog(db, { capacity: CAPACITY });
  when = await sessionWhen(db, 9200);
  await db.close();
}, 60_000);
afterAll(async () => {
  await killLeftovers(...servers);
  rmSync(dir, { recursive: true, force: true });
});

async function start() {
  const server = await spawnServer({ DATA_DIR: dir, ...ENV });
  servers.push(server);
  return Object.assign(server, await shopper(server, when));
}

describe('kill -9 on the embedded database', () => {
  it('keeps every order the killed server confirmed, whole, and the next server starts on the same DATA_DIR', async () => {
    const first = await start();
    const confirmed: string[] = [];
    for (let i = 0; i < 5; i += 1) confirmed.push((await first.order(i)) as string);

    // 40 more at once; the server is killed while they are being written.
    const failures: string[] = [];
    let killed = false;
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      first.order(100 + i).then(
        (hash) => {
          if (hash) confirmed.push(hash);
        },
        (error: Error) => {
          if (!killed) failures.push(error.message);
        },
      ),
    );
    // Kill once a few of them are confirmed, while the rest are being written.
    let settled = 0;
    await new Promise<void>((resolve) => {
      for (const request of inFlight) {
        void request.then(() => {
          settled += 1;
          if (confirmed.length >= 10 || settled === inFlight.length) resolve();
        });
      }
    });
    killed = true;
    first.child.kill('SIGKILL');
    // Some orders were still unanswered when the process died.
    expect(settled).toBeLessThan(inFlight.length);
    expect(failures).toEqual([]);
    await Promise.all(inFlight);
    expect(await first.exited).toBeNull();
    // The pid file is left behind, naming a process that is gone.
    expect(existsSync(path.join(dir, 'storefront.pid'))).toBe(true);
    expect(readFileSync(path.join(dir, 'storefront.pid'), 'utf8').trim()).toBe(String(first.child.pid));

    // The next server takes the stale pid file over and recovers the database.
    const second = await start();
    for (const hash of confirmed) expect((await second.view(hash)).status, `order ${hash}`).toBe(200);
    // It takes new orders.
    expect(await second.order(999)).toMatch(/\w/);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // Every confirmed order whole (its line and ticket), and the stock agrees with all orders.
    const db = await openPglite(dir);
    try {
      const { rows } = await db.query<{ hash: string; lines: number; tickets: number }>(
        `select o.hash, count(distinct l.id)::int as lines, count(t.id)::int as tickets
           from orders o left join order_lines l on l.order_id = o.id left join tickets t on t.order_line_id = l.id
          group by o.hash`,
      );
      const byHash = new Map(rows.map((row) => [row.hash, row]));
      for (const hash of confirmed) expect(byHash.get(hash), hash).toMatchObject({ lines: 1, tickets: 1 });
      // An order in flight at the kill is either all there or not at all.
      for (const row of rows) expect(row, row.hash).toMatchObject({ lines: 1, tickets: 1 });
      expect(rows.length).toBeGreaterThanOrEqual(confirmed.length + 1);
      const stock = await db.query<{ remaining: number; held: number }>(
        `select s.remaining, coalesce((select sum(l.quantity) from order_lines l where l.session_id = s.id and not l.released), 0)::int as held
           from sessions s where s.id = 9200`,
      );
      expect(stock.rows[0]?.remaining).toBe(CAPACITY - (stock.rows[0]?.held ?? 0));
      expect(stock.rows[0]?.held).toBe(rows.length);
    } finally {
      await db.close();
    }
  }, 120_000);
});
