import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { testOrder } from '../../orders/order-test-kit.ts';
import { placeOrder } from '../../orders/orders.service.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Subscriptions' composition in the back office, on the demo catalog (subscription 9: concerts 10 and 11).
let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2026-11-27T07:00:00Z')) });
  manager = await signedInAs(t, 'manager');
});
afterAll(() => t.close());

type Listed = { id: number; revision: number; hasOrders: boolean; items: Array<{ eventId: number }> };
const listed = async () => (await adminCall(t, 'GET', '/api/admin/subscriptions', manager.cookie)).json() as { subscriptions: Listed[]; events: Array<{ id: number }> };
const subscription = async () => (await listed()).subscriptions.find((s) => s.id === 9) as Listed;
/** Saves the subscription as its page does: the event loaded, its composition replaced. */
async function saveItems(items: Array<{ eventId: number; sortnum: number }>, revision?: number) {
  const loaded = (await adminCall(t, 'GET', '/api/admin/catalog/events/9', manager.cookie)).json();
  return adminCall(t, 'PUT', '/api/admin/catalog/events/9', manager.cookie, { revision: revision ?? loaded.revision, event: { ...loaded.event, subscriptionItems: items } });
}

describe('a subscription\'s composition', () => {
  it('lists subscriptions with their events, and only events that are not subscriptions to add', async () => {
    const { subscriptions, events } = await listed();
    expect(subscriptions.map((s) => [s.id, s.items.map((i) => i.eventId), s.hasOrders])).toEqual([[9, [10, 11], false]]);
    expect(events.map((e) => e.id)).not.toContain(9);
    expect(events.map((e) => e.id)).toContain(10);
  });

  it('refuses what the import refuses, on its field, and changes nothing', async () => {
    const before = await subscription();
    const self = await saveItems([{ eventId: 10, sortnum: 1 }, { eventId: 9, sortnum: 2 }]);
    expect(self.statusCode).toBe(400);
    expect(self.json().fields.map((f: { path: string }) => f.path)).toEqual(['event.subscriptionItems.1.eventId']);
    const twice = await saveItems([{ eventId: 10, sortnum: 1 }, { eventId: 10, sortnum: 2 }]);
    expect(twice.statusCode).toBe(400);
    const empty = await saveItems([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.map((f: { path: string }) => f.path)).toEqual(['event.subscriptionItems']);
    expect(await subscription()).toEqual(before);
  });

  it('saves a new composition through the catalog import, audited, and refuses a stale save', async () => {
    const { revision } = await subscription();
    const saved = await saveItems([{ eventId: 11, sortnum: 1 }, { eventId: 10, sortnum: 2 }, { eventId: 1, sortnum: 3 }], revision);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await subscription()).items.map((i) => i.eventId)).toEqual([11, 10, 1]);
    const audit = (await t.db.query<{ after: { subscriptionItems: Array<{ eventId: number; sortnum: number }> } }>("select after from audit_log where action = 'catalog.event.update' and subject_id = '9'")).rows;
    const audited = audit.at(-1)?.after.subscriptionItems.map((i) => [i.eventId, i.sortnum]);
    expect(audited?.sort((a, b) => (a[1] as number) - (b[1] as number))).toEqual([[11, 1], [10, 2], [1, 3]]);
    const stale = await saveItems([{ eventId: 10, sortnum: 1 }, { eventId: 11, sortnum: 2 }], revision);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(`Изменено: ${manager.member.name}, 27.11.2026 10:00. Обновите страницу.`);
  });

  it('keeps every event of a sold subscription: taking one out is refused by name, adding one is not', async () => {
    const session = (await t.db.query<{ id: number }>('select id from sessions where event_id = 9 order by id limit 1')).rows[0]?.id as number;
    const base = testOrder([{ sessionId: session, priceId: 901, categoryId: 901, zoneId: null, unitPrice: 500_000, unitFee: 0 }], t.clock.date());
    await t.db.transaction((tx) => placeOrder(tx, { ...base, eventId: 9, isSubscription: true }));
    expect((await subscription()).hasOrders).toBe(true);

    const out = await saveItems([{ eventId: 11, sortnum: 1 }, { eventId: 10, sortnum: 2 }]);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ errorCode: '-2405', fields: [{ path: 'event.subscriptionItems', code: 'in-use-subscription-item' }] });
    expect(out.json().errorText).toMatch(/^Абонемент уже продан: убрать из него событие нельзя \(.+\)\. Добавлять события можно\.$/);
    expect((await subscription()).items.map((i) => i.eventId)).toEqual([11, 10, 1]);

    const more = await saveItems([{ eventId: 11, sortnum: 1 }, { eventId: 10, sortnum: 2 }, { eventId: 1, sortnum: 3 }, { eventId: 2, sortnum: 4 }]);
    expect(more.statusCode, more.body).toBe(200);
    expect((await subscription()).items.map((i) => i.eventId)).toEqual([11, 10, 1, 2]);
  });
});
