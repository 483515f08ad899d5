import type { Db } from '../db/client.ts';
import { releaseOrderServices } from '../offers/offers.service.ts';
import { lockExpiredOrderIds } from '../orders/orders.repository.ts';
import { releaseOrder } from '../orders/orders.service.ts';

/**
 * Cancels unpaid orders whose reserve time has ended and puts their places (and offer stock)
 * back on sale: a hold ends with its reserve time, and is released exactly once. Safe with
 * several instances: each claims a batch with FOR UPDATE SKIP LOCKED, so two workers never take
 * the same order, and releaseOrder's guard releases an order once even if it were reached twice. Answers how many orders it released.
 */
export async function expireUnpaidOrders(db: Db, at: Date, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    let released = 0;
    for (const id of await lockExpiredOrderIds(tx, at, limit)) {
      if (await releaseOrder(tx, id, at, 'expired')) {
        await releaseOrderServices(tx, id);
        released += 1;
      }
    }
    return released;
  });
}
