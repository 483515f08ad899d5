import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquirersConfig, lastPaymentOf, orderRowOf, pressAtFake, useAcquirerApp } from '../../tests/fakes/acquirer-test-kit.ts';
import { type RegistryFake, startRegistryFake } from '../../tests/fakes/registry-fake.ts';
import { type YookassaFake, startYookassaFake } from '../../tests/fakes/yookassa-fake.ts';
import type { TestApp } from '../../tests/harness.ts';
import { makeOrder, pay } from '../payments/payment-test-kit.ts';
import { yookassaRefundRrnReader } from '../payments/yookassa/yookassa-refund-rrn.ts';
import { confirmReturn, createReturn, lastReturnLink, resetReturnableEvent } from '../returns/returns-test-kit.ts';
import { createRegistrySender, rrnReaderOf } from './registry-job.ts';

// A Pushkin-card ticket paid on YooKassa's Pushkin shop (the fake speaking its API): the sale is
// reported with the payment's RRN, and its return with the refund's RRN, both as YooKassa gives them.
const PUSHKIN = 4;
const SHOP = '501234';
const PUSHKIN_SHOP = '501235';
const SECRETS = { [SHOP]: 'test_secret_key_1', [PUSHKIN_SHOP]: 'test_secret_key_2' };
const KEY = 'registry-yookassa-key1';

const acquirers = (fake: YookassaFake) => ({
  card: 'yookassa' as const,
  qr: 'yookassa' as const,
  pushkin: 'yookassa' as const,
  yookassa: { shopId: SHOP, secretKey: SECRETS[SHOP] },
  yookassaPushkin: { shopId: PUSHKIN_SHOP, secretKey: SECRETS[PUSHKIN_SHOP] },
  yookassaApiUrl: fake.apiUrl,
});
const acquirer = useAcquirerApp<YookassaFake>({
  startFake: (deliver) => startYookassaFake({ shops: SECRETS, webhookUrl: 'https://shop.example/payments/notify/yookassa', deliver }),
  acquirers,
  deliverAgain: (fake) => fake.dropWebhooks(false),
});
let t: TestApp;
let yookassa: YookassaFake;
let registry: RegistryFake;
beforeAll(async () => {
  t = acquirer.app();
  yookassa = acquirer.fake();
  registry = await startRegistryFake({ key: KEY, now: t.clock.now });
  await t.db.query(`update events set registry_event_id = 'reg-event-9000' where id = 9000`);
});
afterAll(() => registry.close());

describe('the RRNs YooKassa gives reach the registry', () => {
  it('reports the sale with the payment RRN and the refund with the refund RRN', async () => {
    await resetReturnableEvent(t, t.clock.date());
    const sender = createRegistrySender({
      db: t.db,
      config: { url: registry.url, key: KEY, organizationId: 'org-77' },
      now: t.clock.now,
      readRrn: rrnReaderOf(t.app.paymentProviders),
      readRefundRrn: yookassaRefundRrnReader(acquirersConfig({ ...acquirers(yookassa), timeoutMs: 700 })),
    });
    const order = await makeOrder(t, { pushkin: true, lines: [{ quantity: 1 }] });
    await t.db.query(`update orders set buyer_name = 'Петров Иван', buyer_surname = 'Петров', buyer_first_name = 'Иван' where id = $1`, [
      order.id,
    ]);
    const answer = await pay(t, order.hash, PUSHKIN);
    // The Pushkin shop's webhook goes to the URL registered for it: the return read-back pays here.
    yookassa.dropWebhooks();
    await pressAtFake(String(answer.bankUrl), 'pay');
    const row = await orderRowOf(t, order.hash);
    expect((await t.get(`/payments/return/${(await lastPaymentOf(t, row.id)).public_id}`)).headers.location).toBe(`/order/${order.hash}`);
    const payment = await lastPaymentOf(t, row.id);
    expect(payment.provider).toBe('yookassa-pushkin');
    expect(payment.rrn).toMatch(/^6\d{11}$/);
    expect(await sender.run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    const sale = registry.calls.find((c) => c.method === 'POST')?.body as { payment: Record<string, unknown> };
    expect(sale.payment.rrn).toBe(payment.rrn);

    const { rows } = await t.db.query<{ id: number; code: string }>('select id, code from tickets where order_id = $1', [row.id]);
    const ticket = rows[0];
    if (!ticket) throw new Error('a ticket');
    expect((await createReturn(t, order.hash, [ticket.id])).status).toBe(200);
    const confirmed = await confirmReturn(t, order.hash, (await lastReturnLink(t)).url.searchParams.get('hash_conf') ?? '');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const refundRef =
      (await t.db.query<{ provider_ref: string }>(`select provider_ref from refunds order by id desc limit 1`)).rows[0]?.provider_ref ?? '';
    expect(await sender.run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(yookassa.calls.at(-1)).toMatchObject({ method: 'GET', path: `refunds/${refundRef}` });
    const refund = registry.calls.find((c) => c.path.endsWith('/refund'))?.body as Record<string, unknown>;
    expect(refund).toMatchObject({ refund_reason: 'Возврат билета по заявлению посетителя', refund_ticket_price: '500.00' });
    expect(refund.refund_rrn).toMatch(/^7\d{11}$/);
    expect(registry.byBarcode(ticket.code)[0]).toMatchObject({ status: 'refunded', refund_rrn: refund.refund_rrn });
  });
});
