import { STAFF_LOCK_MS, STAFF_REAUTH_WINDOW_MS, STAFF_SESSION_IDLE_MS, STAFF_SIGN_IN_WINDOW_MS } from '../../contract/admin/staff-rules.ts';
import type { Queryable } from '../db/client.ts';
import { CODE_FAILURE_WINDOW_MS } from '../loyalty/discounts.service.ts';
import { CLEANUP_RULES, type CleanupRule, deleteOverRows, emptySentMailBodies } from './cleanup.repository.ts';

/** The windows of this instance's limits (config): a counter row older than its window counts for nothing. */
export type CleanupWindows = { rateLimitWindowMs: number; burstWindowMs: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long an e-mail's text stays after it was sent (a buyer asking "what did you send me?" asks within weeks). */
export const SENT_MAIL_BODY_DAYS = 30;
/** How often the job runs: the tables stay within some minutes of their windows. */
export const CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes the rows of the tables that grow with visits once they count for nothing (ended hold
 * claims, idle staff sessions, expired captcha challenges and card codes, counters past their
 * windows) and empties old sent e-mails' texts; answers what went, table by table. Safe on several
 * instances at once: each delete only removes rows that are over, whoever removes them first.
 */
export async function cleanUpTables(db: Queryable, now: Date, windows: CleanupWindows): Promise<Record<string, number>> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const rules: [CleanupRule, Date][] = [
    [CLEANUP_RULES.holdClaims, ago(windows.burstWindowMs)],
    [CLEANUP_RULES.staffSessions, ago(STAFF_SESSION_IDLE_MS)],
    // An hour's grace: a visitor answering just after expiry is told "expired", not "unknown".
    [CLEANUP_RULES.captchaChallenges, ago(HOUR_MS)],
    [CLEANUP_RULES.rateLimitHits, ago(windows.rateLimitWindowMs)],
    [CLEANUP_RULES.signInAttempts, ago(STAFF_SIGN_IN_WINDOW_MS)],
    [CLEANUP_RULES.signInFailures, ago(STAFF_LOCK_MS)],
    [CLEANUP_RULES.reauthFailures, ago(STAFF_REAUTH_WINDOW_MS)],
    [CLEANUP_RULES.codeFailures, ago(CODE_FAILURE_WINDOW_MS)],
    [CLEANUP_RULES.cardProofs, ago(DAY_MS)],
    [CLEANUP_RULES.walletPushes, ago(DAY_MS)],
  ];
  const deleted: Record<string, number> = {};
  for (const [rule, before] of rules) deleted[rule.table] = await deleteOverRows(db, rule, before);
  deleted.mail_outbox_bodies = await emptySentMailBodies(db, ago(SENT_MAIL_BODY_DAYS * DAY_MS));
  return deleted;
}
