import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, openTestDb } from '../../tests/harness.ts';
import { startSmtp } from '../../tests/smtp.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { deliverDueMail, outboxMessageId, retryDelayMs } from './mail-worker.ts';
import { claimDueMail, enqueueMail } from './outbox.repository.ts';
import { fileTransport, smtpTransport } from './transport.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
});
beforeEach(() => db.exec('delete from mail_outbox'));
afterAll(() => db.close());

const from = 'Storefront <tickets@example.test>';

describe('mail outbox', () => {
  it('delivers an enqueued message to a real SMTP server once', async () => {
    const smtp = await startSmtp();
    const clock = createClock();
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 3000 });
    try {
      await db.transaction((tx) =>
        enqueueMail(tx, { to: 'buyer@example.test', subject: 'Заказ № 100001', text: 'Билеты: http://x/ticket/abc' }, clock.date()),
      );
      expect(await deliverDueMail(db, transport, { now: clock.now, from })).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['buyer@example.test']);
      expect(smtp.received[0]?.raw).toContain('http://x/ticket/abc');
      // Nothing left: a second run sends nothing more.
      expect(await deliverDueMail(db, transport, { now: clock.now, from })).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('keeps a message while the SMTP server is down and delivers it after the retry delay', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const clock = createClock();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 2000 });
    try {
      await db.transaction((tx) => enqueueMail(tx, { to: 'late@example.test', subject: 'S', text: 'T' }, clock.date()));
      expect(await deliverDueMail(db, transport, { now: clock.now, from })).toEqual({ sent: 0, failed: 1 });
      const { rows } = await db.query<{ attempts: number; last_error: string; sent_at: Date | null }>(
        'select attempts, last_error, sent_at from mail_outbox',
      );
      expect(rows[0]).toMatchObject({ attempts: 1, sent_at: null });
      expect(rows[0]?.last_error).toBeTruthy();

      const smtp = await startSmtp(port);
      try {
        // Not due yet: the backoff holds it back.
        expect(await deliverDueMail(db, transport, { now: clock.now, from })).toEqual({ sent: 0, failed: 0 });
        clock.advance(retryDelayMs(1));
        expect(await deliverDueMail(db, transport, { now: clock.now, from })).toEqual({ sent: 1, failed: 0 });
        expect(smtp.received.map((m) => m.to)).toEqual([['late@example.test']]);
      } finally {
        await smtp.close();
      }
    } finally {
      transport.close();
    }
  });

  it('sends a message again under the same Message-ID when the worker died before recording it', async () => {
    const smtp = await startSmtp();
    const clock = createClock();
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 3000 });
    try {
      await db.transaction((tx) => enqueueMail(tx, { to: 'twice@example.test', subject: 'S', text: 'T' }, clock.date()));
      // A worker claims it, the SMTP server accepts it, and the worker dies before recording it:
      // the row stays unsent under that worker's lease, which the next worker waits out.
      const [row] = await db.transaction((tx) => claimDueMail(tx, clock.date(), 20, new Date(clock.now() + 5 * 60_000)));
      if (!row) throw new Error('nothing claimed');
      await transport.send({
        id: row.id,
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: outboxMessageId(row, from),
      });
      expect(await deliverDueMail(db, transport, { now: clock.now, from })).toEqual({ sent: 0, failed: 0 });
      clock.advance(5 * 60_000);
      expect(await deliverDueMail(db, transport, { now: clock.now, from })).toEqual({ sent: 1, failed: 0 });
      const ids = smtp.received.map((m) => /^message-id:\s*(\S+)/im.exec(m.raw)?.[1]);
      expect(ids).toHaveLength(2);
      expect(ids[0]).toMatch(/^<outbox\.\d+\.[0-9a-z]+@example\.test>$/);
      expect(ids[1]).toBe(ids[0]);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('drains a backlog larger than one batch in one run', async () => {
    const smtp = await startSmtp();
    const clock = createClock();
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 3000 });
    try {
      await db.transaction(async (tx) => {
        for (let i = 0; i < 45; i++) await enqueueMail(tx, { to: `b${i}@example.test`, subject: 'S', text: 'T' }, clock.date());
      });
      expect(await deliverDueMail(db, transport, { now: clock.now, from, limit: 20 })).toEqual({ sent: 45, failed: 0 });
      expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(45);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('enqueues a message with a dedupe key once', async () => {
    const at = new Date();
    const first = await db.transaction((tx) => enqueueMail(tx, { to: 'a@b.cd', subject: 's', text: 't', dedupeKey: 'k1' }, at));
    const second = await db.transaction((tx) => enqueueMail(tx, { to: 'a@b.cd', subject: 's', text: 't', dedupeKey: 'k1' }, at));
    expect(first).toBeTypeOf('number');
    expect(second).toBeUndefined();
    expect((await db.query('select * from mail_outbox')).rows).toHaveLength(1);
  });

  it('loses no message when the transaction that enqueued it rolls back, and sends none', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'a@b.cd', subject: 's', text: 't' }, new Date());
        throw new Error('the order change failed');
      }),
    ).rejects.toThrow();
    expect((await db.query('select * from mail_outbox')).rows).toHaveLength(0);
  });

  it('writes .eml files when no SMTP server is configured, and logs that mail was not sent, never what it carried', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const transport = fileTransport(dir);
    const clock = createClock();
    const logged: string[] = [];
    const log = { info: (obj: unknown, msg?: string) => void logged.push(JSON.stringify([obj, msg])), warn: () => {} };
    try {
      await db.transaction((tx) =>
        enqueueMail(
          tx,
          { to: 'file@example.test', subject: 'Билеты', text: 'Ссылка http://x/order/h\nБилет http://x/ticket/t1' },
          clock.date(),
        ),
      );
      expect(await deliverDueMail(db, transport, { now: clock.now, from, log })).toEqual({ sent: 1, failed: 0 });
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('not sent');
      for (const carried of ['file@example.test', 'http://x/order/h', 'x/ticket/t1', '/order/', 'Билеты'])
        expect(logged[0]).not.toContain(carried);
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const eml = await readFile(path.join(dir, files[0] as string), 'utf8');
      expect(eml).toContain('To: file@example.test');
      expect(eml).toContain('http://x/order/h');
    } finally {
      transport.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
