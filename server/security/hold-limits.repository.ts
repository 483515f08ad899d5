import type { Queryable } from '../db/client.ts';
import { UNPAID } from '../orders/order-status-sql.ts';

/** What one client (an address or an e-mail) holds now, and how many orders it began lately. */
export type ClientHolds = { orders: number; places: number; recent: number; freeAt: Date | null };

/**
 * Serialises the claims of one client address and one e-mail (transaction-scoped advisory locks,
 * taken in a fixed order so two claims never wait on each other crosswise).
 */
export async function lockClients(tx: Queryable, ip: string, email: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(k) from (select hashtext(x) as k from unnest($1::text[]) as x order by 1) locks`, [
    [`hold-ip:${ip}`, `hold-email:${email}`],
  ]);
}

/**
 * The live claims of a client, by column ('client_ip' or 'email'): unpaid orders and their places,
 * when the first of them ends, and the claims begun since `since` (paid or not).
 */
export async function findClientHolds(
  tx: Queryable,
  column: 'client_ip' | 'email',
  value: string,
  at: Date,
  since: Date,
): Promise<ClientHolds> {
  const { rows } = await tx.query<{ orders: number; places: number; recent: number; free_at: Date | string | null }>(
    `select count(*) filter (where live)::int as orders, coalesce(sum(places) filter (where live), 0)::int as places,
            count(*) filter (where created_at > $3)::int as recent, min(held_until) filter (where live) as free_at
     from (select c.places, c.created_at, c.held_until,
                  c.held_until > $2 and (o.id is null or (o.status in (${UNPAID}) and o.released_at is null)) as live
           from hold_claims c left join orders o on o.hash = c.order_hash
           where c.${column} = $1 and (c.held_until > $2 or c.created_at > $3)) claims`,
    [value, at, since],
  );
  const row = rows[0];
  return {
    orders: row?.orders ?? 0,
    places: row?.places ?? 0,
    recent: row?.recent ?? 0,
    freeAt: row?.free_at ? new Date(row.free_at) : null,
  };
}

export async function insertHoldClaim(
  tx: Queryable,
  c: { ip: string; email: string; places: number; at: Date; until: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'insert into hold_claims (client_ip, email, places, created_at, held_until) values ($1, $2, $3, $4, $5) returning id',
    [c.ip, c.email, c.places, c.at, c.until],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into hold_claims returned no row');
  return id;
}

export async function attachHoldClaim(db: Queryable, id: number, orderHash: string): Promise<void> {
  await db.query('update hold_claims set order_hash = $2 where id = $1', [id, orderHash]);
}

export async function deleteHoldClaim(db: Queryable, id: number): Promise<void> {
  await db.query('delete from hold_claims where id = $1', [id]);
}
