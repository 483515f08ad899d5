import type { Db } from '../db/client.ts';
import type { ProviderRegistry } from '../payments/provider.ts';
import { closingReceipt } from '../payments/receipt.ts';
import type { ReceiptSettings } from '../payments/receipt-model.ts';
import {
  claimDueClosings,
  countUnsentClosings,
  enqueueSessionEndClosing,
  findClosingUnits,
  findEndedUnsettledSales,
  findUnsentClosings,
  markClosingFailed,
  markClosingSent,
} from './closing-receipts.repository.ts';

/** The first retry after a minute, then doubling, at most every 6 hours. */
export function closingBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

const BATCH = 20;
/** A claim outlasts the longest send of a whole batch, so no other instance takes a receipt being sent. */
const leaseMs = (timeoutMs: number) => BATCH * timeoutMs + 60_000;
/** The most unsent receipts one report lists. */
const REPORT_LIMIT = 200;

export type ClosingReceiptsService = ReturnType<typeof createClosingReceiptsService>;

/**
 * Closing receipts («полный расчёт») of prepaid tickets: queued at the door's admission (in its
 * transaction, server/checkin) and, for what was not used, when the session's day ends (here);
 * sent through the acquirer that took the payment, outside any transaction, retried with backoff;
 * reported to staff while unsent.
 */
export function createClosingReceiptsService(deps: {
  db: Db;
  now: () => number;
  providers: ProviderRegistry;
  settings: ReceiptSettings;
  timeoutMs: number;
}) {
  const { db } = deps;

  /** Queues the closing receipts of sessions whose day ended; answers how many were queued. */
  async function queueEndedSessions(): Promise<number> {
    const at = new Date(deps.now());
    let queued = 0;
    for (;;) {
      const sales = await findEndedUnsettledSales(db, at, deps.settings.timeZone, 100);
      let progressed = 0;
      for (const sale of sales) {
        if (await db.transaction((tx) => enqueueSessionEndClosing(tx, sale, at))) progressed += 1;
      }
      queued += progressed;
      // A sale another instance queued meanwhile makes no progress here; stop rather than spin.
      if (sales.length < 100 || progressed === 0) return queued;
    }
  }

  /** Sends the due closing receipts; answers how many were sent and how many failed. */
  async function sendDue(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const now = new Date(deps.now());
      const claimed = await db.transaction((tx) => claimDueClosings(tx, now, new Date(now.getTime() + leaseMs(deps.timeoutMs)), BATCH));
      for (const task of claimed) {
        try {
          const provider = deps.providers.get(task.provider);
          if (!provider?.sendClosingReceipt) throw new Error(`the acquirer ${task.provider} sends no closing receipts`);
          if (!task.provider_ref) throw new Error('the payment has no acquirer reference');
          const units = await findClosingUnits(db, task.id);
          const receipt = await closingReceipt(db, { orderId: task.order_id, paymentId: task.payment_id, ...units }, deps.settings);
          // Nothing charged for what it settles (free places): nothing to set off.
          if (receipt.lines.length > 0)
            await provider.sendClosingReceipt({ providerRef: task.provider_ref, receipt, idempotencyKey: `closing-${task.id}` });
          await markClosingSent(db, task.id, task.attempts, receipt.total, new Date(deps.now()));
          sent += 1;
        } catch (error) {
          failed += 1;
          const at = new Date(deps.now());
          await markClosingFailed(
            db,
            task.id,
            task.attempts,
            new Date(at.getTime() + closingBackoffMs(task.attempts)),
            (error as Error).message,
          );
        }
      }
      if (claimed.length < BATCH || sent === 0) return { sent, failed };
    }
  }

  return {
    queueEndedSessions,
    sendDue,
    /** One pass of the job: queue what ended sessions leave unsettled, then send what is due. */
    async run() {
      const queued = await queueEndedSessions();
      return { queued, ...(await sendDue()) };
    },
    /** For staff: how many closing receipts wait, how many fail, and the unsent ones (failing first). */
    async report() {
      const [counts, receipts] = await Promise.all([countUnsentClosings(db), findUnsentClosings(db, REPORT_LIMIT)]);
      return { ...counts, receipts };
    },
  };
}
