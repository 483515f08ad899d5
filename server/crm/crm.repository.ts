import type { Queryable } from '../db/client.ts';

export type CrmClientRow = {
  id: number;
  type_id: number;
  type_name: string;
  card_code: string;
  first_name: string;
  last_name: string;
  middle_name: string;
  phone: string;
  email: string;
};

export async function findActiveCrmClient(db: Queryable, id: number): Promise<CrmClientRow | undefined> {
  const { rows } = await db.query<CrmClientRow>(
    `select id, type_id, type_name, card_code, first_name, last_name, middle_name, phone, email
       from crm_clients where id = $1 and is_active`,
    [id],
  );
  return rows[0];
}

export type CrmSubscriptionRow = { subscription_event_id: number; hash: string; remaining: number };

export async function findCrmSubscriptions(db: Queryable, clientId: number): Promise<CrmSubscriptionRow[]> {
  const { rows } = await db.query<CrmSubscriptionRow>(
    `select s.subscription_event_id, e.hash, s.remaining
       from crm_subscriptions s join events e on e.id = s.subscription_event_id
      where s.client_id = $1
      order by s.subscription_event_id`,
    [clientId],
  );
  return rows;
}

/** The client's subscription that gives entry to an event, if any (the one with most visits left). */
export async function findCoveringSubscription(db: Queryable, clientId: number, eventId: number): Promise<CrmSubscriptionRow | undefined> {
  const { rows } = await db.query<CrmSubscriptionRow>(
    `select s.subscription_event_id, e.hash, s.remaining
       from crm_subscriptions s
       join events e on e.id = s.subscription_event_id
       join subscription_items i on i.subscription_event_id = s.subscription_event_id and i.event_id = $2
      where s.client_id = $1
      order by s.remaining desc, s.subscription_event_id
      limit 1`,
    [clientId, eventId],
  );
  return rows[0];
}

/** Spends n visits of a subscription; false when fewer are left (nothing changes then). */
export async function takeSubscriptionVisits(tx: Queryable, clientId: number, subscriptionEventId: number, n: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update crm_subscriptions set remaining = remaining - $3
      where client_id = $1 and subscription_event_id = $2 and remaining >= $3`,
    [clientId, subscriptionEventId, n],
  );
  return rowCount === 1;
}

/**
 * Gives n visits back to a subscription (its order expired or its tickets were returned). A
 * subscription the venue's CRM export removed since gets nothing back.
 */
export async function giveBackSubscriptionVisits(tx: Queryable, clientId: number, subscriptionEventId: number, n: number): Promise<void> {
  await tx.query('update crm_subscriptions set remaining = remaining + $3 where client_id = $1 and subscription_event_id = $2', [
    clientId,
    subscriptionEventId,
    n,
  ]);
}
