import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../contract/errors.ts';
import type { Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import {
  type InsertLine,
  type InsertOrder,
  type ReleasedLine,
  callPlaceOrder,
  callPlaceOrders,
  claimOrderRelease,
  markLinePlacesReturned,
  markLinesReleased,
} from './orders.repository.ts';
import { MAX_ORDER_AMOUNT, orderTotals } from './pricing.ts';
import { giveBackSubscriptionVisits } from '../crm/crm.repository.ts';
import { type StockNeed, giveStock, mergeNeeds } from './stock.repository.ts';
import { textOf } from '../locales/texts.ts';

/** Order statuses: defined once in the contract, beside the return statuses the pages read. */

/** A URL-safe random hash of 192 bits: orders and tickets are reachable only through it. */
export function newHash(): string {
  return randomBytes(24).toString('base64url');
}

/** Refused because the places ran out while the visitor was choosing. */
export const notEnoughPlaces = (details?: Record<string, unknown>) =>
  new BusinessError(ErrorCode.placesGone, { text: textOf('orders', 'notEnough'), details });

/**
 * Refused because the order would come to more than MAX_ORDER_AMOUNT before discount (tickets,
 * service fee and services): the spec's limit code, 409, nothing written.
 */
export class OrderTooLarge extends BusinessError {
  constructor() {
    super(ErrorCode.limit, { status: 409, text: textOf('orders', 'tooLarge') });
  }
}
export const orderTooLarge = () => new OrderTooLarge();

/** Whether an order whose tickets, fee and services come to `amount` (minor units, before discount) stays within the cap. */
export const withinOrderCap = (amount: number) => Number.isFinite(amount) && amount <= MAX_ORDER_AMOUNT;

/** Refused because another order holds or bought the seat. */
export const seatUnavailable = (seatIds: number[]) =>
  new BusinessError(ErrorCode.seatUnavailable, { text: textOf('orders', 'seat'), details: { seatIds } });

export type NewOrderLine = InsertLine;
export type NewOrder = Omit<InsertOrder, 'hash' | 'totals'> & {
  lines: readonly NewOrderLine[];
  discount?: number;
  /** The catalog version the order was checked and priced at: the database refuses it (CatalogMoved) when an import moved it since. */
  catalogVersion?: number;
};

/**
 * The catalog moved (an import) since the order was checked and priced; nothing was written. Check
 * and price it again. Its code is a serialization failure's: should it reach the client, the order
 * changed nothing and may be sent again (429 -1029 with Retry-After, server/db/errors.ts).
 */
export class CatalogMoved extends Error {
  readonly code = '40001';
  constructor() {
    super('the catalog moved since the order was priced');
  }
}

/** The stock a line draws from; seats are guarded by the unique index instead. */
export function lineNeeds(
  line: Pick<NewOrderLine, 'sessionId' | 'priceId' | 'isGroup' | 'quantity' | 'standingAreaId'>,
  limitedPrice: boolean,
): StockNeed[] {
  const needs: StockNeed[] = [
    line.isGroup
      ? { pool: 'group', sessionId: line.sessionId, quantity: line.quantity }
      : { pool: 'session', sessionId: line.sessionId, quantity: line.quantity },
  ];
  if (limitedPrice) needs.push({ pool: 'price', sessionId: line.sessionId, priceId: line.priceId, quantity: line.quantity });
  if (line.standingAreaId !== null) {
    needs.push({ pool: 'standing', sessionId: line.sessionId, standingAreaId: line.standingAreaId, quantity: line.quantity });
  }
  return needs;
}

/** The SQLSTATE place_order raises when a pool has fewer places left than the order needs. */
const SHORTAGE = 'SF001';
/** The SQLSTATE place_order raises when the order's catalog version is not the catalog's (migration 0740). */
const CATALOG_MOVED = 'SF002';

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * Reserves the places and writes the order, its lines and one ticket per place, in ONE statement
 * (the place_order function, migrations 0700 and 0740): run inside the caller's transaction, or alone,
 * when it is atomic by itself. Prices must already be computed by the caller from the catalog.
 * Throws notEnoughPlaces / seatUnavailable / CatalogMoved (and nothing is written).
 *
 * The stock is taken last. Every buyer of a session updates the same `sessions` row, whose lock
 * is held until commit, so the work done after the take is done by one buyer at a time: taking it
 * last leaves only the take itself and the commit inside that lock (an on-sale rush of one session
 * runs several times faster than with the take first). Writing first is safe: a refused take
 * undoes the writes, the lines take no lock on the session row before the take (migration 0730
 * replaced their foreign key with a guard on sessions), and seat lines are inserted in seat order, so
 * two buyers of overlapping seats cannot deadlock on the seat index. One statement instead of
 * eight: an order costs one round trip, and the database parses nothing (a named statement).
 */
export async function placeOrder(tx: Queryable, order: NewOrder): Promise<PlacedOrder> {
  return sendOrder(tx, prepareOrder(order));
}

export type PlacedOrder = { id: number; hash: string; number: number };

/** A line as the place_order and place_orders functions take it (order_lines' columns). */
export const lineRow = (l: NewOrderLine) => ({
  session_id: l.sessionId,
  price_id: l.priceId,
  category_id: l.categoryId,
  zone_id: l.zoneId,
  seat_id: l.seatId,
  standing_area_id: l.standingAreaId,
  subscription_event_id: l.subscriptionEventId,
  is_group: l.isGroup,
  quantity: l.quantity,
  unit_price: l.unitPrice,
  unit_fee: l.unitFee,
});

/** An order as the place_order and place_orders functions take it: its row, lines and ticket hashes. */
export type PreparedOrder = {
  hash: string;
  row: Record<string, unknown>;
  lines: ReturnType<typeof lineRow>[];
  ticketHashes: string[];
  /** Seat lines: such an order is placed alone (place_orders refuses seats). */
  hasSeats: boolean;
};

/** Draws the order's and its tickets' hashes and computes its totals: everything but the database. */
export function prepareOrder(order: NewOrder): PreparedOrder {
  if (order.lines.length === 0) throw new Error('placeOrder needs at least one line');
  const hash = newHash();
  const totals = orderTotals(order.lines, order.discount ?? 0);
  // Before the database sees it: an int4 overflow there would answer 400 -1002 at best.
  if (!withinOrderCap(totals.subtotal + totals.serviceFee)) throw orderTooLarge();
  const row = {
    hash,
    event_id: order.eventId,
    status: order.status,
    lang: order.lang,
    created_at: order.createdAt,
    reserved_until: order.reservedUntil,
    buyer_name: order.buyer.name,
    buyer_surname: order.buyer.surname,
    buyer_first_name: order.buyer.firstName,
    buyer_patronymic: order.buyer.patronymic,
    phone: order.buyer.phone,
    email: order.buyer.email,
    pushkin_card: order.pushkinCard,
    is_subscription: order.isSubscription,
    crm_client_id: order.crmClientId,
    subtotal: totals.subtotal,
    service_fee: totals.serviceFee,
    discount: totals.discount,
    total: totals.total,
    checkboxes: order.checkboxes ?? [],
    ...(order.catalogVersion === undefined ? {} : { catalog_version: order.catalogVersion }),
  };
  const lines = order.lines.map(lineRow);
  const places = order.lines.reduce((sum, l) => sum + l.quantity, 0);
  return { hash, row, lines, ticketHashes: Array.from({ length: places }, newHash), hasSeats: order.lines.some((l) => l.seatId !== null) };
}

/** Places one prepared order (place_order); throws notEnoughPlaces / seatUnavailable / CatalogMoved, and nothing is written. */
export async function sendOrder(tx: Queryable, order: PreparedOrder): Promise<PlacedOrder> {
  try {
    const placed = await callPlaceOrder(tx, order);
    if (!placed) throw new Error('place_order returned no row');
    return { id: placed.order_id, hash: order.hash, number: placed.order_number };
  } catch (error) {
    const code = errorCode(error);
    if (code === SHORTAGE) throw notEnoughPlaces({ pool: (error as Error).message });
    if (code === CATALOG_MOVED) throw new CatalogMoved();
    if (code === '23505' && order.hasSeats) {
      throw seatUnavailable(order.lines.flatMap((l) => (l.seat_id === null ? [] : [l.seat_id])));
    }
    throw error;
  }
}

/**
 * Places several seatless orders in ONE statement (the place_orders function of migration 0740),
 * all or none: any error, a shortage in any pool among them, writes nothing and is thrown as the
 * database gave it, so the caller can place each alone (sendOrder) and have each decided on its own.
 * Must run alone (not inside a transaction of the caller's): it is atomic by itself.
 */
export async function sendOrders(db: Queryable, orders: readonly PreparedOrder[]): Promise<PlacedOrder[]> {
  if (orders.some((o) => o.hasSeats)) throw new Error('sendOrders takes seatless orders only');
  const lines = orders.flatMap((order) => {
    let next = 0;
    return order.lines.map((line) => {
      const tickets = order.ticketHashes.slice(next, next + line.quantity);
      next += line.quantity;
      const { seat_id: _seat, ...rest } = line;
      return { ...rest, order_hash: order.hash, tickets };
    });
  });
  const rows = await callPlaceOrders(
    db,
    orders.map((o) => o.row),
    lines,
  );
  const byHash = new Map(rows.map((r) => [r.order_hash, r]));
  return orders.map((order) => {
    const placed = byHash.get(order.hash);
    if (!placed) throw new Error('place_orders did not answer for an order');
    return { id: placed.order_id, hash: order.hash, number: placed.order_number };
  });
}

/**
 * Puts back on sale every place an order still holds and marks the order canceled (90).
 * Applied twice, or by two workers at once, it releases once: the guarded UPDATE on the order
 * lets only one caller through. Answers whether this call released it.
 */
export async function releaseOrder(tx: Queryable, orderId: number, at: Date, reason: string): Promise<boolean> {
  if (!(await claimOrderRelease(tx, orderId, at, reason))) return false;
  await releaseLines(tx, { orderId });
  return true;
}

/**
 * Gives back `count` places of one line (a partial return of a quantity line, or a whole seat)
 * and records them in returned_quantity; the line counts as released once all its places went
 * back, which also frees its seat for the unique seat index. Applied twice with the same count
 * it gives back twice, so callers guard it with their own once-only state (a ticket's status).
 * Answers false, giving back nothing, when the line has fewer places left than `count`.
 */
export async function returnLinePlaces(tx: Queryable, lineId: number, count: number): Promise<boolean> {
  if (!Number.isInteger(count) || count <= 0) throw new Error(`returnLinePlaces needs a positive count, got ${count}`);
  const rows = await markLinePlacesReturned(tx, lineId, count);
  if (rows.length === 0) return false;
  await giveBack(tx, rows);
  await giveSubscriptionVisits(tx, rows);
  return true;
}

async function releaseLines(tx: Queryable, which: Parameters<typeof markLinesReleased>[1]): Promise<number> {
  const rows = await markLinesReleased(tx, which);
  await giveBack(tx, rows);
  await giveSubscriptionVisits(tx, rows);
  return rows.reduce((sum, row) => sum + row.quantity, 0);
}

async function giveBack(tx: Queryable, rows: readonly ReleasedLine[]): Promise<void> {
  const needs = rows.flatMap((row) =>
    lineNeeds(
      {
        sessionId: row.session_id,
        priceId: row.price_id,
        isGroup: row.is_group,
        quantity: row.quantity,
        standingAreaId: row.standing_area_id,
      },
      row.limited,
    ),
  );
  for (const need of mergeNeeds(needs)) if (need.quantity > 0) await giveStock(tx, need);
}

/**
 * Gives the visits spent on released places back to the subscriptions they were taken by (one
 * visit per place, as quantity-order spends them), in the caller's transaction, next to the stock
 * of the same places. Its callers release each place once (a line's `released` flag and
 * `returned_quantity` guard), so a place's visit comes back once, whether the order expired or its
 * tickets were returned, or both were attempted at once.
 */
export async function giveSubscriptionVisits(
  tx: Queryable,
  rows: readonly Pick<ReleasedLine, 'subscription_event_id' | 'crm_client_id' | 'quantity'>[],
): Promise<void> {
  const visits = new Map<string, { clientId: number; subscriptionEventId: number; n: number }>();
  for (const row of rows) {
    if (row.subscription_event_id === null || row.crm_client_id === null || row.quantity <= 0) continue;
    const key = `${row.crm_client_id}:${row.subscription_event_id}`;
    const seen = visits.get(key);
    if (seen) seen.n += row.quantity;
    else visits.set(key, { clientId: row.crm_client_id, subscriptionEventId: row.subscription_event_id, n: row.quantity });
  }
  // A fixed order of updates, so two releases of one client's orders cannot deadlock.
  const ordered = [...visits.values()].sort((a, b) => a.clientId - b.clientId || a.subscriptionEventId - b.subscriptionEventId);
  for (const v of ordered) await giveBackSubscriptionVisits(tx, v.clientId, v.subscriptionEventId, v.n);
}
