import type { Queryable } from '../db/client.ts';
import { refusedByDatabase } from '../db/errors.ts';
import { type NewOrder, type PlacedOrder, type PreparedOrder, prepareOrder, sendOrder, sendOrders } from './orders.service.ts';

export type OrderBatcherOptions = {
  /** Calls to the database at once (each one order alone or several together). */
  lanes: number;
  /** The most orders one call places. */
  maxBatch: number;
};

export type OrderBatcherStats = { calls: number; orders: number; together: number; fellBack: number };

type Pending = { order: PreparedOrder; resolve: (placed: PlacedOrder) => void; reject: (error: unknown) => void };

/**
 * Places orders that need no transaction of their own (a quantity order without a subscription or
 * an image captcha: place_order alone is atomic), gathering those that arrive while the database is
 * busy into one statement (group commit, as a database does with its log).
 *
 * While fewer than `lanes` calls are under way an order is sent at once, alone: a quiet shop sees
 * no delay. Orders that arrive while every lane is busy wait for the next free lane and go
 * together, up to `maxBatch` (place_orders, migration 0740): under an on-sale rush the database
 * writes, commits and takes the session's stock once for several orders, and the server makes one
 * round trip for them. When the database refuses a call of several (a pool ran short for them
 * together, a busy database), each of its orders is placed alone and decided on its own, so
 * batching never refuses an order that placing it alone would have sold. When the answer is lost
 * instead (the connection broke), the call may have been written: its orders are not sent again.
 * Seat orders are always placed alone, at once: two orders of one call could hold the same seat.
 */
export function createOrderBatcher(db: Queryable, options: OrderBatcherOptions) {
  const lanes = Math.max(1, options.lanes);
  const maxBatch = Math.max(1, options.maxBatch);
  const waiting: Pending[] = [];
  let busy = 0;
  const stats: OrderBatcherStats = { calls: 0, orders: 0, together: 0, fellBack: 0 };

  const alone = async (item: Pending) => {
    try {
      item.resolve(await sendOrder(db, item.order));
    } catch (error) {
      item.reject(error);
    }
  };

  const together = async (items: Pending[]) => {
    let placed: PlacedOrder[];
    try {
      placed = await sendOrders(
        db,
        items.map((i) => i.order),
      );
    } catch (error) {
      // Unless the database refused the statement (and so wrote nothing), whether the orders were
      // written is unknown: each buyer gets the error, as a lone order would, and none is sent again.
      if (!refusedByDatabase(error)) {
        for (const item of items) item.reject(error);
        return;
      }
      // Nothing was written: each order is now placed alone and decided on its own, in the order
      // they came (the first buyers get the last places).
      stats.fellBack += items.length;
      for (const item of items) await alone(item);
      return;
    }
    stats.together += items.length;
    items.forEach((item, i) => item.resolve(placed[i] as PlacedOrder));
  };

  const pump = () => {
    while (busy < lanes && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      busy++;
      stats.calls++;
      stats.orders += batch.length;
      const call = batch.length === 1 ? alone(batch[0] as Pending) : together(batch);
      void call.finally(() => {
        busy--;
        pump();
      });
    }
  };

  return {
    /** Places the order (alone or with others); throws as placeOrder does, and then nothing is written. */
    async place(order: NewOrder): Promise<PlacedOrder> {
      const prepared = prepareOrder(order);
      // Two seat orders of one call could hold the same seat and undo each other: always alone.
      if (prepared.hasSeats) return sendOrder(db, prepared);
      return new Promise<PlacedOrder>((resolve, reject) => {
        waiting.push({ order: prepared, resolve, reject });
        pump();
      });
    },
    stats: (): OrderBatcherStats => ({ ...stats }),
  };
}

export type OrderBatcher = ReturnType<typeof createOrderBatcher>;
