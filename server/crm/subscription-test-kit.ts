import { expect } from 'vitest';
import type { TestApp } from '../../tests/harness.ts';
import { insertQuantityCatalog, sessionWhen } from '../quantity-order/quantity-fixtures.ts';
import { confirmReturn, createReturn, lastReturnLink, loadReturn } from '../returns/returns-test-kit.ts';
import { signCrmToken } from './crm-token.ts';

export const CRM_SECRET = 'crm-secret-'.padEnd(40, 'z');

/** The quantity catalog (CRM client 9200 holding subscription 9203 for event 9200) with `visits` left. */
export async function prepareSubscriptionCatalog(t: TestApp, visits: number) {
  await insertQuantityCatalog(t.db);
  await t.db.query('update crm_subscriptions set remaining = $1 where client_id = 9200 and subscription_event_id = 9203', [visits]);
}

export async function visitsLeft(t: TestApp): Promise<number | undefined> {
  const { rows } = await t.db.query<{ remaining: number }>(
    'select remaining from crm_subscriptions where client_id = 9200 and subscription_event_id = 9203',
  );
  return rows[0]?.remaining;
}

export async function placesLeft(t: TestApp): Promise<number | undefined> {
  const { rows } = await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9200');
  return rows[0]?.remaining;
}

/** Asks for `quantity` tickets of session 9200 by subscription 9203 as CRM client 9200; answers the response, whatever it is. */
export async function postSubscriptionOrder(t: TestApp, quantity: number) {
  const when = await sessionWhen(t.db, 9200);
  return t.post(
    '/api/order/create',
    {
      hash: 'test-qty-ordinary',
      lang: 'ru',
      data: [{ ...when, actionId: 9200, categoryId: 9200, zoneId: 0, quantity, sum: 0, seatId: 0, subscrit_id: 9203 }],
      fio: 'Анна Смирнова',
      phone: '+7 999 000 11 22',
      email: 'anna@example.com',
      re_email: 'anna@example.com',
      checkboxList: [{ id: 9200, checked: true }],
    },
    { 'x-crm-token': signCrmToken(CRM_SECRET, 9200, t.clock.now() + 3600_000) },
  );
}

/** Takes `quantity` tickets of session 9200 by subscription 9203 as CRM client 9200; answers the order's hash. */
export async function orderBySubscription(t: TestApp, quantity: number): Promise<string> {
  const response = await postSubscriptionOrder(t, quantity);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ hash: string }>().hash;
}

/** Pays a subscription order (its total is 0: the pay call marks it paid at once). */
export async function payFree(t: TestApp, hash: string) {
  const response = await t.post('/api/order/pay', { hash, lang: 'ru', bank_data: { id: 1 } });
  return { status: response.statusCode, body: response.json<{ errorCode: string }>() };
}

/** Asks to return the given tickets (all when omitted) and answers the confirmation hash of the e-mail link. */
export async function requestReturn(t: TestApp, hash: string, count?: number): Promise<string> {
  const view = await loadReturn(t, hash);
  expect(view.status).toBe(200);
  const ids = view.body.response.rows
    .filter((r) => r.status_id === 0)
    .map((r) => r.id)
    .slice(0, count);
  const created = await createReturn(t, hash, ids);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf');
  if (!hashConf) throw new Error('no hash_conf in the return link');
  return hashConf;
}

export { confirmReturn };
