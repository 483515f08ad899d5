import type { CurrencyCode } from '../../contract/setup.ts';
import type { Db } from '../db/client.ts';
import { type PaymentProvider, ProviderError, type RefundOutcome } from './provider.ts';
import {
  type ClaimedRefund,
  claimDueRefunds,
  claimSentRefunds,
  makeRefundChecksDue,
  markRefundCanceled,
  markRefundDone,
  markRefundSent,
  scheduleRefundRetry,
} from './payments.repository.ts';

/** Backoff of a refund the acquirer could not be asked about (network, 5xx, a refusal). */
const REFUND_RETRY_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
/** When a refund the acquirer cancelled is sent again (its next attempts); after the last, staff settle it. */
const CANCELED_RETRY_MS = [30 * 60_000, 6 * 3600_000];
/** How soon a refund the acquirer has not finished is read back: every few minutes at first, then hourly. */
const SENT_CHECK_MS = (age: number) => (age < 3600_000 ? 5 * 60_000 : 3600_000);

type Log = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

/**
 * Carries refunds out through their acquirer and keeps each until the acquirer says it is done:
 * sent ones are read back (or made due by the acquirer's notification), cancelled ones sent again
 * under a new attempt and, when those are spent, left failed for staff (the back office's order
 * page shows them, and the log says so as an error).
 */
export function createRefundRunner(deps: { db: Db; now: () => number; provider: (id: string) => PaymentProvider; log: Log }) {
  const { db, now, provider, log } = deps;

  const inputOf = (refund: ClaimedRefund, providerRef: string) => ({
    providerRef,
    amount: refund.amount,
    idempotencyKey: refund.idempotency_key,
    attempt: refund.provider_attempt,
    currency: (refund.currency ?? 'RUB') as CurrencyCode,
  });

  async function settle(refund: ClaimedRefund, outcome: RefundOutcome): Promise<'done' | 'sent' | 'canceled'> {
    const at = new Date(now());
    if (outcome.status === 'done') {
      await markRefundDone(db, refund.id, outcome.refundRef, at, outcome.detail);
      return 'done';
    }
    if (outcome.status === 'pending') {
      const age = at.getTime() - refund.created_at.getTime();
      await markRefundSent(db, refund.id, outcome.refundRef, outcome.detail, new Date(at.getTime() + SENT_CHECK_MS(age)));
      return 'sent';
    }
    const delay = CANCELED_RETRY_MS[refund.provider_attempt - 1];
    const error = `the acquirer cancelled the refund (attempt ${refund.provider_attempt}): ${outcome.detail}`.slice(0, 500);
    if (delay === undefined)
      log.error({ refund: refund.id, detail: outcome.detail }, 'refund cancelled by the acquirer on every attempt; staff must settle it');
    else log.warn({ refund: refund.id, detail: outcome.detail }, 'refund cancelled by the acquirer; will send it again');
    await markRefundCanceled(db, refund.id, error, outcome.detail, delay === undefined ? null : new Date(at.getTime() + delay));
    return 'canceled';
  }

  /**
   * Sends pending refunds that are due (or the given ones): each is claimed with FOR UPDATE SKIP
   * LOCKED and a lease, so several instances never send one twice at once, and the acquirer's
   * idempotency key makes a repeat after a crash harmless. A failure to ask is retried with
   * backoff; nothing is dropped. `done` counts the refunds the acquirer finished at once, `failed`
   * those it could not be asked about or cancelled; one it took and has not finished is neither.
   */
  async function processRefunds(options: { ids?: number[]; limit?: number } = {}): Promise<{ done: number; failed: number }> {
    const claimed = await db.transaction((tx) => claimDueRefunds(tx, new Date(now()), options.limit ?? 50, options.ids));
    const counts = { done: 0, failed: 0 };
    for (const refund of claimed) {
      try {
        if (!refund.provider_payment_ref) throw new ProviderError('the payment has no acquirer reference');
        const settled = await settle(refund, await provider(refund.provider).refund(inputOf(refund, refund.provider_payment_ref)));
        if (settled === 'done') counts.done += 1;
        else if (settled === 'canceled') counts.failed += 1;
      } catch (error) {
        counts.failed += 1;
        const delay = REFUND_RETRY_MS[Math.min(refund.attempts - 1, REFUND_RETRY_MS.length - 1)] ?? 60_000;
        log.warn({ err: error, refund: refund.id }, 'refund failed; will retry');
        await scheduleRefundRetry(db, refund.id, (error as Error).message.slice(0, 500), new Date(now() + delay));
      }
    }
    return counts;
  }

  /** Reads back the refunds the acquirer took but had not finished, whose check is due. */
  async function checkSentRefunds(limit = 50): Promise<{ done: number; pending: number; canceled: number }> {
    const claimed = await db.transaction((tx) => claimSentRefunds(tx, new Date(now()), limit));
    const counts = { done: 0, pending: 0, canceled: 0 };
    for (const refund of claimed) {
      const acquirer = provider(refund.provider);
      if (!refund.provider_payment_ref || !refund.provider_ref || !acquirer.checkRefund) continue;
      try {
        const settled = await settle(
          refund,
          await acquirer.checkRefund({ ...inputOf(refund, refund.provider_payment_ref), refundRef: refund.provider_ref }),
        );
        if (settled === 'done') counts.done += 1;
        else if (settled === 'sent') counts.pending += 1;
        else counts.canceled += 1;
      } catch (error) {
        // The lease brings it back in five minutes.
        log.warn({ err: error, refund: refund.id }, 'refund read-back failed; will retry');
      }
    }
    return counts;
  }

  /** The acquirer's notification told of a refund: its read-back is due now (the job makes it). */
  async function refundNews(providerId: string, news: { providerRef?: string; refundRef?: string }): Promise<number> {
    return makeRefundChecksDue(db, providerId, news, new Date(now()));
  }

  return { processRefunds, checkSentRefunds, refundNews };
}
