import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastPaymentOf, orderRowOf, pressAtFake, useTbankApp } from '../../tests/fakes/acquirer-test-kit.ts';
import { type RegistryFake, startRegistryFake } from '../../tests/fakes/registry-fake.ts';
import { type TbankFake } from '../../tests/fakes/tbank-fake.ts';
import type { TestApp } from '../../tests/harness.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { makeOrder, pay } from '../payments/payment-test-kit.ts';
import { createRegistrySender, rrnReaderOf } from './registry-job.ts';

// A Pushkin-card ticket paid on T-Bank's Pushkin terminal (its fake) while CheckOrder, the only
// call that tells the RRN, failed: the payment is applied without one, and the registry's sender
// reads it back from T-Bank before reporting the sale.
const PUSHKIN = 4;
const TERMINAL = 'StorefrontTest';
const PUSHKIN_TERMINAL = 'StorefrontPushkin';
const PASSWORDS = { [TERMINAL]: 'terminal-password-1', [PUSHKIN_TERMINAL]: 'terminal-password-2' };
const KEY = 'registry-tbank-key-01';

const acquirer = useTbankApp({
  card: { terminalKey: TERMINAL, password: PASSWORDS[TERMINAL] },
  pushkin: { terminalKey: PUSHKIN_TERMINAL, password: PASSWORDS[PUSHKIN_TERMINAL] },
});
let t: TestApp;
let tbank: TbankFake;
let registry: RegistryFake;
beforeAll(async () => {
  t = acquirer.app();
  tbank = acquirer.fake();
  registry = await startRegistryFake({ key: KEY, now: t.clock.now });
  await t.db.query(`update events set registry_event_id = 'reg-event-9000' where id = 9000`);
});
afterAll(() => registry.close());

describe('the T-Bank RRN that came later', () => {
  it('is read back with CheckOrder before the sale is reported, and kept on the payment', async () => {
    const order = await makeOrder(t, { pushkin: true, lines: [{ quantity: 1 }] });
    await t.db.query(`update orders set buyer_name = 'Петров Иван', buyer_surname = 'Петров', buyer_first_name = 'Иван' where id = $1`, [
      order.id,
    ]);
    const answer = await pay(t, order.hash, PUSHKIN);
    // T-Bank's notification carries no RRN and nothing asks CheckOrder while T-Bank waits: the
    // payment is applied without one, and its RRN job has not run yet.
    await pressAtFake(String(answer.bankUrl), 'pay');
    const row = await orderRowOf(t, order.hash);
    expect(row.status).toBe(OrderStatus.paid);
    const before = await lastPaymentOf(t, row.id);
    expect(before).toMatchObject({ provider: 'tbank-pushkin', rrn: null });
    const bankRrn = tbank.payments.get(Number(before.provider_ref))?.rrn;
    expect(bankRrn).toMatch(/^\d{12}$/);

    const sender = createRegistrySender({
      db: t.db,
      config: { url: registry.url, key: KEY, organizationId: 'org-77' },
      now: t.clock.now,
      readRrn: rrnReaderOf(t.app.paymentProviders),
    });
    expect(await sender.run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    const sale = registry.calls.find((c) => c.method === 'POST')?.body as { payment: Record<string, unknown> };
    expect(sale.payment).toMatchObject({ id: before.public_id, rrn: bankRrn, amount: '530.00', ticket_price: '500.00' });
    expect((await lastPaymentOf(t, row.id)).rrn).toBe(bankRrn);
  });
});
