import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { preparePaymentCatalog } from '../payments/payment-test-kit.ts';
import type { ConsentRow } from '../personal-data/personal-data.repository.ts';
import { lastReturnLink, loadReturn, paidOrder, resetReturnableEvent, snapshot } from './returns-test-kit.ts';

const START = new Date('2026-11-21T10:00:00Z');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());
beforeEach(() => resetReturnableEvent(t, START));

const ticketIds = async (orderId: number) =>
  (await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [orderId])).rows.map((r) => r.id);

async function returnDocument() {
  const { rows } = await t.db.query<{ id: number; version: number; body: Record<string, string> }>(
    "select id, version, body from consent_documents where scope = 'return' order by version desc limit 1",
  );
  const doc = rows[0];
  if (!doc) throw new Error('no return consent text');
  return doc;
}

const ledger = (orderId: number) =>
  t.db
    .query<Omit<ConsentRow, 'id' | 'order_id'>>(
      'select scope, checkbox_id, document_id, version, lang, text_sha256, given_at, client_address from consents where order_id = $1 and scope = $2 order by id',
      [orderId, 'return'],
    )
    .then((r) => r.rows);

const returnMails = async () =>
  (await t.db.query<{ n: number }>("select count(*)::int as n from mail_outbox where dedupe_key like 'return-request:%'")).rows[0]?.n;

describe('the return form’s consent to the processing of personal data (scope return)', () => {
  it('shows the current return consent text, and the request and its confirmation each write a ledger row of it', async () => {
    const order = await paidOrder(t);
    const [first] = await ticketIds(order.id);
    const doc = await returnDocument();
    const view = (await loadReturn(t, order.hash)).body.response as unknown as {
      text: Record<string, string>;
      consent: { version: number };
    };
    expect(view.text.ru).toBe(doc.body.ru);
    expect(view.text.en).toBe(doc.body.en);
    expect(view.consent.version).toBe(doc.version);

    const created = await t.post('/api/order/return-create', { hash: order.hash, lang: 'en', reason: 1, id: [first], consent: true });
    expect(created.statusCode, created.body).toBe(200);
    const given = {
      scope: 'return',
      checkbox_id: null,
      document_id: doc.id,
      version: doc.version,
      lang: 'en',
      text_sha256: sha256(doc.body.en ?? ''),
      given_at: t.clock.date(),
      client_address: '127.0.0.1',
    };
    expect(await ledger(order.id)).toEqual([given]);

    t.clock.advance(60_000);
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') ?? '';
    const confirmed = await t.post('/api/order/return-confirm', { hash: order.hash, lang: 'ru', hashConf, consent: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await ledger(order.id)).toEqual([
      given,
      { ...given, lang: 'ru', text_sha256: sha256(doc.body.ru ?? ''), given_at: t.clock.date() },
    ]);
  });

  it.each([
    { description: 'without the consent field', consent: {} },
    { description: 'with the consent switched off', consent: { consent: false } },
  ])('refuses a request $description with -1050 in the visitor’s language and changes nothing', async ({ consent }) => {
    const order = await paidOrder(t);
    const [first] = await ticketIds(order.id);
    const before = await snapshot(t, order.id);
    const mailsBefore = await returnMails();
    const refused = await t.post('/api/order/return-create', { hash: order.hash, lang: 'en', reason: 1, id: [first], ...consent });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: '-1050',
      errorText: 'A return cannot be made without the consent to the processing of personal data: switch the consent on.',
      fields: [{ path: 'consent', code: 'required-consent' }],
    });
    expect(await snapshot(t, order.id)).toEqual(before);
    expect(await ledger(order.id)).toEqual([]);
    expect(await returnMails()).toBe(mailsBefore);
  });

  it('refuses a confirmation without the consent with -1050 and leaves the request to be confirmed', async () => {
    const order = await paidOrder(t);
    const [first] = await ticketIds(order.id);
    const created = await t.post('/api/order/return-create', { hash: order.hash, lang: 'ru', reason: 1, id: [first], consent: true });
    expect(created.statusCode, created.body).toBe(200);
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') ?? '';
    const before = await snapshot(t, order.id);

    const refused = await t.post('/api/order/return-confirm', { hash: order.hash, lang: 'ru', hashConf });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: '-1050',
      errorText: 'Без согласия на обработку персональных данных возврат не оформить: включите согласие.',
    });
    expect(await snapshot(t, order.id)).toEqual(before);
    expect(await ledger(order.id)).toHaveLength(1);
    const confirmed = await t.post('/api/order/return-confirm', { hash: order.hash, lang: 'ru', hashConf, consent: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await ledger(order.id)).toHaveLength(2);
  });
});
