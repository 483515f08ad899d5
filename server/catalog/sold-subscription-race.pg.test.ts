import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';
import { CRM_SECRET, postSubscriptionOrder, prepareSubscriptionCatalog, visitsLeft } from '../crm/subscription-test-kit.ts';
import { sessionWhen } from '../quantity-order/quantity-fixtures.ts';
import { insertSchemeEvent, schemeOrderBody } from '../seating/scheme-test-kit.ts';
import { exportEvent } from './export.ts';
import { importCatalogIn, lockCatalog } from './import.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so an order and an import never overlap there.
// Subscription 9203 admits to events 9200 and 9201; CRM client 9200 holds it with 3 visits left.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ demo: false, config: { crmSecret: CRM_SECRET } });
  await prepareSubscriptionCatalog(t, 3);
  await t.db.query('insert into subscription_items (subscription_event_id, event_id, sortnum) values (9203, 9201, 2)');
});
// A test that fails while a transaction waits at a gate opens every gate first, so the database can close.
const gates: Array<() => void> = [];
afterEach(async () => {
  for (const open of gates.splice(0)) open();
  await t.close();
});

/** Resolves once `n` transactions wait for a lock: advisory (the catalog import's) or any. */
async function waiting(kind: 'import' | 'any', n = 1): Promise<void> {
  // This test's database only: another worker's test on the same server may be waiting too.
  const sql =
    kind === 'import'
      ? "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 7240002 and not granted and database = (select oid from pg_database where datname = current_database())"
      : "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'";
  // Each round trip lets the other connections run; no timer decides anything.
  for (let round = 0; round < 5_000; round++) {
    const { rows } = await t.db.query<{ n: number }>(sql);
    if ((rows[0]?.n ?? 0) >= n) return;
  }
  throw new Error(`fewer than ${n} transactions wait for ${kind === 'import' ? 'the import lock' : 'a lock'}`);
}

/** A gate a test opens when it has seen what it waits for. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  gates.push(open);
  return { opened, open };
}

/**
 * Holds the catalog import's lock in a transaction of its own; once `go` opens, imports the
 * subscription with `change` applied, inside that transaction, and commits.
 */
function importHeld(change: (event: Record<string, unknown>) => Record<string, unknown>, eventId = 9203) {
  const locked = gate();
  const go = gate();
  const done = t.db.transaction(async (tx) => {
    await lockCatalog(tx);
    locked.open();
    await go.opened;
    const event = await exportEvent(tx, eventId, 'Europe/Moscow');
    if (!event) throw new Error(`subscription ${eventId} is not in the catalog`);
    return importCatalogIn(tx, { events: [change(event as unknown as Record<string, unknown>)] });
  });
  return { locked: locked.opened, go: go.open, done };
}

async function subscriptionOrder(sum: number) {
  const when = await sessionWhen(t.db, 9230);
  return t.post('/api/order/create', {
    hash: 'test-qty-sub',
    lang: 'ru',
    data: [{ ...when, actionId: 9203, categoryId: 9230, zoneId: 0, quantity: 1, sum, seatId: 0 }],
    fio: 'Иван Петров',
    phone: '+7 999 000 33 44',
    email: 'ivan@example.com',
    re_email: 'ivan@example.com',
    checkboxList: [],
  });
}

const orderCount = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n;
const composition = async () =>
  (
    await t.db.query<{ event_id: number }>('select event_id from subscription_items where subscription_event_id = 9203 order by sortnum')
  ).rows.map((r) => r.event_id);
type Items = Array<{ eventId: number }>;
const without = (eventId: number) => (event: Record<string, unknown>) => ({
  ...event,
  subscriptionItems: (event.subscriptionItems as Items).filter((i) => i.eventId !== eventId),
});

describe('an order of a subscription while an import edits it (PostgreSQL)', () => {
  it('a visit paid by the subscription waits for a running import; when the import took its event out, it is refused cleanly and spends nothing', async () => {
    // Warm the event's catalog part: the order is then priced at the version before the import.
    expect((await t.post('/api/no-scheme', { hash: 'test-qty-ordinary' })).statusCode).toBe(200);
    const held = importHeld(without(9200));
    await held.locked;
    const order = postSubscriptionOrder(t, 1);
    await waiting('import');
    held.go();
    expect((await held.done).counts.subscriptionItems).toBe(1);
    const res = await order;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: '-1002', fields: [{ path: 'data', code: 'not-valid-subscription' }] });
    expect(await orderCount()).toBe(0);
    expect(await visitsLeft(t)).toBe(3);
    expect(await composition()).toEqual([9201]);
  });

  it('buying the subscription waits for a running import and is then placed at the price the import set', async () => {
    expect((await t.post('/api/no-scheme', { hash: 'test-qty-sub' })).statusCode).toBe(200);
    const held = importHeld((event) => ({
      ...event,
      prices: (event.prices as Array<Record<string, unknown>>).map((p) => ({ ...p, amount: 160_000 })),
    }));
    await held.locked;
    const order = subscriptionOrder(1_500);
    await waiting('import');
    held.go();
    await held.done;
    const res = await order;
    expect(res.statusCode, res.body).toBe(200);
    const placed = await t.db.query<{ total: number; unit_price: number }>(
      'select o.total, l.unit_price from orders o join order_lines l on l.order_id = o.id where o.hash = $1',
      [res.json<{ hash: string }>().hash],
    );
    expect(placed.rows).toEqual([{ total: 160_000, unit_price: 160_000 }]);
  });

  it('buying a seated subscription waits for a running import and is then placed at the price the import set', async () => {
    const f = await insertSchemeEvent(t.db, { at: t.clock.date() });
    await t.db.exec(`update events set is_subscription = true where id = ${f.eventId};
      insert into subscription_items (subscription_event_id, event_id, sortnum) values (${f.eventId}, 9200, 1);`);
    const held = importHeld(
      (event) => ({
        ...event,
        prices: (event.prices as Array<Record<string, unknown>>).map((p) => (p.id === f.stallsPriceId ? { ...p, amount: 250_000 } : p)),
      }),
      f.eventId,
    );
    await held.locked;
    const order = t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: f.seatIds[0] as number, price_id: f.stallsPriceId }]));
    await waiting('import');
    held.go();
    await held.done;
    const res = await order;
    expect(res.statusCode, res.body).toBe(200);
    const placed = await t.db.query<{ unit_price: number }>(
      'select l.unit_price from orders o join order_lines l on l.order_id = o.id where o.hash = $1',
      [res.json<{ hash: string }>().hash],
    );
    expect(placed.rows).toEqual([{ unit_price: 250_000 }]);
  });

  it('an order by the subscription in flight makes the import wait, and the import is then refused with -2405 naming the event', async () => {
    const manager = await signedInAs(t, 'manager');
    const loaded = (await adminCall(t, 'GET', '/api/admin/catalog/events/9203', manager.cookie)).json();
    // The order is held inside its transaction at the visits' row, after it took the shared lock.
    const rowHeld = gate();
    const release = gate();
    const blocker = t.db.transaction(async (tx) => {
      await tx.query('select 1 from crm_subscriptions where client_id = 9200 for update');
      rowHeld.open();
      await release.opened;
    });
    await rowHeld.opened;
    const order = postSubscriptionOrder(t, 2);
    await waiting('any');
    const save = adminCall(t, 'PUT', '/api/admin/catalog/events/9203', manager.cookie, {
      revision: loaded.revision,
      event: { ...loaded.event, subscriptionItems: [{ eventId: 9201, sortnum: 1 }] },
    });
    await waiting('import');
    release.open();
    await blocker;
    const placed = await order;
    expect(placed.statusCode, placed.body).toBe(200);
    const refused = await save;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: '-2405',
      fields: [{ path: 'event.subscriptionItems', code: 'in-use-subscription-item' }],
    });
    expect(refused.json().errorText).toBe(
      'Абонемент уже продан: убрать из него событие нельзя (Постоянная экспозиция). Добавлять события можно.',
    );
    expect(await composition()).toEqual([9200, 9201]);
    expect(await visitsLeft(t)).toBe(1);
  });
});
