import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedSetup } from '../../../contract/setup.ts';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { preparePaymentCatalog } from '../../payments/payment-test-kit.ts';
import { paidOrder, sessionStartsIn } from '../../returns/returns-test-kit.ts';
import { addTestStaff, adminCall, signedInAs } from '../staff/staff-test-kit.ts';
import { venueDate, venueSetUp } from './home.service.ts';

// 20:30 UTC is already the next day in Almaty (UTC+5): the venue's day, not UTC's, is "today".
const START = new Date('2026-11-21T20:30:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    clock: createClock(START),
    config: { timezone: 'Asia/Almaty' },
  });
});
afterAll(() => t.close());

const stepsOf = async (cookie: string) => {
  const response = await adminCall(t, 'GET', '/api/admin/home/first-steps', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries((response.json().steps as { step: string; done: boolean }[]).map((s) => [s.step, s.done]));
};

describe("the owner's first steps", () => {
  it('are ticked from the real state: another member, an event on sale; the venue, payment and address stay open until set', async () => {
    const owner = (await signedInAs(t, 'owner')).cookie;
    expect(await stepsOf(owner)).toEqual({ venue: false, staff: false, event: false, payment: false, address: false });

    await addTestStaff(t, 'support');
    await preparePaymentCatalog(t);
    await sessionStartsIn(t, 3 * 86_400_000);
    expect(await stepsOf(owner)).toEqual({ venue: false, staff: true, event: true, payment: false, address: false });

    // A session in the past sells nothing: the step is open again; a disabled member is no staff.
    await sessionStartsIn(t, -3_600_000);
    await t.db.query("update staff set disabled = true where role <> 'owner'");
    expect(await stepsOf(owner)).toMatchObject({ staff: false, event: false });
    await t.db.query("update staff set disabled = false where role <> 'owner'");
  });

  it('count the venue as set up only with its name and an uploaded logo', () => {
    // The defaults the storefront ships with: a name, the shipped logo.
    const shipped = storedSetup.parse(JSON.parse(readFileSync(new URL('../../../config/setup.json', import.meta.url), 'utf8')));
    expect(venueSetUp(shipped)).toBe(false);
    const base = { ...shipped, organizer: undefined };
    const named = { ...base, organizer: { name: { ru: 'Театр на Набережной' }, inn: '', ticket_series: '' } };
    expect(venueSetUp(named)).toBe(false);
    expect(venueSetUp({ ...named, app: { ...named.app, logo: { ru: '/media/0123456789abcdef0123456789abcdef/800.webp' } } })).toBe(true);
    expect(venueSetUp({ ...base, app: { ...base.app, logo: { ru: '/media/0123456789abcdef0123456789abcdef/800.webp' } } })).toBe(false);
  });

  it("are the owner's: a manager is refused", async () => {
    const manager = (await signedInAs(t, 'manager')).cookie;
    expect((await adminCall(t, 'GET', '/api/admin/home/first-steps', manager)).statusCode).toBe(403);
  });
});

describe("the venue's day", () => {
  it("lists the day's sessions with tickets sold, the day's sales and the newest orders, in the venue's zone", async () => {
    const support = (await signedInAs(t, 'support')).cookie;
    expect(venueDate(t.clock.now(), 'Asia/Almaty')).toBe('2026-11-22');
    // Later today at the venue (the 22nd there), though still the 21st in UTC.
    await sessionStartsIn(t, 2 * 3_600_000);
    const order = await paidOrder(t);

    const response = await adminCall(t, 'GET', '/api/admin/home/today', support);
    expect(response.statusCode, response.body).toBe(200);
    const today = response.json();
    expect(today.day).toBe('2026-11-22');
    expect(today.sessions).toEqual([
      expect.objectContaining({
        id: 9000,
        eventId: 9000,
        startsAt: new Date(START.getTime() + 2 * 3_600_000).toISOString(),
        sold: 2,
        cancelled: false,
      }),
    ]);
    expect(today.sales).toEqual({ orders: 1, tickets: 2, total: 106_000 });
    expect(today.latestOrders[0]).toMatchObject({ id: order.id, number: order.number, state: 'paid', total: 106_000 });

    // The next day at the venue: the session and the sale were yesterday's; the orders stay the newest.
    t.clock.set(new Date(START.getTime() + 86_400_000));
    // Signed in anew: a session idle for a day has ended.
    const next = (await adminCall(t, 'GET', '/api/admin/home/today', (await signedInAs(t, 'support')).cookie)).json();
    expect(next.day).toBe('2026-11-23');
    expect(next.sessions).toEqual([]);
    expect(next.sales).toEqual({ orders: 0, tickets: 0, total: 0 });
    expect(next.latestOrders[0]).toMatchObject({ id: order.id });
    t.clock.set(START);
  });

  it('is for those who see orders: a controller and a cashier are refused', async () => {
    for (const role of ['controller', 'cashier'] as const) {
      expect((await adminCall(t, 'GET', '/api/admin/home/today', (await signedInAs(t, role)).cookie)).statusCode).toBe(403);
    }
  });
});
