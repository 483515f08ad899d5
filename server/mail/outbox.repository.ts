import { maskEmailsIn } from '../personal-data/redact.ts';
import type { Queryable } from '../db/client.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Enqueued at most once per key (e.g. 'order-paid:123'): a repeated cause sends one message. */
  dedupeKey?: string;
  /** The order the message is about, so the back office lists the e-mails an order caused. */
  orderId?: number;
  /** The message carries the order's tickets as a PDF, drawn when it is sent. */
  attachTickets?: boolean;
};

/**
 * Puts a message in the outbox inside the caller's transaction, so it exists exactly when the
 * change that causes it was committed: a crash loses neither, and an SMTP failure delays a
 * message without dropping it. The mail worker delivers it later.
 * Answers the outbox id, or undefined when the dedupe key was enqueued before.
 */
export async function enqueueMail(tx: Queryable, mail: OutgoingMail, at: Date): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into mail_outbox (dedupe_key, to_address, subject, text_body, html_body, created_at, next_attempt_at, order_id, attach_tickets)
     values ($1, $2, $3, $4, $5, $6, $6, $7, $8)
     on conflict (dedupe_key) do nothing
     returning id`,
    [
      mail.dedupeKey ?? null,
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
      at,
      mail.orderId ?? null,
      (mail.attachTickets ?? false) && mail.orderId !== undefined,
    ],
  );
  return rows[0]?.id;
}

export type OutboxRow = {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
  created_at: Date;
  order_id: number | null;
  attach_tickets: boolean;
};

/** Claims due, unleased messages with FOR UPDATE SKIP LOCKED and leases them until `leaseUntil`. */
export async function claimDueMail(tx: Queryable, at: Date, limit: number, leaseUntil: Date): Promise<OutboxRow[]> {
  const { rows } = await tx.query<OutboxRow>(
    `with due as (
         select id from mail_outbox
         where sent_at is null and next_attempt_at <= $1 and (locked_until is null or locked_until <= $1)
         order by next_attempt_at, id limit $2
         for update skip locked
       )
       update mail_outbox m set locked_until = $3, attempts = attempts + 1
       from due where m.id = due.id
       returning m.id, m.to_address, m.subject, m.text_body, m.html_body, m.attempts, m.created_at, m.order_id, m.attach_tickets`,
    [at, limit, leaseUntil],
  );
  return rows;
}

/**
 * Sent: the row keeps when and to whom (the address masked) for the desk's mail history, never the
 * message itself, which names the buyer and carries the links that open the order.
 */
export async function markMailSent(db: Queryable, id: number, at: Date, messageId: string): Promise<void> {
  await db.query(
    `update mail_outbox set sent_at = $2, message_id = $3, locked_until = null, last_error = null,
            to_address = case when position('@' in to_address) > 1
                              then left(to_address, 1) || '***' || substr(to_address, position('@' in to_address)) else '' end,
            text_body = '', html_body = null
      where id = $1`,
    [id, at, messageId],
  );
}

export async function scheduleMailRetry(db: Queryable, id: number, error: string, nextAttemptAt: Date): Promise<void> {
  await db.query('update mail_outbox set locked_until = null, last_error = $2, next_attempt_at = $3 where id = $1', [
    id,
    maskEmailsIn(error),
    nextAttemptAt,
  ]);
}
