import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { makeOrder, pay, preparePaymentCatalog, sandboxId } from '../payment-test-kit.ts';

const CARD = 1;
const REDIRECT = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 100 });
});
afterAll(() => t.close());

// The order of makeOrder is 1 060 ₽. Amounts as CLDR writes them in each language, spelt out
// (no-break spaces in ru and kk), so the test does not lean on the code's choice of locale.
const cases = [
  { lang: 'ru', query: '', htmlLang: 'ru', amount: '1\u00a0060,00\u00a0₽', sum: 'Сумма', pay: 'Оплатить', reason: 'Недостаточно средств' },
  { lang: 'en', query: '?lang=en', htmlLang: 'en', amount: '₽1,060.00', sum: 'Amount', pay: 'Pay', reason: 'Insufficient funds' },
  {
    lang: 'kz',
    query: '?lang=kz',
    htmlLang: 'kk',
    amount: '1\u00a0060,00\u00a0₽',
    sum: 'Сомасы',
    pay: 'Төлеу',
    reason: 'Қаражат жеткіліксіз',
  },
  { lang: 'ch', query: '?lang=ch', htmlLang: 'zh', amount: '₽1,060.00', sum: '金额', pay: '支付', reason: '余额不足' },
] as const;

describe('the sandbox bank pages in the visitor language', () => {
  it.each(cases)('$lang: <html lang="$htmlLang">, the amount as $lang writes it, texts and the return in $lang', async (c) => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, REDIRECT, c.lang);
    const url = String(answer.bankUrl).replace(/^https?:\/\/[^/]+/, '');
    expect(url).toBe(`/sandbox/pay/${sandboxId(answer)}${c.query}`);
    const page = await t.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(new RegExp(`^<!doctype html><html lang="${c.htmlLang}">`));
    expect(page.body).toContain(`aria-label="${c.sum}">${c.amount}</div>`);
    expect(page.body).toContain(`>${c.pay} ${c.amount}</button>`);
    expect(page.body).toContain(`>${c.reason}</button>`);
    // The bank's own buttons post back with the language, so the visitor returns in it.
    expect(page.body).toContain(`action="/sandbox/pay/${sandboxId(answer)}/complete${c.query}"`);
  });

  it.each(cases)('$lang: the auto-submitted card form lands on a page in $lang', async (c) => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD, c.lang);
    expect(answer.form_action).toMatch(new RegExp(`/sandbox/pay${c.query.replace('?', '\\?')}$`));
    const page = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay${c.query}`,
      payload: new URLSearchParams(answer.form_bank as Record<string, string>).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(new RegExp(`^<!doctype html><html lang="${c.htmlLang}">`));
    expect(page.body).toContain(`>${c.pay} ${c.amount}</button>`);
  });

  it.each([
    { lang: 'ru', text: 'Отменено магазином: сумма заказа изменилась' },
    { lang: 'kz', text: 'Дүкен тоқтатты: тапсырыс сомасы өзгерді' },
    { lang: 'ch', text: '已被商店取消：订单金额已变更' },
  ])('$lang: a payment the shop cancelled (the order sum changed) says so in $lang', async ({ lang, text }) => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, REDIRECT, lang);
    await t.db.query("update sandbox_acquirer_payments set status = 'canceled' where id = $1", [sandboxId(answer)]);
    const page = await t.get(String(answer.bankUrl).replace(/^https?:\/\/[^/]+/, ''));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<strong>${text}</strong>`);
  });

  it.each([
    { query: '?lang=kz', htmlLang: 'kk', text: 'Төлем табылмады' },
    { query: '?lang=ch', htmlLang: 'zh', text: '未找到付款' },
    { query: '?lang=de', htmlLang: 'ru', text: 'Платёж не найден' },
  ])('an unknown payment answers 404 in the page language ($query; an unknown language is ru)', async ({ query, htmlLang, text }) => {
    const page = await t.get(`/sandbox/pay/sbx_nothing${query}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toMatch(new RegExp(`^<!doctype html><html lang="${htmlLang}">`));
    expect(page.body).toContain(`<h1>${text}</h1>`);
  });
});
