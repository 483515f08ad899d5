import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog } from '../payments/payment-test-kit.ts';
import { saveSetup } from '../setup/setup.repository.ts';

const CARD = 1;

async function paidOrderLinks(t: TestApp, lang: string) {
  const order = await makeOrder(t);
  await t.db.query('update orders set lang = $1 where id = $2', [lang, order.id]);
  const answer = await pay(t, order.hash, CARD, lang);
  const landing = await completeAtBank(t, (answer.form_bank as Record<string, string>).MdOrder ?? '', 'pay');
  const mail = await t.db.query<{ text_body: string }>('select text_body from mail_outbox where dedupe_key = $1', [
    `order-paid:${order.id}`,
  ]);
  return { hash: order.hash, landing, mail: mail.rows[0]?.text_body ?? '' };
}

describe('order links built by the server', () => {
  describe('in integration mode (setup is_integration = 1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
      await preparePaymentCatalog(t, { capacity: 50 });
      await saveSetup(t.db, { is_integration: 1 });
    });
    afterAll(() => t.close());

    it.each(['ru', 'en'])('take the older shape /%s/order/view/{hash} after the bank and in the e-mail', async (lang) => {
      const { hash, landing, mail } = await paidOrderLinks(t, lang);
      expect(landing).toBe(`/${lang}/order/view/${hash}`);
      expect(mail).toContain(`/${lang}/order/view/${hash}\n`);
    });
  });

  describe('otherwise', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
      await preparePaymentCatalog(t, { capacity: 50 });
    });
    afterAll(() => t.close());

    it('are /order/{hash}, with the language as a query when it is not ru', async () => {
      const ru = await paidOrderLinks(t, 'ru');
      expect(ru.landing).toBe(`/order/${ru.hash}`);
      expect(ru.mail).toContain(`/order/${ru.hash}\n`);
      const en = await paidOrderLinks(t, 'en');
      expect(en.landing).toBe(`/order/${en.hash}?lang=en`);
      expect(en.mail).toContain(`/order/${en.hash}?lang=en\n`);
    });
  });
});
