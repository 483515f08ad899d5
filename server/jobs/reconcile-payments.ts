import type { Db } from '../db/client.ts';
import { claimDeclinedPayments, claimStalePayments } from '../payments/acquirers.repository.ts';
import { findPaymentByPublicId } from '../payments/payments.repository.ts';
import type { PaymentsService } from '../payments/payments.service.ts';

/** A payment without a final outcome this long is read back from its acquirer. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** How long one instance holds a claimed payment before another may ask about it again. */
const LEASE_MS = 5 * 60_000;
/**
 * How long a declined payment with an acquirer reference is read back after its decline (a
 * success may follow a decline: T-Bank's RedirectDueDate, our reserve, bounds when), and how often.
 */
export const DECLINED_RECHECK_MS = 24 * 3600_000;
const DECLINED_LEASE_MS = 30 * 60_000;

/**
 * Reads back from the acquirer every payment that has had no final status for 15 minutes (its
 * notification lost or late), so money taken never leaves an order unpaid. Claims with SKIP
 * LOCKED and a lease, so instances share the work and each asks about a payment once per lease.
 */
export async function reconcileStalePayments(
  db: Db,
  payments: Pick<PaymentsService, 'reconcile' | 'recheckDeclined' | 'provider'> & { providerIds?: () => string[] },
  now: () => number,
  limit = 50,
): Promise<number> {
  const at = now();
  const claimed = await db.transaction((tx) =>
    claimStalePayments(tx, new Date(at), new Date(at - RECONCILE_AFTER_MS), new Date(at + LEASE_MS), limit),
  );
  for (const { public_id } of claimed) {
    const payment = await findPaymentByPublicId(db, public_id);
    // reconcile never throws for an acquirer that cannot be reached: the lease brings it back.
    if (payment) await payments.reconcile(payment);
  }
  // Declined payments are read back too, where the acquirer does not document a decline as final.
  const providers = (payments.providerIds?.() ?? []).filter((id) => !payments.provider(id).finalDeclines);
  const declined = await db.transaction((tx) =>
    claimDeclinedPayments(tx, {
      at: new Date(at),
      since: new Date(at - DECLINED_RECHECK_MS),
      leaseUntil: new Date(at + DECLINED_LEASE_MS),
      providers,
      limit,
    }),
  );
  for (const { public_id } of declined) {
    const payment = await findPaymentByPublicId(db, public_id);
    if (payment) await payments.recheckDeclined(payment);
  }
  return claimed.length + declined.length;
}
