import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RegistryFake, startRegistryFake } from '../../tests/fakes/registry-fake.ts';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';
import { DEVICE, deviceKey, paidTickets, prepareDoor, withKey } from '../checkin/checkin-test-kit.ts';
import { createRegistrySender, registryBackoffMs } from './registry-job.ts';
import { cardShares, enqueueRefundReports, findFailingReports, seatParams } from './registry.repository.ts';

// Each point of the registry's published API (OpenAPI 0.1.5) the sender must meet, against the
// fake registry that validates every body against that schema and the visit window.
const KEY = 'registry-test-key-0003';
const AT = new Date('2026-11-27T09:00:00Z');
const START = AT.getTime() / 1000;
let t: TestApp;
let fake: RegistryFake;

beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(AT) });
  await prepareDoor(t.db, AT);
  fake = await startRegistryFake({ key: KEY, now: t.clock.now });
});
afterEach(async () => {
  await fake.close();
  await t.close();
});

const sender = () => createRegistrySender({ db: t.db, config: { url: fake.url, key: KEY, organizationId: 'org-77' }, now: t.clock.now });
const report = async (kind: string) =>
  (
    await t.db.query<{
      attempts: number;
      sent_at: Date | null;
      refused_at: Date | null;
      last_error: string | null;
      post_uncertain: boolean;
      registered_by_barcode: boolean;
      payload: Record<string, unknown>;
    }>(
      'select attempts, sent_at, refused_at, last_error, post_uncertain, registered_by_barcode, payload from registry_reports where kind = $1 order by id limit 1',
      [kind],
    )
  ).rows[0];
const admit = async (code: string) => {
  const scan = await withKey(t, '/api/checkin/scan', await deviceKey(t), { code, deviceId: DEVICE, sessionIds: [9000] });
  expect(scan.json()).toMatchObject({ verdict: 'admitted' });
};

describe('what the registry is sent', () => {
  it('sends session.params as one string and barcode_type as a code of digits, which the schema-checking registry accepts', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    const held = fake.byBarcode(tickets[0]?.code ?? '')[0];
    expect(held?.barcode_type).toBe('1');
    expect(typeof held?.session.params).toBe('string');
    expect(held?.session.params).not.toBe('');

    // A barcode ticket (ticketType 0) is Code128.
    await t.db.query('update events set ticket_type = 0 where id = 9000');
    const barcode = await paidTickets(t.db, AT, { pushkin: true });
    await sender().run();
    expect(fake.byBarcode(barcode.tickets[0]?.code ?? '')[0]?.barcode_type).toBe('2');
  });

  it('writes "Зал+Сектор+Ряд+Место" as one string of the parts a ticket has', () => {
    expect(seatParams({ hall: 'Большой зал', sector: 'Партер', row: '5', seat: '12' })).toBe('Большой зал, Партер, ряд 5, место 12');
    expect(seatParams({ hall: 'Малый зал', sector: null, row: null, seat: null })).toBe('Малый зал');
    expect(seatParams({ hall: '', sector: 'Балкон', row: '2', seat: '3' })).toBe('Балкон, ряд 2, место 3');
  });

  it('leaves payment.rrn out when the bank gave none, never an id of ours or of the acquirer', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    await sender().run();
    const sent = fake.calls.find((c) => c.method === 'POST')?.body as { payment: Record<string, unknown> };
    expect(sent.payment).not.toHaveProperty('rrn');
    expect(fake.byBarcode(tickets[0]?.code ?? '')).toHaveLength(1);
  });

  it("reports what the card paid for each ticket: the price less the ticket's share of a promo discount, plus its fee, adding up to the payment", () => {
    // 2 × 500 ₽ + 30 ₽ fee, 10% off the tickets: the card paid 960 ₽.
    expect(
      cardShares(
        [
          { unitPrice: 50000, unitFee: 3000 },
          { unitPrice: 50000, unitFee: 3000 },
        ],
        { discountable: 100000, discount: 10000, paid: 96000 },
      ),
    ).toEqual([48000, 48000]);
    // 3 × 333.33 ₽, 100 ₽ off: the rounding's kopecks go to the first tickets.
    const shares = cardShares(
      Array.from({ length: 3 }, () => ({ unitPrice: 33333, unitFee: 0 })),
      { discountable: 99999, discount: 10000, paid: 89999 },
    );
    expect(shares.reduce((a, b) => a + b, 0)).toBe(89999);
    expect(shares).toEqual([30000, 30000, 29999]);
    // No discount: the price and the fee.
    expect(cardShares([{ unitPrice: 50000, unitFee: 3000 }], { discountable: 50000, discount: 0, paid: 53000 })).toEqual([53000]);
  });
});

describe('the visit window', () => {
  it('reports a visit admitted more than 2 hours before the start at the earliest time the registry takes', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    await sender().run();
    // The door of a museum's day opens 3 hours before the session's time.
    t.clock.set(AT.getTime() - 3 * 3600_000);
    await admit(tickets[0]?.code ?? '');
    expect((await report('visit'))?.payload).toEqual({ visit_date: START - 7200 });
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(fake.byBarcode(tickets[0]?.code ?? '')[0]).toMatchObject({ status: 'visited', visit_date: START - 7200 });
  });

  it('reports a visit within the window at its own time', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    await sender().run();
    t.clock.set(AT.getTime() - 1800_000);
    await admit(tickets[0]?.code ?? '');
    await sender().run();
    expect(fake.byBarcode(tickets[0]?.code ?? '')[0]).toMatchObject({ status: 'visited', visit_date: START - 1800 });
  });
});

describe('refusals are final, outages are retried', () => {
  it("stops at the registry's refusal of a visit, never sends it again, and shows staff the registry's reason", async () => {
    const owner = (await signedInAs(t, 'owner')).cookie;
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    await sender().run();
    const held = fake.byBarcode(tickets[0]?.code ?? '')[0];
    if (!held) throw new Error('registered');
    held.status = 'canceled';
    await admit(tickets[0]?.code ?? '');
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 1 });
    const visit = await report('visit');
    expect(visit).toMatchObject({ sent_at: null, last_error: 'HTTP 400: invalid_status The ticket is canceled' });
    expect(visit?.refused_at).toBeInstanceOf(Date);
    const calls = fake.calls.length;
    t.clock.advance(7 * 86_400_000);
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(fake.calls.length).toBe(calls);

    t.clock.set(AT);
    const listed = await adminCall(t, 'GET', '/api/admin/registry/reports?lang=ru', owner);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      configured: false,
      unsent: 0,
      reports: [
        {
          kind: 'visit',
          ticketCode: tickets[0]?.code,
          nextAttemptAt: null,
          refusedAt: expect.any(String),
          lastError: 'HTTP 400: invalid_status The ticket is canceled',
        },
      ],
    });
  });

  it('stops at a refused sale (400 on the schema) and never makes its visit due', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    await t.db.query(`update registry_reports set payload = jsonb_set(payload, '{buyer,mobile_phone}', '"12345"') where kind = 'ticket'`);
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 1 });
    expect((await report('ticket'))?.last_error).toBe('HTTP 400: validation_error buyer.mobile_phone: must be 10 digits');
    await admit(tickets[0]?.code ?? '');
    t.clock.advance(86_400_000);
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(fake.calls.filter((c) => c.method !== 'GET')).toHaveLength(1);
    expect((await findFailingReports(t.db, 10)).map((f) => [f.kind, f.refused_at !== null])).toEqual([['ticket', true]]);
  });

  it('retries an outage (503) with backoff and lists it as waiting, not refused', async () => {
    await paidTickets(t.db, AT, { pushkin: true });
    fake.state.outage = true;
    expect(await sender().run()).toEqual({ sent: 0, failed: 1, refused: 0 });
    const [failing] = await findFailingReports(t.db, 10);
    expect(failing).toMatchObject({ refused_at: null, last_error: 'HTTP 503: unavailable Service temporarily unavailable' });
    fake.state.outage = false;
    t.clock.advance(registryBackoffMs(1));
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
  });
});

describe('no second ticket after a lost answer', () => {
  it('reads a POST whose answer was lost back by its barcode and does not post it again; the visit goes by event and barcode', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    const code = tickets[0]?.code ?? '';
    fake.state.loseAnswers = 1;
    expect(await sender().run()).toEqual({ sent: 0, failed: 1, refused: 0 });
    // The registry took it; we never heard.
    expect(fake.byBarcode(code)).toHaveLength(1);
    expect(await report('ticket')).toMatchObject({ post_uncertain: true, sent_at: null });
    t.clock.advance(registryBackoffMs(1));
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(fake.byBarcode(code)).toHaveLength(1);
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: `/api/v1/events/reg-event-9000/tickets/${code}`, status: 200 });
    expect(await report('ticket')).toMatchObject({ post_uncertain: false, registered_by_barcode: true });

    await admit(code);
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'PUT', path: `/api/v1/events/reg-event-9000/tickets/${code}/visit`, status: 200 });
    expect(fake.byBarcode(code)[0]?.status).toBe('visited');
  });

  it('posts again after a lost answer only when the registry does not hold the ticket', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    const code = tickets[0]?.code ?? '';
    fake.state.outage = true;
    await sender().run();
    fake.state.outage = false;
    t.clock.advance(registryBackoffMs(1));
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(fake.calls.slice(-2).map((c) => [c.method, c.status])).toEqual([
      ['GET', 400],
      ['POST', 201],
    ]);
    expect(fake.byBarcode(code)).toHaveLength(1);
  });

  it('a refund of a ticket the registry holds without its id is listed for staff, not sent', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    fake.state.loseAnswers = 1;
    await sender().run();
    t.clock.advance(registryBackoffMs(1));
    await sender().run();
    await t.db.transaction((tx) => enqueueRefundReports(tx, [tickets[0]?.id ?? 0], 'Возврат', t.clock.date()));
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 1 });
    expect((await report('refund'))?.last_error).toContain('record it in PRO.Культура by hand');
  });

  it('a visit whose answer was lost is read back and counted as sent when the registry has it', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    await sender().run();
    await admit(tickets[0]?.code ?? '');
    fake.state.loseAnswers = 1;
    expect(await sender().run()).toEqual({ sent: 0, failed: 1, refused: 0 });
    t.clock.advance(registryBackoffMs(1));
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(fake.byBarcode(tickets[0]?.code ?? '')[0]?.status).toBe('visited');
  });
});
