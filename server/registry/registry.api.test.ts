import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { type RegistryFake, startRegistryFake } from '../../tests/fakes/registry-fake.ts';
import { DEVICE, deviceKey, paidTickets, prepareDoor, withKey } from '../checkin/checkin-test-kit.ts';
import { createRegistrySender, registryBackoffMs } from './registry-job.ts';
import { enqueueRefundReports, findFailingReports } from './registry.repository.ts';

const KEY = 'registry-test-key-0001';
const AT = new Date('2026-11-27T09:00:00Z');
let t: TestApp;
let fake: RegistryFake;

beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(AT) });
  await prepareDoor(t.db, AT);
  fake = await startRegistryFake({ key: KEY });
});
afterEach(async () => {
  await fake.close();
  await t.close();
});

const sender = (key = KEY) =>
  createRegistrySender({ db: t.db, config: { url: fake.url, key, organizationId: 'org-77' }, now: t.clock.now });
const reports = async () =>
  (
    await t.db.query<{
      kind: string;
      ticket_id: number;
      attempts: number;
      sent_at: Date | null;
      last_error: string | null;
      registry_ticket_id: string | null;
    }>('select kind, ticket_id, attempts, sent_at, last_error, registry_ticket_id from registry_reports order by id')
  ).rows;

describe('the Pushkin-card registry queue', () => {
  it('queues one report per ticket of a Pushkin-card order in its payment, and none for an ordinary order', async () => {
    await paidTickets(t.db, AT, { quantity: 2 });
    expect(await reports()).toHaveLength(0);
    const { tickets } = await paidTickets(t.db, AT, { quantity: 2, pushkin: true });
    const queued = await reports();
    expect(queued.map((r) => [r.kind, r.ticket_id])).toEqual(tickets.map((x) => ['ticket', x.id]));
    const { rows } = await t.db.query<{ payload: Record<string, unknown> }>('select payload from registry_reports order by id limit 1');
    expect(rows[0]?.payload).toMatchObject({
      barcode: tickets[0]?.code,
      visitor: { full_name: 'Петров Иван Сергеевич', first_name: 'Иван', middle_name: 'Сергеевич', last_name: 'Петров' },
      buyer: { mobile_phone: '9991234567' },
      session: { event_id: 'reg-event-9000', date: AT.getTime() / 1000 },
      payment: { ticket_price: '500.00', amount: '530.00', date: AT.getTime() / 1000 },
    });
  });

  it('sends each ticket with Bearer auth and the organization id, keeps the registry id, then reports the visit of an admitted one', async () => {
    const { tickets } = await paidTickets(t.db, AT, { quantity: 2, pushkin: true });
    expect(await sender().run()).toEqual({ sent: 2, failed: 0, refused: 0 });
    const registered = fake.byBarcode(tickets[0]?.code ?? '');
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({ status: 'active', session: { organization_id: 'org-77', event_id: 'reg-event-9000' } });
    expect((await reports()).map((r) => r.registry_ticket_id)).toEqual([registered[0]?.id, fake.byBarcode(tickets[1]?.code ?? '')[0]?.id]);

    const key = await deviceKey(t);
    t.clock.advance(3600_000);
    const scan = await withKey(t, '/api/checkin/scan', key, { code: tickets[0]?.code, deviceId: DEVICE, sessionIds: [9000] });
    expect(scan.json()).toMatchObject({ verdict: 'admitted' });
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(registered[0]).toMatchObject({ status: 'visited', visit_date: (AT.getTime() + 3600_000) / 1000 });
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
  });

  it('holds a visit until its ticket has the registry id, and sends both in one pass when both are due', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    const key = await deviceKey(t);
    await withKey(t, '/api/checkin/scan', key, { code: tickets[0]?.code, deviceId: DEVICE, sessionIds: [9000] });
    fake.state.outage = true;
    expect(await sender().run()).toEqual({ sent: 0, failed: 1, refused: 0 });
    // The visit was never tried: it waits for the ticket's id.
    expect((await reports()).map((r) => [r.kind, r.attempts])).toEqual([
      ['ticket', 1],
      ['visit', 0],
    ]);
    fake.state.outage = false;
    t.clock.advance(registryBackoffMs(1));
    expect(await sender().run()).toEqual({ sent: 2, failed: 0, refused: 0 });
    expect(fake.byBarcode(tickets[0]?.code ?? '')[0]?.status).toBe('visited');
  });

  it('delivers each report exactly once across an outage and its recovery, retrying with a growing delay', async () => {
    const { tickets } = await paidTickets(t.db, AT, { quantity: 3, pushkin: true });
    fake.state.outage = true;
    expect(await sender().run()).toEqual({ sent: 0, failed: 3, refused: 0 });
    expect(
      (await reports()).every((r) => r.attempts === 1 && r.last_error === 'HTTP 503: unavailable Service temporarily unavailable'),
    ).toBe(true);
    // Not due again before the backoff has passed: nothing is called.
    const callsBefore = fake.calls.length;
    t.clock.advance(registryBackoffMs(1) - 1000);
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(fake.calls.length).toBe(callsBefore);
    t.clock.advance(1000);
    expect(await sender().run()).toEqual({ sent: 0, failed: 3, refused: 0 });
    expect(registryBackoffMs(2)).toBe(2 * registryBackoffMs(1));
    t.clock.advance(registryBackoffMs(2));
    fake.state.outage = false;
    expect(await sender().run()).toEqual({ sent: 3, failed: 0, refused: 0 });
    for (const ticket of tickets) expect(fake.byBarcode(ticket.code)).toHaveLength(1);
    t.clock.advance(86_400_000);
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(fake.calls.filter((c) => c.method === 'POST' && c.status === 201)).toHaveLength(3);
  });

  it('shows failing reports to staff with the reason: a wrong key, an event without its registry id', async () => {
    await paidTickets(t.db, AT, { pushkin: true });
    expect(await sender('wrong-key-000000').run()).toEqual({ sent: 0, failed: 1, refused: 0 });
    await t.db.query('update events set registry_event_id = null');
    const other = await paidTickets(t.db, AT, { pushkin: true });
    t.clock.advance(registryBackoffMs(1));
    const callsBefore = fake.calls.length;
    expect(await sender('wrong-key-000000').run()).toEqual({ sent: 0, failed: 2, refused: 0 });
    // The event without an id is not sent at all: only the other report called the registry.
    expect(fake.calls.length).toBe(callsBefore + 1);
    const failing = await findFailingReports(t.db, 50);
    expect(failing.map((f) => [f.kind, f.last_error])).toEqual([
      ['ticket', 'HTTP 401: unauthorized Invalid API key'],
      ['ticket', "the event has no registry id (the catalog's registryEventId)"],
    ]);
    expect(failing[1]?.ticket_code).toBe(other.tickets[0]?.code);
  });

  it('reports a refund of a registered ticket, with the refund date and reason', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    await sender().run();
    t.clock.advance(86_400_000);
    await t.db.transaction((tx) => enqueueRefundReports(tx, [tickets[0]?.id ?? 0], 'Возврат', t.clock.date()));
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(fake.byBarcode(tickets[0]?.code ?? '')[0]).toMatchObject({
      status: 'refunded',
      refund_date: (AT.getTime() + 86_400_000) / 1000,
    });
    const refundCall = fake.calls.find((c) => c.path.endsWith('/refund'));
    // Queued without a return request, the amount given back is unknown, and is left out (it is optional).
    expect(refundCall?.body).toEqual({ refund_date: (AT.getTime() + 86_400_000) / 1000, refund_reason: 'Возврат' });
  });

  it('queues nothing for a refund or a visit of a ticket that was never reported', async () => {
    const { tickets } = await paidTickets(t.db, AT);
    await t.db.transaction((tx) => enqueueRefundReports(tx, [tickets[0]?.id ?? 0], 'Возврат', AT));
    const key = await deviceKey(t);
    await withKey(t, '/api/checkin/scan', key, { code: tickets[0]?.code, deviceId: DEVICE, sessionIds: [9000] });
    expect(await reports()).toHaveLength(0);
  });
});

describe('registryBackoffMs', () => {
  it.each([
    { attempts: 1, ms: 30_000 },
    { attempts: 2, ms: 60_000 },
    { attempts: 5, ms: 480_000 },
    { attempts: 20, ms: 6 * 3600_000 },
  ])('waits $ms ms after attempt $attempts', ({ attempts, ms }) => {
    expect(registryBackoffMs(attempts)).toBe(ms);
  });
});
