import { HELD_ORDERS_MAX } from '../../../../contract/order-form-constants.ts';

/**
 * The orders this browser placed from event pages, so that an event page can offer to continue
 * one still unpaid. Only hashes are kept: whether an order is still held is always asked of the
 * server (POST /api/order/held), which also checks the hashes' shape. Local storage, so the offer
 * outlives the tab; entries go after a day (a hold is minutes long) and as soon as the server no
 * longer names them as held.
 */
type Entry = { event: string; order: string; at: number };

const KEY = 'storefront.unpaid-orders';
const KEEP_MS = 86_400_000;

function read(now: number): Entry[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item: unknown): item is Entry =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Entry).event === 'string' &&
        typeof (item as Entry).order === 'string' &&
        typeof (item as Entry).at === 'number' &&
        now - (item as Entry).at < KEEP_MS,
    );
  } catch {
    return [];
  }
}

function write(entries: readonly Entry[]) {
  try {
    if (entries.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage can be disabled (private mode, embedded frames): the page then offers nothing.
  }
}

/** Remembers an order just placed for an event; the newest first, at most HELD_ORDERS_MAX in all. */
export function rememberUnpaidOrder(event: string, order: string, now = Date.now()) {
  const rest = read(now).filter((entry) => entry.order !== order);
  write([{ event, order, at: now }, ...rest].slice(0, HELD_ORDERS_MAX));
}

/** The orders remembered for an event, newest first. */
export function rememberedOrders(event: string, now = Date.now()): string[] {
  return read(now)
    .filter((entry) => entry.event === event)
    .map((entry) => entry.order);
}

/** Forgets the event's orders the server no longer holds (paid, expired, cancelled, unknown). */
export function forgetReleasedOrders(event: string, stillHeld: readonly string[], now = Date.now()) {
  const all = read(now);
  const kept = all.filter((entry) => entry.event !== event || stillHeld.includes(entry.order));
  if (kept.length !== all.length) write(kept);
}
