import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AcquirersConfig } from '../../server/config.ts';
import { makeOrder, pay, preparePaymentCatalog } from '../../server/payments/payment-test-kit.ts';
import { type TestApp, createClock, createTestApp } from '../harness.ts';
import type { Deliver } from './fake-http.ts';
import { type TbankFake, startTbankFake } from './tbank-fake.ts';
import { type YookassaFake, startYookassaFake } from './yookassa-fake.ts';

export const PUBLIC_URL = 'https://shop.example';

/** Acquirer settings for a test: everything on the sandbox unless overridden. */
export function acquirersConfig(overrides: Partial<AcquirersConfig>): AcquirersConfig {
  return {
    card: 'sandbox',
    qr: 'sandbox',
    pushkin: 'sandbox',
    tbankApiUrl: 'https://securepay.tinkoff.ru/v2/',
    yookassaApiUrl: 'https://api.yookassa.ru/v3/',
    yookassaSbpConfirmation: 'redirect',
    yookassaRetryDelayMs: 20,
    timeoutMs: 2000,
    receipt: { paymentMode: 'full_prepayment', tax: 'none', taxation: 'usn_income', ffd: '1.2' },
    ...overrides,
  };
}

/**
 * A fake acquirer's notification delivered to the app under test: the same POST to the same
 * path, through app.inject instead of a socket (API tests run no listening server).
 */
export function deliverTo(app: () => TestApp): Deliver {
  return async (url, body) => {
    const response = await app().app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as Record<string, unknown> });
    return { status: response.statusCode, body: response.body };
  };
}

/** The buyer on the fake's payment page presses a button; answers where the fake sends them. */
export async function pressAtFake(pageUrl: string, choice: string): Promise<string> {
  const page = await fetch(pageUrl);
  if (page.status !== 200) throw new Error(`payment page ${pageUrl}: HTTP ${page.status}`);
  const done = await fetch(`${pageUrl}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `choice=${encodeURIComponent(choice)}`,
    redirect: 'manual',
  });
  if (done.status !== 303 && done.status !== 200) throw new Error(`payment page ${pageUrl}: HTTP ${done.status} after ${choice}`);
  return done.headers.get('location') ?? '';
}

/** Where the storefront's return page sends the visitor (the fake's redirect, followed into our app). */
export async function followReturn(t: TestApp, location: string): Promise<string> {
  const back = await t.get(location.replace(/^https?:\/\/[^/]+/, ''));
  return String(back.headers.location);
}

/**
 * A return request of some of an order's tickets tied to a refund, as the returns service writes
 * it: the amount shared by the tickets, `fee` of each ticket's share being its service fee.
 */
export async function returnRequestFor(t: TestApp, orderId: number, ticketIds: number[], amount: number, refundId: number, fee = 0) {
  const { rows } = await t.db.query<{ id: number }>(
    `insert into return_requests (order_id, reason_id, token_sha256, amount, created_at, expires_at, confirmed_at, refund_id)
     values ($1, 1, md5(random()::text), $2, now(), now() + interval '1 day', now(), $3) returning id`,
    [orderId, amount, refundId],
  );
  for (const ticketId of ticketIds) {
    await t.db.query('insert into return_request_tickets (request_id, ticket_id, amount, fee) values ($1, $2, $3, $4)', [
      rows[0]?.id,
      ticketId,
      Math.floor(amount / ticketIds.length),
      fee,
    ]);
  }
}

/** When every acquirer test starts, and where each test moves the clock back to. */
export const ACQUIRER_TEST_START = new Date('2026-11-21T10:00:00Z');

/**
 * The app of one acquirer's API tests: its fake started first (notifications go to the app), the
 * app configured for card, QR and Pushkin payments through that acquirer, a 500-place catalog;
 * before each test the clock goes back to ACQUIRER_TEST_START and the fake delivers again. Call it
 * at the top of the test file; the getters answer once beforeAll has run.
 */
export function useAcquirerApp<Fake extends { close(): Promise<void> }>(options: {
  startFake: (deliver: Deliver) => Promise<Fake>;
  acquirers: (fake: Fake) => Partial<AcquirersConfig>;
  /** Makes the fake deliver its notifications again (a test may have dropped them). */
  deliverAgain: (fake: Fake) => void;
}): { app: () => TestApp; fake: () => Fake } {
  let t: TestApp | undefined;
  let fake: Fake | undefined;
  const app = () => {
    if (!t) throw new Error('the acquirer test app is not started yet');
    return t;
  };
  const started = () => {
    if (!fake) throw new Error('the acquirer fake is not started yet');
    return fake;
  };
  beforeAll(async () => {
    fake = await options.startFake(deliverTo(app));
    t = await createTestApp({
      demo: false,
      clock: createClock(ACQUIRER_TEST_START),
      config: { publicUrl: PUBLIC_URL, acquirers: acquirersConfig({ ...options.acquirers(fake), timeoutMs: 700 }) },
    });
    await preparePaymentCatalog(t, { capacity: 500 });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    app().clock.set(ACQUIRER_TEST_START);
    options.deliverAgain(started());
  });
  return { app, fake: started };
}

/**
 * useAcquirerApp for T-Bank: card and QR through one terminal, the Pushkin card through a second
 * when given; the bank's clock is the app's test clock (RedirectDueDate is judged on one time).
 */
export function useTbankApp(
  terminals: {
    card: { terminalKey: string; password: string };
    pushkin?: { terminalKey: string; password: string };
  },
  /** Other settings of the app's acquirers, e.g. its receipts' tax. */
  overrides: Partial<AcquirersConfig> = {},
): { app: () => TestApp; fake: () => TbankFake } {
  const { card, pushkin } = terminals;
  const acquirer = useAcquirerApp<TbankFake>({
    startFake: (deliver) =>
      startTbankFake({
        terminals: { [card.terminalKey]: card.password, ...(pushkin ? { [pushkin.terminalKey]: pushkin.password } : {}) },
        deliver,
        now: (): number => acquirer.app().clock.now(),
      }),
    acquirers: (fake) => ({
      card: 'tbank',
      qr: 'tbank',
      tbank: card,
      ...(pushkin ? { pushkin: 'tbank' as const, tbankPushkin: pushkin } : {}),
      tbankApiUrl: fake.apiUrl,
      ...overrides,
    }),
    deliverAgain: (fake) => {
      fake.dropNotifications(false);
      fake.refundLater(false);
    },
  });
  return acquirer;
}

/**
 * useAcquirerApp for YooKassa: card and QR through one shop, the Pushkin card through a second
 * when given; before each test the fake delivers its webhooks again and creates refunds succeeded.
 */
export function useYookassaApp(
  shops: { card: { shopId: string; secretKey: string }; pushkin?: { shopId: string; secretKey: string } },
  /** Other settings of the app's acquirers, e.g. its receipts' tax or the SBP confirmation. */
  overrides: Partial<AcquirersConfig> = {},
): { app: () => TestApp; fake: () => YookassaFake } {
  const { card, pushkin } = shops;
  return useAcquirerApp<YookassaFake>({
    startFake: (deliver) =>
      startYookassaFake({
        shops: { [card.shopId]: card.secretKey, ...(pushkin ? { [pushkin.shopId]: pushkin.secretKey } : {}) },
        webhookUrl: `${PUBLIC_URL}/payments/notify/yookassa`,
        deliver,
      }),
    acquirers: (fake) => ({
      card: 'yookassa',
      qr: 'yookassa',
      yookassa: card,
      ...(pushkin ? { pushkin: 'yookassa' as const, yookassaPushkin: pushkin } : {}),
      yookassaApiUrl: fake.apiUrl,
      ...overrides,
    }),
    deliverAgain: (fake) => {
      fake.dropWebhooks(false);
      fake.refundsAs('succeeded');
    },
  });
}

/** The order's id and status. */
export async function orderRowOf(t: TestApp, hash: string): Promise<{ id: number; status: number }> {
  const { rows } = await t.db.query<{ id: number; status: number }>('select id, status from orders where hash = $1', [hash]);
  return rows[0] as { id: number; status: number };
}

export type LastPaymentRow = {
  id: number;
  order_id: number;
  public_id: string;
  status: string;
  provider: string;
  provider_ref: string;
  rrn: string | null;
  decline_reason: string | null;
};

/** The order's latest payment. */
export async function lastPaymentOf(t: TestApp, orderId: number): Promise<LastPaymentRow> {
  const { rows } = await t.db.query<LastPaymentRow>('select * from payments where order_id = $1 order by id desc limit 1', [orderId]);
  return rows[0] as LastPaymentRow;
}

/** An order paid on the acquirer's payment page with the given method (the card, 1, by default). */
export async function paidAtFake(t: TestApp, methodId = 1) {
  const order = await makeOrder(t);
  const answer = await pay(t, order.hash, methodId);
  await pressAtFake(String(answer.bankUrl ?? answer.form_qr_url), 'pay');
  const row = await orderRowOf(t, order.hash);
  return { order, row, payment: await lastPaymentOf(t, row.id) };
}

/** A refund of the order's first ticket (530 ₽: 500 ₽ and its 30 ₽ fee), as a confirmed return asks for it; answers its id. */
export async function refundFirstTicket(t: TestApp, orderId: number, paymentId: number, key: string): Promise<number> {
  const { rows: tickets } = await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [orderId]);
  const refundId = await t.db.transaction((tx) =>
    t.app.payments.requestRefund(tx, { paymentId, amount: 53000, reason: 'return', key, at: t.clock.date() }),
  );
  await returnRequestFor(t, orderId, [tickets[0]?.id as number], 53000, refundId);
  return refundId;
}
