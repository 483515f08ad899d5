import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from '../../contract/admin/staff-rules.ts';
import type { Queryable } from '../db/client.ts';

/**
 * The rows of a table that grows with visits and counts for nothing any more, as a condition on
 * the row and the instant before which it is over. docs/operations.md ('Tables that grow with
 * traffic') lists the same rules, table by table.
 */
export type CleanupRule = { table: string; over: string };

export const CLEANUP_RULES = {
  /** A hold claim counts while its hold may run and, for the order captcha, within the burst window. */
  holdClaims: { table: 'hold_claims', over: 'held_until < $1 and created_at < $1' },
  /**
   * A staff session idle that long ($1 is the idle limit ago), or begun longer ago than its
   * absolute lifetime, is over: the guard refuses it already, its row goes.
   */
  staffSessions: {
    table: 'staff_sessions',
    over: `last_seen_at < $1 or created_at < $1::timestamptz - interval '${(STAFF_SESSION_MAX_MS - STAFF_SESSION_IDLE_MS) / 1000} seconds'`,
  },
  /** A captcha challenge past its expiry can only be refused. */
  captchaChallenges: { table: 'captcha_challenges', over: 'expires_at < $1' },
  /** Rate-limit hits older than the longest window count for no client. */
  rateLimitHits: { table: 'rate_limit_hits', over: 'hit_at < $1' },
  /** Failed sign-ins per e-mail and address past the lock window, no lock running, count for nothing. */
  signInFailures: { table: 'staff_sign_in_failures', over: 'last_failed_at < $1 and (locked_until is null or locked_until < $1)' },
  /** Wrong re-authentication answers older than their window count for no member. */
  reauthFailures: { table: 'staff_reauth_failures', over: 'failed_at < $1' },
  /** Sign-in attempts older than the sign-in window count for no address. */
  signInAttempts: { table: 'staff_sign_in_attempts', over: 'attempted_at < $1' },
  /** Wrong promo codes and card numbers older than their window count for no order or address. */
  codeFailures: { table: 'discount_code_failures', over: 'failed_at < $1' },
  /** A loyalty card's one-time code past its expiry can only be refused; a new one replaces it. */
  cardProofs: { table: 'loyalty_card_proofs', over: 'expires_at < $1' },
  /** A push to Apple sent or given up is history: the pass's own row says when it last changed. */
  walletPushes: { table: 'wallet_pushes', over: 'coalesce(sent_at, dropped_at) < $1' },
} as const satisfies Record<string, CleanupRule>;

/** Rows deleted per statement: a first run over a large backlog never holds one long lock or hits the statement timeout. */
const BATCH = 5000;

/**
 * Deletes the rows of `rule` over before `before`, batch after batch; answers how many went.
 * Safe on several instances at once: a row another instance deleted first is simply not counted
 * (PostgreSQL rechecks the condition after the other delete commits).
 */
export async function deleteOverRows(db: Queryable, rule: CleanupRule, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.query(
      `delete from ${rule.table} where ctid = any(array(select ctid from ${rule.table} where ${rule.over} limit ${BATCH}))`,
      [before],
    );
    total += rowCount;
    if (rowCount < BATCH) return total;
  }
}

/**
 * Empties the texts of e-mails sent before `before`: the order desk's mail history keeps who, what
 * subject and when (one row per message of an order, growing with sales like the order itself),
 * while the bodies, the bulk of the table and the links that open a buyer's order, go.
 */
export async function emptySentMailBodies(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(
    "update mail_outbox set text_body = '', html_body = null where sent_at < $1 and (text_body <> '' or html_body is not null)",
    [before],
  );
  return rowCount;
}
