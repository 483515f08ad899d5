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
};

/**
 * Puts a message in the outbox inside the caller's transaction, so it exists exactly when the
 * change that causes it was committed (design invariant 7). The mail worker delivers it later.
 * Answers the outbox id, or undefined when the dedupe key was enqueued before.
 */
export async function enqueueMail(tx: Queryable, mail: OutgoingMail, at: Date): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into mail_outbox (dedupe_key, to_address, subject, text_body, html_body, created_at, next_attempt_at, order_id)
     values ($1, $2, $3, $4, $5, $6, $6, $7)
     on conflict (dedupe_key) do nothing
     returning id`,
    [mail.dedupeKey ?? null, mail.to, mail.subject, mail.text, mail.html ?? null, at, mail.orderId ?? null],
  );
  return rows[0]?.id;
}
