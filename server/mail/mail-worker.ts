import type { Db } from '../db/client.ts';
import type { MailTransport } from './transport.ts';

type OutboxRow = {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
};

/** Waits before the n-th retry: 30 s, 1 min, 2 min ... capped at one hour; never gives up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** How long a claimed message stays with one worker before another may try it (a crash mid-send). */
const LEASE_MS = 5 * 60_000;

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/**
 * Delivers the outbox messages that are due. Each worker claims a batch with
 * FOR UPDATE SKIP LOCKED and a lease, then sends outside any transaction (a slow SMTP server
 * never holds a database lock), then records the result: sent, or retried later with backoff.
 * A crash between sending and recording may repeat a message (at least once), never lose it.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  options: { now: () => number; from: string; limit?: number; log?: Log },
): Promise<{ sent: number; failed: number }> {
  const at = new Date(options.now());
  const claimed = await db.transaction(async (tx) => {
    const { rows } = await tx.query<OutboxRow>(
      `with due as (
         select id from mail_outbox
         where sent_at is null and next_attempt_at <= $1 and (locked_until is null or locked_until <= $1)
         order by next_attempt_at, id limit $2
         for update skip locked
       )
       update mail_outbox m set locked_until = $3, attempts = attempts + 1
       from due where m.id = due.id
       returning m.id, m.to_address, m.subject, m.text_body, m.html_body, m.attempts`,
      [at, options.limit ?? 20, new Date(at.getTime() + LEASE_MS)],
    );
    return rows;
  });
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      const result = await transport.send({
        id: row.id,
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
      await db.query('update mail_outbox set sent_at = $2, message_id = $3, locked_until = null, last_error = null where id = $1', [
        row.id,
        new Date(options.now()),
        result.messageId,
      ]);
      if (result.location) {
        const links = row.text_body.match(/https?:\/\/\S+/g) ?? [];
        options.log?.info({ to: row.to_address, file: result.location, links }, `e-mail written to ${result.location}`);
      }
      sent += 1;
    } catch (error) {
      failed += 1;
      options.log?.warn({ err: error, mail: row.id, attempts: row.attempts }, 'e-mail delivery failed; will retry');
      await db.query('update mail_outbox set locked_until = null, last_error = $2, next_attempt_at = $3 where id = $1', [
        row.id,
        String((error as Error).message ?? error).slice(0, 500),
        new Date(options.now() + retryDelayMs(row.attempts)),
      ]);
    }
  }
  return { sent, failed };
}
