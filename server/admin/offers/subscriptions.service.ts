import type { Db } from '../../db/client.ts';
import { findIncludableEvents, findSubscriptions } from './offers-admin.repository.ts';

/**
 * Subscriptions' composition in the back office. A subscription is an event (isSubscription)
 * whose subscriptionItems name the events it admits to; it is saved like any event, through the
 * catalog import (PUT /api/admin/catalog/events/:id), so the import's rules and the revision check
 * hold, among them the one that protects buyers: a sold subscription keeps every event it had.
 */
export function createSubscriptionsDesk(deps: { db: Db; now: () => number; timeZone: string }) {
  return {
    async list() {
      const [subscriptions, events] = await Promise.all([findSubscriptions(deps.db), findIncludableEvents(deps.db, new Date(deps.now()))]);
      return {
        timeZone: deps.timeZone,
        subscriptions: subscriptions.map((s) => ({
          id: s.id,
          hash: s.hash,
          name: s.name,
          revision: s.revision,
          updatedAt: s.updated_at ? new Date(s.updated_at).toISOString() : null,
          updatedBy: s.updated_by_name,
          hasOrders: s.has_orders,
          items: s.items.map((i) => ({ ...i, startsAt: i.startsAt ? new Date(i.startsAt).toISOString() : null })),
        })),
        events,
      };
    },
  };
}
export type SubscriptionsDesk = ReturnType<typeof createSubscriptionsDesk>;
