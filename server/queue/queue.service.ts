import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../contract/errors.ts';
import { QUEUE_TICKET_PATTERN, type QueuePlace } from '../../contract/queue.ts';
import type { Db } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { advanceQueueCursor, findQueueCursor, takeTicketNumber, type QueueCursorRow } from './queue.repository.ts';

/** A ticket keeps its place this long; an older one is refused and the page takes a new one. */
export const QUEUE_TICKET_TTL_MS = 6 * 60 * 60 * 1000;
/**
 * The most time one step of the cursor counts. While people wait, the page of each asks every few
 * seconds, so steps are short; after a quiet spell nobody asked, and the capacity of that spell is
 * not saved up for a crowd that comes after it (at most this much of it is).
 */
export const QUEUE_MAX_STEP_MS = 10_000;
/** Instances write the cursor at most about once a second; between writes they compute it from the row. */
const WRITE_EVERY_MS = 1000;

export type QueueOptions = {
  db: Db;
  /** The server secret: tickets are signed with a key derived from it. */
  secret: string;
  /** Shared with nginx (secure_link_md5): the pass is signed as nginx checks it. */
  passSecret: string;
  /** Tickets admitted a second (QUEUE_ADMIT_PER_SECOND). */
  admitPerSecond: number;
  /** How long a pass lets its holder past nginx's admission limit (QUEUE_PASS_TTL_S). */
  passTtlSeconds: number;
  now: () => number;
};

/** The pass nginx checks: `md5(expires + " " + secret)` in base64url, and expires in Unix seconds. */
export type QueuePass = { signature: string; expires: number; ttlSeconds: number };

/** The pass's signature, exactly as deploy/nginx/storefront.conf's secure_link_md5 computes it. */
export function queuePassSignature(expires: number, passSecret: string): string {
  return createHash('md5').update(`${expires} ${passSecret}`).digest('base64url');
}

/** The waiting room's line: tickets in the order taken, admitted at a steady pace, first come first served. */
export function createQueueService(options: QueueOptions) {
  const { db, now, admitPerSecond } = options;
  const key = createHmac('sha256', options.secret).update('queue-ticket:v1').digest();
  const mac = (number: number, issuedAt: number) => createHmac('sha256', key).update(`${number}.${issuedAt}`).digest('base64url');

  /** The ticket's number, or a refusal: forged or mangled (-1070), or too old (-1071). */
  function numberOf(ticket: string): number {
    const invalid = () => new BusinessError(ErrorCode.queueTicketInvalid, { status: 400 });
    if (!QUEUE_TICKET_PATTERN.test(ticket)) throw invalid();
    const [numberText = '', issuedText = '', given = ''] = ticket.split('.');
    const number = Number(numberText);
    const issuedAt = Number(issuedText);
    if (!Number.isSafeInteger(number) || !Number.isSafeInteger(issuedAt)) throw invalid();
    const wanted = Buffer.from(mac(number, issuedAt));
    const sent = Buffer.from(given);
    if (sent.length !== wanted.length || !timingSafeEqual(sent, wanted)) throw invalid();
    if (now() - issuedAt > QUEUE_TICKET_TTL_MS) throw new BusinessError(ErrorCode.queueTicketExpired, { status: 400 });
    return number;
  }

  /** Where the cursor stands now: moved on from the stored row at the pace, never past the last ticket. */
  function servingAt(row: QueueCursorRow, at: number): number {
    if (row.advanced_at === null) return Math.min(row.serving, row.issued);
    const elapsed = Math.min(Math.max(0, at - row.advanced_at.getTime()), QUEUE_MAX_STEP_MS);
    return Math.min(row.issued, row.serving + (elapsed / 1000) * admitPerSecond);
  }

  async function placeOf(number: number): Promise<QueuePlace> {
    const at = now();
    const row = await findQueueCursor(db);
    const serving = servingAt(row, at);
    if (row.advanced_at === null || at - row.advanced_at.getTime() >= WRITE_EVERY_MS) {
      await advanceQueueCursor(db, serving, new Date(at), row.advanced_at);
    }
    const admittedUpTo = Math.floor(serving);
    if (number <= admittedUpTo) return { admitted: true, ahead: 0, waitSeconds: 0 };
    return {
      admitted: false,
      ahead: number - 1 - admittedUpTo,
      waitSeconds: Math.max(1, Math.ceil((number - serving) / admitPerSecond)),
    };
  }

  return {
    /** A new ticket at the end of the line, and where it stands. */
    async takeTicket(): Promise<QueuePlace & { ticket: string }> {
      const number = await takeTicketNumber(db);
      const issuedAt = now();
      const ticket = `${number}.${issuedAt}.${mac(number, issuedAt)}`;
      return { ticket, ...(await placeOf(number)) };
    },

    /** Where a ticket stands; an admitted one also gets a pass valid from now for the pass lifetime. */
    async status(ticket: string): Promise<QueuePlace & { pass?: QueuePass }> {
      const place = await placeOf(numberOf(ticket));
      if (!place.admitted) return place;
      const expires = Math.floor(now() / 1000) + options.passTtlSeconds;
      return {
        ...place,
        pass: { signature: queuePassSignature(expires, options.passSecret), expires, ttlSeconds: options.passTtlSeconds },
      };
    },
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
