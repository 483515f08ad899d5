import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RegistryFake, startRegistryFake } from '../../tests/fakes/registry-fake.ts';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { TEST_SCRYPT_COST, adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId } from '../payments/payment-test-kit.ts';
import { confirmReturn, createReturn, lastReturnLink, resetReturnableEvent } from '../returns/returns-test-kit.ts';
import { createRegistrySender } from './registry-job.ts';

// A Pushkin-card ticket paid at the (sandbox) bank, registered, then fully returned: by the
// visitor through the e-mail link, or by staff. The registry hears of the refund once.
const KEY = 'registry-test-key-0002';
const START = new Date('2026-11-21T10:00:00Z');
const PUSHKIN = 4;

let t: TestApp;
let fake: RegistryFake;
let support: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START), deps: { staffScryptCost: TEST_SCRYPT_COST } });
  await preparePaymentCatalog(t, { capacity: 500 });
  await t.db.query(`update events set registry_event_id = 'reg-event-9000' where id = 9000`);
  support = (await signedInAs(t, 'support')).cookie;
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetReturnableEvent(t, START);
  fake = await startRegistryFake({ key: KEY });
});
afterEach(() => fake.close());

const sender = () => createRegistrySender({ db: t.db, config: { url: fake.url, key: KEY, organizationId: 'org-77' }, now: t.clock.now });

/** A Pushkin-card order of one ticket, paid with the Pushkin card, its sale already accepted by the registry. */
async function registeredPushkinTicket() {
  const order = await makeOrder(t, { pushkin: true, lines: [{ quantity: 1 }] });
  await t.db.query(
    `update orders set buyer_name = 'Петров Иван Сергеевич', buyer_surname = 'Петров', buyer_first_name = 'Иван', buyer_patronymic = 'Сергеевич' where id = $1`,
    [order.id],
  );
  expect(await completeAtBank(t, sandboxId(await pay(t, order.hash, PUSHKIN)), 'pay')).toBe(`/order/${order.hash}`);
  const { rows } = await t.db.query<{ id: number; code: string }>('select id, code from tickets where order_id = $1', [order.id]);
  const ticket = rows[0];
  if (!ticket) throw new Error('the order has a ticket');
  expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
  const registered = fake.byBarcode(ticket.code)[0];
  expect(registered).toMatchObject({ status: 'active' });
  return { order, ticket, registryId: registered?.id ?? '' };
}

const refundCalls = (registryId: string) => fake.calls.filter((c) => c.method === 'PUT' && c.path.endsWith(`/tickets/${registryId}/refund`));

describe('a full return of a Pushkin-card ticket reaches the registry once', () => {
  it('through the visitor’s return: the queue gets the refund report and the registry receives PUT /tickets/{id}/refund once', async () => {
    const { order, ticket, registryId } = await registeredPushkinTicket();
    expect((await createReturn(t, order.hash, [ticket.id])).status).toBe(200);
    // A requested return is not a refund yet: nothing is queued until it is confirmed.
    expect((await t.db.query(`select 1 from registry_reports where kind = 'refund'`)).rows).toHaveLength(0);
    t.clock.advance(3600_000);
    const confirmed = await confirmReturn(t, order.hash, (await lastReturnLink(t)).url.searchParams.get('hash_conf') ?? '');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const { rows } = await t.db.query<{ ticket_id: number; sent_at: Date | null }>(`select ticket_id, sent_at from registry_reports where kind = 'refund'`);
    expect(rows).toEqual([{ ticket_id: ticket.id, sent_at: null }]);
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
    const calls = refundCalls(registryId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ status: 200, body: { refund_date: (START.getTime() + 3600_000) / 1000, refund_reason: 'Возврат билета по заявлению посетителя' } });
    expect(fake.byBarcode(ticket.code)[0]).toMatchObject({ status: 'refunded' });
  });

  it('through a staff refund of the whole order, also after an outage: the refund is sent once when the registry is back', async () => {
    const { order, ticket, registryId } = await registeredPushkinTicket();
    const refunded = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/refund`, support, { ticketIds: 'all', reason: 'Спектакль отменён', lang: 'ru' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    fake.state.outage = true;
    expect(await sender().run()).toEqual({ sent: 0, failed: 1, refused: 0 });
    fake.state.outage = false;
    t.clock.advance(24 * 3600_000);
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(refundCalls(registryId).filter((c) => c.status === 200)).toHaveLength(1);
    expect(fake.byBarcode(ticket.code)[0]).toMatchObject({ status: 'refunded' });
  });
});
