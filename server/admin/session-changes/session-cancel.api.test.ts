import { beforeAll, describe, expect, it } from 'vitest';
import { lastPaymentOf, orderRowOf, paidAtFake, pressAtFake, useTbankApp } from '../../../tests/fakes/acquirer-test-kit.ts';
import { type TbankFake } from '../../../tests/fakes/tbank-fake.ts';
import type { TestApp } from '../../../tests/harness.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { makeOrder, pay } from '../../payments/payment-test-kit.ts';
import { claimCancelOrders } from './session-changes.repository.ts';
import { SESSION, deskCashOrder, managerActor, runUntilSettled, ticketStatuses } from './session-cancel-kit.ts';
import type { StaffActor } from '../orders/orders-desk.service.ts';

// A session's cancellation against the T-Bank fake (card, SBP and Pushkin-card terminals), with a
// desk cash sale and unpaid orders beside: the dry run, the job, its restart, its report.
const CARD = 1;
const QR = 2;
const PUSHKIN = 4;
const TERMINAL = 'CancelTest';
const PASSWORD = 'terminal-password-1';
const PUSHKIN_TERMINAL = 'CancelPushkin';
const PUSHKIN_PASSWORD = 'terminal-password-2';

const acquirer = useTbankApp({
  card: { terminalKey: TERMINAL, password: PASSWORD },
  pushkin: { terminalKey: PUSHKIN_TERMINAL, password: PUSHKIN_PASSWORD },
});
let t: TestApp;
let fake: TbankFake;
let actor: StaffActor;
beforeAll(async () => {
  t = acquirer.app();
  fake = acquirer.fake();
  actor = await managerActor(t);
});

/** Puts the session back on sale with no orders, 20 days ahead. */
async function freshSession() {
  await t.db.query('delete from session_cancellations');
  await t.db.query('delete from orders');
  await t.db.query(`update sessions set is_cancelled = false, remaining = capacity, starts_at = $1 where id = ${SESSION}`, [
    new Date(t.clock.now() + 20 * 24 * 3600_000),
  ]);
}

const fakeRefundsOf = (publicId: string) => [...fake.payments.values()].filter((p) => p.orderId === publicId).flatMap((p) => p.refunds);

async function paidWith(methodId: number, options: { pushkin?: boolean; lang?: string } = {}) {
  const order = await makeOrder(t, { pushkin: options.pushkin ?? false, ...(options.pushkin ? { lines: [{ quantity: 1 }] } : {}) });
  if (options.lang) await t.db.query('update orders set lang = $2 where id = $1', [order.id, options.lang]);
  const answer = await pay(t, order.hash, methodId);
  await pressAtFake(String(answer.bankUrl ?? answer.form_qr_url), 'pay');
  const row = await orderRowOf(t, order.hash);
  expect(row.status).toBe(OrderStatus.paid);
  return { order, payment: await lastPaymentOf(t, row.id) };
}

describe('cancelling a session', () => {
  it('refunds every paid order in full once, by payment type exactly as the dry run said, releases unpaid ones and mails every buyer', async () => {
    await freshSession();
    // The event's tiers would refund nothing now: a cancellation refunds in full all the same.
    await t.db.query(`update events set refund_policy = 'culture-law', allow_return = false, refund_service_fee = false where id = 9000`);
    await t.db.query(`update sessions set starts_at = $1 where id = ${SESSION}`, [new Date(t.clock.now() + 24 * 3600_000)]);
    const cards = [await paidWith(CARD), await paidWith(CARD, { lang: 'en' }), await paidWith(CARD)];
    const sbp = await paidWith(QR);
    const pushkin = await paidWith(PUSHKIN, { pushkin: true });
    const desk = await deskCashOrder(t, actor);
    const unpaid = await makeOrder(t, { email: 'unpaid@example.test' });
    // A buyer on the bank's page when the session is cancelled: the payment is cancelled at the bank.
    const paying = await makeOrder(t, { email: 'paying@example.test' });
    await pay(t, paying.hash, CARD);

    const { plan } = await t.app.sessionCancellation.preview(SESSION);
    expect(plan.refund.byType).toEqual({
      card: { orders: 3, tickets: 6, amount: 3 * 106_000 },
      sbp: { orders: 1, tickets: 2, amount: 106_000 },
      pushkin: { orders: 1, tickets: 1, amount: 53_000 },
      desk: { orders: 1, tickets: 2, amount: 106_000 },
    });
    expect(plan.refund).toMatchObject({ orders: 6, tickets: 11, amount: 5 * 106_000 + 53_000 });
    expect(plan.release).toEqual({ orders: 2, tickets: 4 });

    const started = await t.app.sessionCancellation.start({
      sessionId: SESSION,
      reason: 'Болезнь солиста',
      fingerprint: plan.fingerprint,
      actor,
    });
    expect(started.plan).toEqual(plan);
    // Sales stop at once: the order core refuses the cancelled session.
    await expect(makeOrder(t)).rejects.toThrow();

    await runUntilSettled(t);
    const status = await t.app.sessionCancellation.status(SESSION);
    expect(status.cancellation).toMatchObject({ progress: { total: 8, done: 8, failed: 0, pending: 0 }, released: 2, problems: [] });
    expect(status.cancellation?.finishedAt).not.toBeNull();
    // What the job did equals the dry run, type by type.
    expect(status.cancellation?.refunded).toEqual(plan.refund);
    expect(status.cancellation?.refunds).toEqual({ done: 5, pending: 0, failed: 0, atDesk: 1, paidOutAtDesk: 0 });

    // Every acquirer payment refunded once, in full, at the bank.
    for (const paid of [...cards, sbp, pushkin]) {
      const refunds = fakeRefundsOf(paid.payment.public_id);
      expect(refunds.map((r) => r.amount)).toEqual([paid.payment.public_id === pushkin.payment.public_id ? 53_000 : 106_000]);
      expect(await ticketStatuses(t, paid.order.id)).toEqual(paid === pushkin ? [70] : [70, 70]);
    }
    // The desk's cash is paid out at the desk: its tickets stop admitting and wait as 'refunding'.
    expect(await ticketStatuses(t, desk.id)).toEqual([80, 80]);
    const { rows: released } = await t.db.query<{ id: number; status: number }>(
      'select id, status from orders where id = any($1::int[]) order by id',
      [[unpaid.id, paying.id]],
    );
    expect(released.map((o) => o.status)).toEqual([OrderStatus.canceled, OrderStatus.canceled]);
    const payingPayment = await lastPaymentOf(t, paying.id);
    expect(payingPayment.status).toBe('canceled');
    expect([...fake.payments.values()].find((p) => p.orderId === payingPayment.public_id)?.status).toBe('CANCELED');

    // The registry is told of the Pushkin-card ticket's refund, with the cancellation as its reason.
    const { rows: reports } = await t.db.query<{ kind: string; reason: string }>(
      `select r.kind, r.payload->>'refund_reason' as reason from registry_reports r join tickets k on k.id = r.ticket_id where k.order_id = $1 order by r.id`,
      [pushkin.order.id],
    );
    expect(reports).toEqual([
      { kind: 'ticket', reason: null },
      { kind: 'refund', reason: 'Отмена мероприятия' },
    ]);

    // One e-mail per order, in the order's language.
    const { rows: mails } = await t.db.query<{ order_id: number; subject: string; text_body: string }>(
      `select order_id, subject, text_body from mail_outbox where dedupe_key like 'session-cancel:%' order by order_id`,
    );
    expect(mails).toHaveLength(8);
    const mailOf = (id: number) => mails.find((m) => m.order_id === id);
    expect(mailOf(cards[0]?.order.id ?? 0)?.subject).toMatch(/^Сеанс отменён: /);
    expect(mailOf(cards[0]?.order.id ?? 0)?.text_body.replace(/\s/g, ' ')).toContain('сумма — 1 060 ₽');
    expect(mailOf(cards[1]?.order.id ?? 0)?.subject).toMatch(/^Session cancelled: /);
    expect(mailOf(desk.id)?.text_body).toContain('вернут в кассе');
    expect(mailOf(unpaid.id)?.text_body).toContain('платить не нужно');

    // Run again: nothing is refunded twice.
    expect(await t.app.sessionCancellation.runBatch()).toEqual({ settled: 0, failed: 0 });
    const { rows: audit } = await t.db.query<{ action: string; after: { amount: number } }>(
      `select action, after from audit_log where subject_type = 'session' and subject_id = '${SESSION}'`,
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'session.cancel', after: expect.objectContaining({ amount: plan.refund.amount }) }),
    ]);
  });

  it('refuses a confirmation whose dry run is stale, and a second cancellation, changing nothing', async () => {
    await freshSession();
    await paidAtFake(t, CARD);
    const { plan } = await t.app.sessionCancellation.preview(SESSION);
    await paidAtFake(t, CARD);
    await expect(
      t.app.sessionCancellation.start({ sessionId: SESSION, reason: 'x', fingerprint: plan.fingerprint, actor }),
    ).rejects.toMatchObject({ code: '-2654', status: 409 });
    expect(
      (await t.db.query<{ is_cancelled: boolean }>(`select is_cancelled from sessions where id = ${SESSION}`)).rows[0]?.is_cancelled,
    ).toBe(false);
    expect((await t.db.query('select 1 from session_cancellations')).rows).toHaveLength(0);

    const fresh = await t.app.sessionCancellation.preview(SESSION);
    await t.app.sessionCancellation.start({ sessionId: SESSION, reason: 'x', fingerprint: fresh.plan.fingerprint, actor });
    await expect(
      t.app.sessionCancellation.start({ sessionId: SESSION, reason: 'x', fingerprint: fresh.plan.fingerprint, actor }),
    ).rejects.toMatchObject({ code: '-2651' });
    await expect(t.app.sessionCancellation.preview(SESSION)).rejects.toMatchObject({ code: '-2651' });
    await expect(t.app.sessionCancellation.preview(987_654)).rejects.toMatchObject({ code: '-2650', status: 404 });
    await runUntilSettled(t);
  });

  it('survives a runner that dies holding orders: another takes them when the lease ends, and no order is refunded twice', async () => {
    await freshSession();
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await paidAtFake(t, CARD));
    const { plan } = await t.app.sessionCancellation.preview(SESSION);
    await t.app.sessionCancellation.start({ sessionId: SESSION, reason: 'Гроза', fingerprint: plan.fingerprint, actor });

    // The first runner claims three orders and dies before settling them.
    const at = t.clock.now();
    const taken = await t.db.transaction((tx) => claimCancelOrders(tx, new Date(at), new Date(at + 2 * 60_000), 3));
    expect(taken).toHaveLength(3);
    // Another runner settles the rest, and leaves the dead runner's rows alone while their lease runs.
    await runUntilSettled(t);
    let status = await t.app.sessionCancellation.status(SESSION);
    expect(status.cancellation?.progress).toEqual({ total: 6, done: 3, failed: 0, pending: 3 });
    t.clock.advance(2 * 60_000 + 1);
    await runUntilSettled(t);
    status = await t.app.sessionCancellation.status(SESSION);
    expect(status.cancellation?.progress).toEqual({ total: 6, done: 6, failed: 0, pending: 0 });
    expect(status.cancellation?.refunded.amount).toBe(plan.refund.amount);
    for (const paid of orders) expect(fakeRefundsOf(paid.payment.public_id).map((r) => r.amount)).toEqual([106_000]);
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from refunds where idempotency_key like 'session-cancel:%'`,
    );
    expect(rows[0]?.n).toBe(6);
  });

  it('reports a refund the acquirer refuses, with its reason, and keeps retrying it', async () => {
    await freshSession();
    const good = await paidAtFake(t, CARD);
    const bad = await paidAtFake(t, CARD);
    // The bank no longer knows this payment: every refund of it is refused.
    await t.db.query(`update payments set provider_ref = '999999' where id = $1`, [bad.payment.id]);
    const { plan } = await t.app.sessionCancellation.preview(SESSION);
    await t.app.sessionCancellation.start({ sessionId: SESSION, reason: 'Отмена', fingerprint: plan.fingerprint, actor });
    await runUntilSettled(t);
    const status = await t.app.sessionCancellation.status(SESSION);
    expect(status.cancellation?.refunds).toMatchObject({ done: 1, pending: 1 });
    expect(status.cancellation?.problems).toEqual([
      expect.objectContaining({ orderId: bad.row.id, state: 'refund-retrying', amount: 106_000, error: expect.stringMatching(/\S/) }),
    ]);
    expect(fakeRefundsOf(good.payment.public_id)).toHaveLength(1);
    // Once the bank knows the payment again, the refunds job carries the refund out.
    await t.db.query('update payments set provider_ref = $2 where id = $1', [bad.payment.id, bad.payment.provider_ref]);
    t.clock.advance(10 * 60_000);
    await t.app.payments.processRefunds();
    expect((await t.app.sessionCancellation.status(SESSION)).cancellation?.problems).toEqual([]);
    expect(fakeRefundsOf(bad.payment.public_id).map((r) => r.amount)).toEqual([106_000]);
  });
});
