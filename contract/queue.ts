import { z } from 'zod';
import { langField } from './common.ts';

/**
 * The waiting room's line (docs/operations.md, "The waiting room"). The waiting page nginx serves
 * past the admission capacity takes a ticket once and asks with it where it stands; an admitted
 * ticket's answer sets the pass cookies nginx checks itself (ngx_http_secure_link_module).
 */

/** A ticket: its number in the line, when it was issued (ms), and the server's HMAC of both. */
export const QUEUE_TICKET_PATTERN = /^[1-9][0-9]{0,15}\.[1-9][0-9]{0,15}\.[A-Za-z0-9_-]{43}$/;

/** The pass's cookies: the signature (MD5, base64url) and its expiry (Unix seconds). */
export const QUEUE_PASS_COOKIE = 'queue_pass';
export const QUEUE_PASS_EXPIRES_COOKIE = 'queue_pass_expires';

/** What a waiting visitor is told: how many tickets are before theirs and about how long that is. */
const placeInLine = z.object({
  admitted: z.boolean(),
  /** Tickets issued before this one that are not admitted yet (0 once admitted). */
  ahead: z.number().int().min(0),
  /** About how long until admission at the line's pace, in whole seconds (0 once admitted). */
  waitSeconds: z.number().int().min(0),
});

/** POST /api/queue/ticket: a new place at the end of the line. */
export const queueTicketRequest = z.object({ lang: langField });
export const queueTicketResponse = placeInLine.extend({ errorCode: z.string(), errorText: z.string(), ticket: z.string() });

/** GET /api/queue/status?ticket=…: where the ticket stands; once admitted, the answer sets the pass. */
export const queueStatusRequest = z.object({ ticket: z.string().regex(QUEUE_TICKET_PATTERN), lang: langField });
export const queueStatusResponse = placeInLine.extend({ errorCode: z.string(), errorText: z.string() });
export type QueuePlace = z.infer<typeof placeInLine>;
