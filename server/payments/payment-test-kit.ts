import { expect } from 'vitest';
import { DEMO_LOYALTY_EMAIL, loadPaymentExtras } from '../../demo/extras-payment.ts';
import { insertMiniCatalog } from '../../tests/fixtures.ts';
import type { TestApp } from '../../tests/harness.ts';
import { testOrder } from '../orders/order-test-kit.ts';
import { type NewOrderLine, placeOrder } from '../orders/orders.service.ts';

/** The mini catalog plus the payment extras (offers, promo codes, loyalty cards). */
export async function preparePaymentCatalog(t: TestApp, options: { capacity?: number } = {}) {
  const catalog = await insertMiniCatalog(t.db, { capacity: options.capacity ?? 50 });
  await loadPaymentExtras(t.db, t.clock.date());
  return catalog;
}

/** Places an order through the order core, as the order forms do; 2 × 500 ₽ + 30 ₽ fee each by default. */
export async function makeOrder(
  t: TestApp,
  options: { lines?: Partial<NewOrderLine>[]; pushkin?: boolean; status?: number; email?: string } = {},
) {
  const base = testOrder(options.lines ?? [{ quantity: 2 }], t.clock.date());
  const order = {
    ...base,
    pushkinCard: options.pushkin ?? false,
    status: options.status ?? base.status,
    buyer: { ...base.buyer, email: options.email ?? 'buyer@example.test' },
  };
  return t.db.transaction((tx) => placeOrder(tx, order));
}

export async function view(t: TestApp, hash: string, lang = 'ru') {
  const response = await t.post('/api/order/view', { hash, lang });
  return { status: response.statusCode, body: response.json() };
}

/** Starts a payment and answers the pay call's body (expects success). */
export async function pay(t: TestApp, hash: string, methodId: number, lang = 'ru') {
  const response = await t.post('/api/order/pay', { hash, lang, bank_data: { id: methodId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Record<string, unknown>>();
}

/** The sandbox payment id of a pay answer, whatever its flow. */
export function sandboxId(answer: Record<string, unknown>): string {
  const bank = answer.form_bank as Record<string, string> | undefined;
  if (bank?.MdOrder) return bank.MdOrder;
  const url = String(answer.bankUrl ?? answer.form_qr_url ?? '');
  const match = /\/sandbox\/(?:pay|qr)\/([\w-]+)/.exec(url);
  if (!match?.[1]) throw new Error(`no sandbox payment in ${JSON.stringify(answer)}`);
  return match[1];
}

/** The visitor at the sandbox bank: presses pay or a decline reason; answers where they land. */
export async function completeAtBank(t: TestApp, id: string, choice: string): Promise<string> {
  const done = await t.app.inject({
    method: 'POST',
    url: `/sandbox/pay/${id}/complete`,
    payload: `choice=${encodeURIComponent(choice)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(done.statusCode, done.body).toBe(303);
  const back = await t.get(String(done.headers.location).replace(/^https?:\/\/[^/]+/, ''));
  expect(back.statusCode).toBe(303);
  return String(back.headers.location);
}

/** The last one-time code mailed for a loyalty card (its text says `…: 123456`). */
export async function lastCardProofCode(t: TestApp, email = DEMO_LOYALTY_EMAIL): Promise<string> {
  const { rows } = await t.db.query<{ text_body: string }>(
    'select text_body from mail_outbox where to_address = $1 order by id desc limit 1',
    [email],
  );
  const code = /: (\d{6})\n/.exec(rows[0]?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no card code mailed to ${email}`);
  return code;
}

/** Attaches a loyalty card to an order as its holder does: asks for the code, types the one mailed. */
export async function proveCard(t: TestApp, hash: string, cardCode = '1000200030004000') {
  const asked = await t.post('/api/order/discount', { hash, lang: 'ru', cardCode });
  expect(asked.json(), asked.body).toMatchObject({ errorCode: '0', cardProof: 'required' });
  const proven = await t.post('/api/order/discount', { hash, lang: 'ru', cardCode, cardProof: await lastCardProofCode(t) });
  expect(proven.statusCode, proven.body).toBe(200);
  return proven;
}
