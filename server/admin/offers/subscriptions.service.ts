import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { pickLocalized } from '../../../contract/lang.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { findEventUsage } from '../catalog/catalog-admin.repository.ts';
import { findEventNames, findIncludableEvents, findSubscriptions } from './offers-admin.repository.ts';

/**
 * Subscriptions' composition in the back office. A subscription is an event (isSubscription)
 * whose subscriptionItems name the events it admits to; it is saved like any event, through the
 * catalog import (PUT /api/admin/catalog/events/:id), so the import's rules and the revision check
 * hold. This adds the rule that protects buyers: a sold subscription keeps every event it had.
 */
export function createSubscriptionsDesk(deps: { db: Db }) {
  return {
    async list() {
      const [subscriptions, events] = await Promise.all([findSubscriptions(deps.db), findIncludableEvents(deps.db)]);
      return {
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

type Composition = { isSubscription?: boolean | undefined; subscriptionItems?: ReadonlyArray<{ eventId: number }> | undefined };

/**
 * Refuses a save that takes an event out of a subscription some order holds (or stops it being a
 * subscription): those buyers paid for entry to it. Adding events, or any change of an unsold
 * one, passes. Called by the event editor inside its transaction, after the revision check.
 */
export async function keepSoldComposition(tx: Queryable, subscriptionId: number, current: Composition, draft: Composition): Promise<void> {
  if (!current.isSubscription) return;
  const kept = new Set(draft.isSubscription ? (draft.subscriptionItems ?? []).map((i) => i.eventId) : []);
  const removed = (current.subscriptionItems ?? []).map((i) => i.eventId).filter((id) => !kept.has(id));
  if (removed.length === 0 || !(await findEventUsage(tx, subscriptionId)).hasOrders) return;
  const names = await findEventNames(tx, removed);
  throw new BusinessError(AdminErrorCode.subscriptionItemSold, {
    status: 409,
    text: (lang) => adminErrorText(AdminErrorCode.subscriptionItemSold, lang, names.map((n) => pickLocalized(n.name, lang)).join(', ')),
    details: { fields: [{ path: 'event.subscriptionItems', code: 'in-use-subscription-item' }] },
  });
}
