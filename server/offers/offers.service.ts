import { ErrorCode } from '../../contract/errors.ts';
import { withinOfferLimit } from '../../contract/order-rules.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { findOrderLines } from '../orders/orders.repository.ts';
import { orderTooLarge, withinOrderCap } from '../orders/orders.service.ts';
import { toKopecks } from '../../contract/format-price.ts';
import { lockChangeableOrder, recomputeOrderTotals } from '../order-view/order-state.ts';
import {
  type OfferRow,
  type OrderServiceRow,
  deleteOrderService,
  findOffersForEvent,
  findOrderServices,
  giveOfferStock,
  insertOrderServices,
  orderServiceExists,
  releaseServicesOfOrder,
  takeOfferStock,
} from './offers.repository.ts';
import { textOf } from '../locales/texts.ts';

// The spec's limit code (-9998) carries the ticket-limit text by default; an offer's limit is another limit.
const overLimit = () => new BusinessError(ErrorCode.limit, { text: textOf('offers', 'limit') });

export type OfferLimits = { offer: OfferRow; limit: number };

/**
 * How many more of each offer (price id) an order may take: the per-order limit, for a
 * seat-tied service also one per place, and the stock left, minus what the order already has.
 */
export function offerLimit(offer: Pick<OfferRow, 'per_order_limit' | 'seat_tied' | 'stock'>, places: number, taken: number): number {
  let cap = offer.per_order_limit;
  if (offer.seat_tied) cap = Math.min(cap, places);
  const left = cap - taken;
  const stock = offer.stock === null ? Number.POSITIVE_INFINITY : offer.stock;
  return Math.max(0, Math.min(left, stock));
}

/** The offers shown for an order: each for each of its unreleased lines, with its limit. */
export async function offersForOrder(db: Queryable, order: { id: number; event_id: number }) {
  const [offers, lines, services] = await Promise.all([
    findOffersForEvent(db, order.event_id),
    findOrderLines(db, order.id),
    findOrderServices(db, order.id),
  ]);
  return offersFrom(offers, lines, services);
}

/** offersForOrder from rows already read (the order view reads them in its one query). */
export function offersFrom(
  offers: readonly OfferRow[],
  lines: readonly { id: number; released: boolean; quantity: number }[],
  services: readonly Pick<OrderServiceRow, 'offer_id' | 'parent_line_id'>[],
): (OfferLimits & { parentId: number; rowLimit: number })[] {
  const live = lines.filter((l) => !l.released);
  const places = live.reduce((sum, l) => sum + l.quantity, 0);
  const taken = countBy(services, (s) => s.offer_id);
  const takenPerParent = countBy(services, (s) => parentKey(s.parent_line_id, s.offer_id));
  return live.flatMap((line) =>
    offers.map((offer) => {
      const limit = offerLimit(offer, places, taken.get(offer.id) ?? 0);
      // What addOffers checks per row: a seat-tied service once per place of its ticket row.
      const rowLimit = offer.seat_tied
        ? Math.max(0, Math.min(limit, line.quantity - (takenPerParent.get(parentKey(line.id, offer.id)) ?? 0)))
        : limit;
      return { parentId: line.id, offer, limit, rowLimit };
    }),
  );
}

const parentKey = (parentLineId: number, offerId: number) => parentLineId * 1_000_003 + offerId;

function countBy<T>(items: readonly T[], key: (item: T) => number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export type OfferRequestItem = { parent_id: number; package_id: number; price_id: number; cost: number };

/** Adds several offers to an unpaid order at once; all or nothing. */
async function addOffers(db: Db, input: { hash: string; items: readonly OfferRequestItem[]; at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockChangeableOrder(tx, input.hash, input.at);
    if (order.pushkin_card) throw new BusinessError(ErrorCode.validation, { status: 409, text: textOf('offers', 'pushkinCard') });
    const [offers, lines, services] = await Promise.all([
      findOffersForEvent(tx, order.event_id),
      findOrderLines(tx, order.id),
      findOrderServices(tx, order.id),
    ]);
    const live = new Map(lines.filter((l) => !l.released).map((l) => [l.id, l]));
    const places = [...live.values()].reduce((sum, l) => sum + l.quantity, 0);
    const byId = new Map(offers.map((o) => [o.id, o]));
    for (const item of input.items) {
      const offer = byId.get(item.price_id);
      if (!offer || !live.has(item.parent_id) || offer.package_id !== item.package_id) {
        throw new BusinessError(ErrorCode.validation, { status: 400, text: textOf('offers', 'unknownOffer') });
      }
      if (toKopecks(item.cost) !== offer.amount)
        throw new BusinessError(ErrorCode.validation, { status: 409, text: textOf('offers', 'priceChanged') });
    }
    const wanted = countBy(input.items, (i) => i.price_id);
    const taken = countBy(services, (s) => s.offer_id);
    for (const [priceId, count] of wanted) {
      const offer = byId.get(priceId) as OfferRow; // every price id was checked above
      if (!withinOfferLimit(count, offerLimit({ ...offer, stock: null }, places, taken.get(priceId) ?? 0))) throw overLimit();
    }
    // A seat-tied service comes once per place of the ticket it belongs to.
    const perParent = countBy(
      input.items.filter((i) => byId.get(i.price_id)?.seat_tied),
      (i) => parentKey(i.parent_id, i.price_id),
    );
    const takenPerParent = countBy(services, (s) => parentKey(s.parent_line_id, s.offer_id));
    for (const item of input.items) {
      const key = parentKey(item.parent_id, item.price_id);
      if (!byId.get(item.price_id)?.seat_tied) continue;
      const quantity = live.get(item.parent_id)?.quantity ?? 0;
      if (!withinOfferLimit(perParent.get(key) ?? 0, quantity - (takenPerParent.get(key) ?? 0))) throw overLimit();
    }
    const attached = services.reduce((sum, x) => sum + x.amount, 0);
    const adding = input.items.reduce((sum, i) => sum + (byId.get(i.price_id) as OfferRow).amount, 0);
    if (!withinOrderCap(order.subtotal + order.service_fee + attached + adding)) throw orderTooLarge();
    for (const [priceId, count] of wanted) {
      if (!(await takeOfferStock(tx, priceId, count))) throw new BusinessError(ErrorCode.limit, { text: textOf('offers', 'soldOut') });
    }
    await insertOrderServices(
      tx,
      order.id,
      input.items.map((i) => {
        const offer = byId.get(i.price_id) as OfferRow;
        return { parentLineId: i.parent_id, offerId: offer.id, packageId: offer.package_id, amount: offer.amount };
      }),
      input.at,
    );
    await recomputeOrderTotals(tx, order.id);
  });
}

/** Removes an attached service (only one with candelete = 1) from an unpaid order. */
async function removeOffer(db: Db, input: { hash: string; id: number; at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockChangeableOrder(tx, input.hash, input.at);
    const removed = await deleteOrderService(tx, input.id, order.id);
    if (!removed) {
      if (await orderServiceExists(tx, input.id, order.id))
        throw new BusinessError(ErrorCode.validation, { status: 409, text: textOf('offers', 'cannotDelete') });
      throw new BusinessError(ErrorCode.notFound, { status: 404 });
    }
    await giveOfferStock(tx, removed.offer_id, 1);
    await recomputeOrderTotals(tx, order.id);
  });
}

export type OffersService = ReturnType<typeof createOffersService>;

/** The special offers a visitor adds to or removes from an unpaid order. */
export function createOffersService(deps: { db: Db }) {
  return {
    add: (input: { hash: string; items: readonly OfferRequestItem[]; at: Date }) => addOffers(deps.db, input),
    remove: (input: { hash: string; id: number; at: Date }) => removeOffer(deps.db, input),
  };
}

/** Gives back the offer stock of a released order's services, once (used by reservation expiry). */
export async function releaseOrderServices(tx: Queryable, orderId: number): Promise<void> {
  for (const row of await releaseServicesOfOrder(tx, orderId)) await giveOfferStock(tx, row.offer_id, row.n);
}
