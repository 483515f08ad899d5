import path from 'node:path';
import type { Db } from '../db/client.ts';
import { type OutboxRow, claimDueMail, markMailSent, scheduleMailRetry } from './outbox.repository.ts';
import { type MailAttachment, type MailTransport, SMTP_CONNECTIONS } from './transport.ts';

/** Draws the files a message carries (the tickets PDF); a failure retries the message like an SMTP one. */
export type AttachmentsOf = (row: OutboxRow) => Promise<MailAttachment[]>;

/** Waits before the n-th retry: 30 s, 1 min, 2 min ... capped at one hour; never gives up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * The Message-ID of an outbox message, the same on every attempt: delivery is at least once (a
 * crash between the SMTP server's acceptance and the record of it sends the message again once
 * the lease ends), and a repeat under the same Message-ID is recognisably the same message, which
 * mail servers and clients fold into one. The creation time keeps ids of different databases
 * (a staging copy, a restore) apart.
 */
export function outboxMessageId(row: { id: number; created_at: Date }, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'storefront.invalid';
  return `<outbox.${row.id}.${row.created_at.getTime().toString(36)}@${domain}>`;
}

/** How long a claimed message stays with one worker before another may try it (a crash mid-send). */
const LEASE_MS = 5 * 60_000;

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/**
 * A run of the outbox job claims batch after batch until one comes back short (the outbox is
 * drained) or this many were claimed: one batch per 5-second tick delivered 4 messages a second,
 * far below what the ticket and return e-mails of a busy day add (the soak's backlog grew for
 * its whole run). The bound hands the rest to the next tick, so a stop is never kept waiting long.
 */
const BATCHES_PER_RUN = 25;

/**
 * Delivers the outbox messages that are due. Each worker claims a batch with
 * FOR UPDATE SKIP LOCKED and a lease, then sends outside any transaction (a slow SMTP server
 * never holds a database lock), then records the result: sent, or retried later with backoff.
 * A crash between sending and recording may repeat a message (at least once), never lose it.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  options: { now: () => number; from: string; limit?: number; log?: Log; attachmentsOf?: AttachmentsOf },
): Promise<{ sent: number; failed: number }> {
  const limit = options.limit ?? 20;
  const total = { sent: 0, failed: 0 };
  for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
    const result = await deliverBatch(db, transport, { ...options, limit });
    total.sent += result.sent;
    total.failed += result.failed;
    if (result.claimed < limit) break;
  }
  return total;
}

async function deliverBatch(
  db: Db,
  transport: MailTransport,
  options: { now: () => number; from: string; limit: number; log?: Log; attachmentsOf?: AttachmentsOf },
): Promise<{ sent: number; failed: number; claimed: number }> {
  const at = new Date(options.now());
  const claimed = await db.transaction((tx) => claimDueMail(tx, at, options.limit, new Date(at.getTime() + LEASE_MS)));
  let sent = 0;
  let failed = 0;
  const queue = [...claimed];
  const deliverOne = async (row: (typeof claimed)[number]) => {
    try {
      const attachments = row.attach_tickets && options.attachmentsOf ? await options.attachmentsOf(row) : [];
      const result = await transport.send({
        attachments,
        id: row.id,
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: outboxMessageId(row, options.from),
      });
      await markMailSent(db, row.id, new Date(options.now()), result.messageId);
      // Without SMTP the message is only a file: the log says so, never whom it was for or the
      // links in it (they open the buyer's order and tickets to whoever reads the log).
      if (result.location)
        options.log?.info(
          { mail: row.id, file: path.basename(result.location) },
          'e-mail not sent (no SMTP_URL): kept as a file in DATA_DIR/outbox',
        );
      sent += 1;
    } catch (error) {
      failed += 1;
      options.log?.warn({ err: error, mail: row.id, attempts: row.attempts }, 'e-mail delivery failed; will retry');
      await scheduleMailRetry(
        db,
        row.id,
        String((error as Error).message ?? error).slice(0, 500),
        new Date(options.now() + retryDelayMs(row.attempts)),
      );
    }
  };
  // A few messages at once, one per pooled SMTP connection: each waits on the SMTP server's answer.
  await Promise.all(
    Array.from({ length: Math.min(SMTP_CONNECTIONS, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await deliverOne(row);
    }),
  );
  return { sent, failed, claimed: claimed.length };
}
