import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { type ReceivedMail, plainText, startSmtp } from '../../tests/smtp.ts';
import { deliverDueMail } from '../mail/mail-worker.ts';
import { smtpTransport } from '../mail/transport.ts';
import { preparePaymentCatalog } from '../payments/payment-test-kit.ts';
import { confirmReturn, createReturn, loadReturn, paidOrder, sessionStartsIn, snapshot } from './returns-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    clock: createClock(new Date('2026-11-21T10:00:00Z')),
    config: { publicUrl: 'https://tickets.example.test' },
  });
  await preparePaymentCatalog(t, { capacity: 50 });
  await sessionStartsIn(t, 20 * 24 * 3600_000);
});
afterAll(() => t.close());

describe('the return confirmation e-mail', () => {
  it('reaches a real SMTP server, and the link in it confirms the return', async () => {
    const smtp = await startSmtp();
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 3000 });
    try {
      const order = await paidOrder(t);
      const { rows } = await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [order.id]);
      await t.db.exec('update mail_outbox set sent_at = now()'); // the payment's own e-mail is not under test
      expect((await createReturn(t, order.hash, [rows[0]?.id as number])).status).toBe(200);

      expect(await deliverDueMail(t.db, transport, { now: t.clock.now, from: 'Storefront <tickets@example.test>' })).toEqual({
        sent: 1,
        failed: 0,
      });
      expect(smtp.received).toHaveLength(1);
      const message = smtp.received[0] as ReceivedMail;
      expect(message.to).toEqual(['buyer@example.test']);
      const text = plainText(message.raw);
      expect(text).toContain(`Вы оформили заявление на возврат билетов по заказу № ${order.number}`);
      expect(text).toContain('Ссылка действует 24 часа');

      const link = /https:\/\/tickets\.example\.test\/order\/return\/\S+/.exec(text)?.[0];
      expect(link).toBeDefined();
      const url = new URL(link as string);
      expect(url.pathname).toBe(`/order/return/${order.hash}`);
      const hashConf = url.searchParams.get('hash_conf') as string;

      // What the page does with the link: load with the confirmation hash, then confirm.
      const loaded = await loadReturn(t, order.hash, hashConf);
      expect(loaded.body.response).toMatchObject({ error_code: 0, confirm: { ids: [rows[0]?.id], summa: 500 } });
      expect((await confirmReturn(t, order.hash, hashConf)).body).toMatchObject({ errorCode: '0', response: { status_id: 70 } });
      expect((await snapshot(t, order.id)).tickets.map((x) => x.status)).toEqual([70, 0]);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});
