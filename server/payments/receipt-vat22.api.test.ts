import { beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '../../contract/order-status.ts';
import { orderRowOf, pressAtFake, useTbankApp, useYookassaApp } from '../../tests/fakes/acquirer-test-kit.ts';
import type { TbankFake } from '../../tests/fakes/tbank-fake.ts';
import type { YookassaFake } from '../../tests/fakes/yookassa-fake.ts';
import type { TestApp } from '../../tests/harness.ts';
import { makeOrder, pay } from './payment-test-kit.ts';

/**
 * A venue on the general tax system with the 22 % VAT of 2026 (RECEIPT_TAX=vat22): each acquirer's
 * fake, whose receipt check is written from the provider's documentation, takes the receipt of a
 * card payment and the order is paid.
 */
const CARD = 1;
const VAT22 = { receipt: { paymentMode: 'full_prepayment', tax: 'vat22', taxation: 'osn', ffd: '1.2' } } as const;

describe('T-Bank', () => {
  const acquirer = useTbankApp({ card: { terminalKey: 'StorefrontVat', password: 'terminal-password-3' } }, VAT22);
  let t: TestApp;
  let fake: TbankFake;
  beforeAll(() => {
    t = acquirer.app();
    fake = acquirer.fake();
  });

  it('sends every item with Tax vat22 and Taxation osn; the terminal takes the receipt and the payment pays the order', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const init = fake.calls.filter((c) => c.method === 'Init').at(-1)?.body ?? {};
    const receipt = init.Receipt as { Taxation: string; Items: { Tax: string }[] };
    expect(receipt.Taxation).toBe('osn');
    expect(receipt.Items.length).toBeGreaterThan(0);
    for (const item of receipt.Items) expect(item.Tax).toBe('vat22');
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRowOf(t, order.hash)).status).toBe(OrderStatus.paid);
  });
});

describe('YooKassa', () => {
  const acquirer = useYookassaApp({ card: { shopId: '509922', secretKey: 'test_secret_key_22' } }, VAT22);
  let t: TestApp;
  let fake: YookassaFake;
  beforeAll(() => {
    t = acquirer.app();
    fake = acquirer.fake();
  });

  it('sends every item with vat_code 11 and tax_system_code 1; the shop takes the receipt and the payment pays the order', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const payment = [...fake.payments.values()].at(-1);
    expect(payment?.receipt.tax_system_code).toBe(1);
    expect(payment?.receipt.items.length).toBeGreaterThan(0);
    for (const item of payment?.receipt.items ?? []) expect(item.vat_code).toBe(11);
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRowOf(t, order.hash)).status).toBe(OrderStatus.paid);
  });
});
