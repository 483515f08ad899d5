import type { Queryable } from '../db/client.ts';

/**
 * Points the payment methods of a kind at the provider the configuration chose for it. Only
 * methods of the built-in providers are moved (a method a venue pointed elsewhere stays).
 */
export async function assignMethodProvider(db: Queryable, kind: string, provider: string, builtIn: readonly string[]): Promise<void> {
  await db.query('update payment_methods set provider = $2 where kind = $1 and provider = any($3::text[]) and provider <> $2', [
    kind,
    provider,
    builtIn,
  ]);
}

/** Switches off the sandbox's online-banking method once real cards are taken: no fake bank in production. */
export async function disableSandboxRedirect(db: Queryable): Promise<void> {
  await db.query(`update payment_methods set is_active = false where kind = 'redirect' and provider = 'sandbox' and is_active`);
}

/**
 * Payments registered with a real acquirer that have had no final outcome for `olderThan`:
 * claimed with SKIP LOCKED and a lease on reconcile_after, so several instances read each back once.
 */
export async function claimStalePayments(
  db: Queryable,
  at: Date,
  olderThan: Date,
  leaseUntil: Date,
  limit: number,
): Promise<{ public_id: string }[]> {
  const { rows } = await db.query<{ public_id: string }>(
    `with stale as (
       select id from payments
       where provider <> 'sandbox' and provider_ref is not null and created_at <= $2
         and (status = 'pending' or (status = 'canceled' and cancel_confirmed_at is null))
         and (reconcile_after is null or reconcile_after <= $1)
       order by id limit $4 for update skip locked
     )
     update payments p set reconcile_after = $3 from stale where p.id = stale.id returning p.public_id`,
    [at, olderThan, leaseUntil, limit],
  );
  return rows;
}

/**
 * Declined payments with an acquirer reference, declined since `since`, at acquirers whose
 * declines are not documented as final: a success may still follow a decline there. Claimed with
 * SKIP LOCKED and a lease on reconcile_after, so each is read back once per lease.
 */
export async function claimDeclinedPayments(
  db: Queryable,
  p: { at: Date; since: Date; leaseUntil: Date; providers: readonly string[]; limit: number },
): Promise<{ public_id: string }[]> {
  if (p.providers.length === 0) return [];
  const { rows } = await db.query<{ public_id: string }>(
    `with declined as (
       select id from payments
       where status = 'declined' and provider_ref is not null and provider <> 'sandbox' and provider = any($4::text[])
         and finished_at >= $2 and (reconcile_after is null or reconcile_after <= $1)
       order by id limit $5 for update skip locked
     )
     update payments p set reconcile_after = $3 from declined where p.id = declined.id returning p.public_id`,
    [p.at, p.since, p.leaseUntil, p.providers, p.limit],
  );
  return rows;
}
