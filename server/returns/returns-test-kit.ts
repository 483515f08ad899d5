import { expect } from 'vitest';
import type { TestApp } from '../../tests/harness.ts';
import type { NewOrderLine } from '../orders/orders.service.ts';
import { completeAtBank, makeOrder, pay, sandboxId } from '../payments/payment-test-kit.ts';

const CARD = 1;

/** Places an order on the mini catalog and pays it by card at the sandbox bank. */
export async function paidOrder(t: TestApp, options: { lines?: Partial<NewOrderLine>[]; promo?: string } = {}) {
  const order = await makeOrder(t, options.lines ? { lines: options.lines } : {});
  if (options.promo) {
    const applied = await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: options.promo });
    expect(applied.statusCode, applied.body).toBe(200);
  }
  const answer = await pay(t, order.hash, CARD);
  expect(await completeAtBank(t, sandboxId(answer), 'pay')).toBe(`/order/${order.hash}`);
  return order;
}

/** The mini catalog's session starts this long after the test clock. */
export async function sessionStartsIn(t: TestApp, ms: number) {
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(t.clock.now() + ms)]);
}

export async function setEvent(
  t: TestApp,
  fields: { policy?: 'full' | 'culture-law'; hoursBefore?: number; refundFee?: boolean; allowReturn?: boolean },
) {
  await t.db.query(
    `update events set refund_policy = coalesce($2, refund_policy), return_hours_before = coalesce($3, return_hours_before),
       refund_service_fee = coalesce($4, refund_service_fee), allow_return = coalesce($5, allow_return) where id = $1`,
    [9000, fields.policy ?? null, fields.hoursBefore ?? null, fields.refundFee ?? null, fields.allowReturn ?? null],
  );
}

/**
 * Before each test: the clock at `start`, the session 20 days ahead, the event refunding in full
 * with returns allowed (the baseline the returns tests change one thing of).
 */
export async function resetReturnableEvent(t: TestApp, start: Date) {
  t.clock.set(start);
  await sessionStartsIn(t, 20 * 24 * 3600_000);
  await setEvent(t, { policy: 'full', hoursBefore: 0, refundFee: false, allowReturn: true });
}

export type ReturnView = {
  errorCode: string;
  response: {
    error_code: number;
    rows: {
      id: number;
      status_id: number;
      returndatime: number;
      refund: number;
      summa: number;
      sortnum: number;
      returnreason_id: number;
      name: string;
      quant: number;
    }[];
    groups: { sortnum: number; returndatime: number; deadline: string }[];
    reasons: { id: number; name: { ru: string } }[];
    text: { ru: string };
    date: string;
    confirm: { ids: number[]; summa: number; reason_id: number } | null;
    refund: { service_fee: boolean; discounted: boolean };
  };
};

export async function loadReturn(t: TestApp, hash: string, hashConf?: string) {
  const response = await t.post(`/api/order/return/${hash}`, { hash, lang: 'ru', ...(hashConf ? { hashConf } : {}) });
  return { status: response.statusCode, body: response.json<ReturnView>() };
}

export async function createReturn(t: TestApp, hash: string, ids: number[], reason = 1) {
  const response = await t.post('/api/order/return-create', { hash, lang: 'ru', reason, id: ids, consent: true });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

export async function confirmReturn(t: TestApp, hash: string, hashConf: string) {
  const response = await t.post('/api/order/return-confirm', { hash, lang: 'ru', hashConf, consent: true });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** The confirmation link of the latest return e-mail in the outbox. */
export async function lastReturnLink(t: TestApp): Promise<{ url: URL; to: string; text: string }> {
  const { rows } = await t.db.query<{ to_address: string; text_body: string }>(
    `select to_address, text_body from mail_outbox where dedupe_key like 'return-request:%' order by id desc limit 1`,
  );
  const mail = rows[0];
  if (!mail) throw new Error('no return e-mail in the outbox');
  const link = /https?:\/\/\S+hash_conf=\S+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text_body}`);
  return { url: new URL(link), to: mail.to_address, text: mail.text_body };
}

/** What the order's tickets, stock and refunds look like, for "nothing changed" checks. */
export async function snapshot(t: TestApp, orderId: number) {
  const tickets = await t.db.query<{ id: number; status: number }>('select id, status from tickets where order_id = $1 order by id', [
    orderId,
  ]);
  const session = await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9000');
  const refunds = await t.db.query<{ amount: number; status: string }>(
    'select r.amount, r.status from refunds r join payments p on p.id = r.payment_id where p.order_id = $1 order by r.id',
    [orderId],
  );
  const bank = await t.db.query<{ n: number; total: number }>(
    'select count(*)::int as n, coalesce(sum(amount), 0)::int as total from sandbox_acquirer_refunds',
  );
  return { tickets: tickets.rows, remaining: session.rows[0]?.remaining, refunds: refunds.rows, bank: bank.rows[0] };
}
