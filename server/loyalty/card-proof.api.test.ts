import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOYALTY_PROOF } from '../../contract/order-rules.ts';
import { DEMO_LOYALTY_EMAIL } from '../../demo/extras-payment.ts';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { signCrmToken } from '../crm/crm-token.ts';
import { lastCardProofCode, makeOrder, preparePaymentCatalog, proveCard, view } from '../payments/payment-test-kit.ts';

const START = new Date('2026-11-21T10:00:00Z');
const CARD = '1000200030004000';
const BLOCKED = '9999000011112222';
const CRM_SECRET = 'crm-secret-'.padEnd(40, 'z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START), config: { crmSecret: CRM_SECRET } });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  await t.db.query('delete from discount_code_failures');
});

const discount = (hash: string, body: object, headers: Record<string, string> = {}) =>
  t.post('/api/order/discount', { hash, lang: 'ru', ...body }, headers);
const mailsTo = async (email: string) =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from mail_outbox where to_address = $1', [email])).rows[0]?.n ?? 0;

describe('POST /api/order/discount: a loyalty card is spent only by its holder', () => {
  it('answers an unknown, a blocked and a real card alike, and mails a code only to the real card', async () => {
    const order = await makeOrder(t);
    const before = await mailsTo(DEMO_LOYALTY_EMAIL);
    const answers = [];
    for (const cardCode of ['0000000000000001', BLOCKED, CARD]) {
      const answer = await discount(order.hash, { cardCode });
      answers.push({ status: answer.statusCode, body: answer.json() });
    }
    expect(answers[0]).toEqual({ status: 200, body: { errorCode: '0', errorText: '', promoCode: '', cardProof: 'required' } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailsTo(DEMO_LOYALTY_EMAIL)).toBe(before + 1);
    expect(await mailsTo('blocked@loyalty.demo.example')).toBe(0);
    // Nothing is attached, nothing shown: not the balance, not whether the card exists.
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ cardCode: '', totalBalance: 0, availableBonuses: 0 });
  });

  it('attaches the card with the mailed code, and its bonuses are then spent', async () => {
    const order = await makeOrder(t);
    await proveCard(t, order.hash, CARD);
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ cardCode: CARD, totalBalance: 1500 });
    const spent = await discount(order.hash, { bonuses: 300 });
    expect(spent.statusCode, spent.body).toBe(200);
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ useBonuses: 300 });
  });

  it("refuses a stranger's order the card and its bonuses without the code", async () => {
    const stranger = await makeOrder(t, { email: 'stranger@example.test' });
    expect((await discount(stranger.hash, { cardCode: CARD, bonuses: 1500 })).json()).toMatchObject({ cardProof: 'required' });
    const bonuses = await discount(stranger.hash, { bonuses: 1500 });
    expect(bonuses.statusCode).toBe(400);
    expect((await view(t, stranger.hash)).body.discountData).toMatchObject({ cardCode: '', useBonuses: 0, totalBalance: 0 });
    // A code mailed for another order proves nothing here.
    const other = await makeOrder(t);
    await discount(other.hash, { cardCode: CARD });
    const borrowed = await discount(stranger.hash, { cardCode: CARD, cardProof: await lastCardProofCode(t) });
    expect(borrowed.statusCode).toBe(400);
  });

  it(`refuses a wrong code with -1002 and a text, and after ${LOYALTY_PROOF.attempts} wrong tries the right one too`, async () => {
    const order = await makeOrder(t);
    await discount(order.hash, { cardCode: CARD });
    const code = await lastCardProofCode(t);
    const wrong = String((Number(code) + 1) % 10 ** LOYALTY_PROOF.digits).padStart(LOYALTY_PROOF.digits, '0');
    const first = await discount(order.hash, { cardCode: CARD, cardProof: wrong, lang: 'en' });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      errorCode: '-1002',
      errorText: 'Wrong or expired code. Ask for a new code and type it from the e-mail.',
    });
    for (let i = 1; i < LOYALTY_PROOF.attempts; i += 1)
      expect((await discount(order.hash, { cardCode: CARD, cardProof: wrong })).statusCode).toBe(400);
    expect((await discount(order.hash, { cardCode: CARD, cardProof: code })).statusCode).toBe(400);
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ cardCode: '' });
  });

  it(`refuses a code older than ${LOYALTY_PROOF.lifetimeMinutes} minutes; a new one works`, async () => {
    const order = await makeOrder(t);
    await discount(order.hash, { cardCode: CARD });
    const old = await lastCardProofCode(t);
    t.clock.advance(LOYALTY_PROOF.lifetimeMinutes * 60_000);
    expect((await discount(order.hash, { cardCode: CARD, cardProof: old })).statusCode).toBe(400);
    await discount(order.hash, { cardCode: CARD });
    expect((await discount(order.hash, { cardCode: CARD, cardProof: await lastCardProofCode(t) })).statusCode).toBe(200);
  });

  it('attaches the identified CRM client’s own card with no code, and no one else’s', async () => {
    await t.db.exec(`insert into crm_clients (id, type_id, type_name, card_code, first_name, last_name, middle_name, phone, email)
      values (7100, 1, 'Client', '', 'Анна', 'Петрова', '', '', 'anna@example.test') on conflict do nothing`);
    await t.db.query('update loyalty_cards set crm_client_id = 7100 where code = $1', [CARD]);
    try {
      const own = { 'x-crm-token': signCrmToken(CRM_SECRET, 7100, t.clock.now() + 3600_000) };
      const order = await makeOrder(t);
      const attached = await discount(order.hash, { cardCode: CARD, bonuses: 100 }, own);
      expect(attached.json()).toEqual({ errorCode: '0', errorText: '', promoCode: '' });
      expect((await view(t, order.hash)).body.discountData).toMatchObject({ cardCode: CARD, useBonuses: 100 });
      const another = { 'x-crm-token': signCrmToken(CRM_SECRET, 7101, t.clock.now() + 3600_000) };
      expect((await discount((await makeOrder(t)).hash, { cardCode: CARD }, another)).json()).toMatchObject({ cardProof: 'required' });
    } finally {
      await t.db.query('update loyalty_cards set crm_client_id = null where code = $1', [CARD]);
    }
  });
});
