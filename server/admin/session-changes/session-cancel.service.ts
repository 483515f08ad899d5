import { createHash } from 'node:crypto';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import type { StoredSetup } from '../../../contract/setup.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { enqueueMail } from '../../mail/outbox.repository.ts';
import { releaseOrderServices } from '../../offers/offers.service.ts';
import { releaseOrder } from '../../orders/orders.service.ts';
import { lockOrderById } from '../../orders/orders.repository.ts';
import { cancelOpenPayments } from '../../payments/payments.repository.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import type { ReturnsService } from '../../returns/returns.service.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import type { StaffActor } from '../orders/orders-desk.service.ts';
import { bumpCatalogVersion } from '../catalog/catalog-admin.repository.ts';
import {
  type ClaimedCancelOrder,
  type PaymentType,
  type SessionOrderRow,
  claimCancelOrders,
  findCancelOrders,
  findCancellation,
  findChangeSession,
  findOrderPayment,
  findSessionOrders,
  finishCancellations,
  insertCancellation,
  insertCancellationOrders,
  lockPendingCancelOrder,
  markCancelOrderDone,
  markCancelOrderFailure,
  markSessionCancelled,
} from './session-changes.repository.ts';
import { sessionCancelMail, sessionView } from './session-mail.ts';

export const PAYMENT_TYPES: readonly PaymentType[] = ['card', 'sbp', 'pushkin', 'desk'];

/** How long a claimed order row is a runner's before another may take it (the runner died). */
const LEASE_MS = 2 * 60_000;
/** When an order whose settling threw is tried again; after the last, it is reported as failed. */
const RETRY_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000];
/**
 * The least time between two refunds sent to one acquirer by one runner: acquirers limit the
 * requests a merchant may make per second, and a cancellation of a full house must not trip it.
 */
export const DEFAULT_REFUND_SPACING_MS = 50;
/** How long one scheduled run keeps taking batches while there are more (the job's tick is 5 s). */
const DEFAULT_RUN_BUDGET_MS = 30_000;

type Figures = { orders: number; tickets: number; amount: number };
export type CancellationPlan = {
  refund: Figures & { byType: Record<PaymentType, Figures> };
  release: { orders: number; tickets: number };
  /** Changes whenever an order of the session is placed, paid, released or returned: the confirmation must name the plan it saw. */
  fingerprint: string;
};

const notFound = () => new BusinessError(AdminErrorCode.changeSessionNotFound, { status: 404 });
const emptyFigures = (): Figures => ({ orders: 0, tickets: 0, amount: 0 });

/** The payment type the cancellation's figures file a paid order under. */
function paymentTypeOf(order: { channel: 'web' | 'desk'; kind: string | null }): PaymentType {
  if (order.channel === 'desk') return 'desk';
  if (order.kind === 'qr') return 'sbp';
  if (order.kind === 'pushkin') return 'pushkin';
  return 'card';
}

export type SessionCancellation = ReturnType<typeof createSessionCancellation>;

/**
 * Cancelling a session: the dry run (what would be refunded and released, by payment type), the
 * confirmation that stops the sale at once and records the job, the job that settles each order
 * once (refund in full through the payment core, or release), and its progress and report.
 */
export function createSessionCancellation(deps: {
  db: Db;
  now: () => number;
  payments: PaymentsService;
  returns: ReturnsService;
  setup: { get(): Promise<StoredSetup> };
  timeZone: string;
  audit: AuditWriter;
  /** The least milliseconds between two refunds sent to one acquirer (DEFAULT_REFUND_SPACING_MS). */
  refundSpacingMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}) {
  const { db, now } = deps;
  const spacing = deps.refundSpacingMs ?? DEFAULT_REFUND_SPACING_MS;
  /** When each acquirer may next be sent a refund by this runner (monotonic milliseconds). */
  const nextSend = new Map<string, number>();

  async function plan(q: Queryable, sessionId: number, orders: readonly SessionOrderRow[]): Promise<CancellationPlan> {
    const byType = Object.fromEntries(PAYMENT_TYPES.map((type) => [type, emptyFigures()])) as Record<PaymentType, Figures>;
    const refund = emptyFigures();
    const release = { orders: 0, tickets: 0 };
    const quotes = await deps.returns.quoteCancellations(
      q,
      orders.filter((o) => o.status === OrderStatus.paid).map((o) => o.id),
      sessionId,
    );
    for (const order of orders) {
      if (order.status !== OrderStatus.paid) {
        release.orders += 1;
        release.tickets += order.places;
        continue;
      }
      const quote = quotes.get(order.id) ?? { tickets: 0, amount: 0 };
      if (quote.tickets === 0) continue;
      const figures = byType[paymentTypeOf({ channel: order.channel, kind: order.pay_kind })];
      for (const f of [figures, refund]) {
        f.orders += 1;
        f.tickets += quote.tickets;
        f.amount += quote.amount;
      }
    }
    const fingerprint = createHash('sha256')
      .update(orders.map((o) => `${o.id}:${o.status}:${o.places}`).join(','))
      .update(`|${refund.amount}`)
      .digest('base64url')
      .slice(0, 22);
    return { refund: { ...refund, byType }, release, fingerprint };
  }

  /** The dry run: what cancelling the session would refund (by payment type) and release. Nothing changes. */
  async function preview(sessionId: number) {
    const session = await findChangeSession(db, sessionId);
    if (!session) throw notFound();
    if (session.is_cancelled) throw new BusinessError(AdminErrorCode.sessionCancelled);
    return { session: sessionView(session), plan: await plan(db, sessionId, await findSessionOrders(db, sessionId)) };
  }

  /**
   * Confirms a cancellation: in one transaction the session stops selling (placement's guarded
   * update refuses it from the commit on), every order to settle gets its job row, and the audit
   * entry is written. Refused when the orders changed since the dry run staff saw.
   */
  async function start(input: { sessionId: number; reason: string; fingerprint: string; actor: StaffActor }) {
    const at = new Date(now());
    const result = await db.transaction(async (tx) => {
      const session = await findChangeSession(tx, input.sessionId, true);
      if (!session) throw notFound();
      if (session.is_cancelled || !(await markSessionCancelled(tx, session.id))) throw new BusinessError(AdminErrorCode.sessionCancelled);
      // The storefront's caches follow the catalog's version: the session leaves the listings at once.
      await bumpCatalogVersion(tx);
      // The session's row lock waited for any placement under way; from here none adds an order.
      const orders = await findSessionOrders(tx, session.id);
      const planned = await plan(tx, session.id, orders);
      if (planned.fingerprint !== input.fingerprint) throw new BusinessError(AdminErrorCode.cancelPreviewStale, { status: 409 });
      const id = await insertCancellation(tx, {
        sessionId: session.id,
        staffId: input.actor.id,
        staffName: input.actor.name,
        reason: input.reason,
        planned,
        at,
      });
      await insertCancellationOrders(
        tx,
        id,
        orders.map((o) => o.id),
      );
      await deps.audit(tx, {
        staffId: input.actor.id,
        action: 'session.cancel',
        subjectType: 'session',
        subjectId: String(session.id),
        before: { startsAt: session.starts_at.toISOString(), cancelled: false },
        after: {
          cancellationId: id,
          reason: input.reason,
          count: orders.length,
          amount: planned.refund.amount,
          refund: planned.refund,
          release: planned.release,
        },
        ip: input.actor.ip,
        userAgent: input.actor.userAgent,
      });
      return { cancellationId: id, plan: planned };
    });
    return result;
  }

  /** Waits until the acquirer may be sent another refund by this runner. */
  async function paced(provider: string): Promise<void> {
    const wait = (nextSend.get(provider) ?? 0) - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    nextSend.set(provider, performance.now() + spacing);
  }

  type Settled = { refundId: number | null; provider: string | null; released: boolean };

  /** Settles one order of a cancellation in one transaction with its job row: done at most once. */
  async function settle(row: ClaimedCancelOrder, setup: StoredSetup): Promise<Settled | null> {
    const at = new Date(now());
    return db.transaction(async (tx) => {
      if (!(await lockPendingCancelOrder(tx, row.id))) return null;
      const session = await findChangeSession(tx, row.session_id);
      if (!session) throw new Error(`session ${row.session_id} vanished`);
      const order = await lockOrderById(tx, row.order_id);
      const mailBase = order && {
        to: order.email,
        orderLang: order.lang,
        orderId: order.id,
        orderNumber: order.number,
        eventName: session.event_name,
        startsAt: session.starts_at,
        hasTime: session.has_time,
        timeZone: deps.timeZone,
        cancellationId: row.cancellation_id,
        currency: setup.app.currency,
      };
      const base = { id: row.id, at, requestId: null, refundId: null };
      if (order && mailBase && order.status === OrderStatus.paid) {
        const paid = await findOrderPayment(tx, order.id);
        const type = paymentTypeOf({ channel: paid?.channel ?? 'web', kind: paid?.kind ?? null });
        const done = await deps.returns.cancelPaidOrder(tx, {
          orderId: order.id,
          sessionId: row.session_id,
          staffId: row.staff_id,
          reason: row.reason,
          refundKey: `session-cancel:${row.session_id}:${order.id}`,
          payout: type === 'desk' ? 'desk' : 'acquirer',
          at,
        });
        if (!done || done.tickets === 0) {
          await markCancelOrderDone(tx, { ...base, outcome: 'none', paymentType: type, amount: 0, tickets: 0 });
          return { refundId: null, provider: null, released: false };
        }
        if (order.email) {
          await enqueueMail(
            tx,
            sessionCancelMail({ ...mailBase, kind: type === 'desk' ? 'desk' : 'paid', count: done.tickets, amount: done.amount }),
            at,
          );
        }
        await markCancelOrderDone(tx, {
          ...base,
          outcome: type === 'desk' ? 'desk' : 'refund',
          paymentType: type,
          amount: done.amount,
          tickets: done.tickets,
          requestId: done.requestId,
          refundId: done.refundId,
        });
        return { refundId: done.refundId, provider: paid?.provider ?? null, released: false };
      }
      if (
        order &&
        mailBase &&
        order.status !== OrderStatus.canceled &&
        order.released_at === null &&
        (await releaseOrder(tx, order.id, at, 'session-cancelled'))
      ) {
        await releaseOrderServices(tx, order.id);
        await cancelOpenPayments(tx, order.id);
        if (order.email) await enqueueMail(tx, sessionCancelMail({ ...mailBase, kind: 'unpaid', count: 0, amount: 0 }), at);
        await markCancelOrderDone(tx, { ...base, outcome: 'release', paymentType: null, amount: 0, tickets: 0 });
        return { refundId: null, provider: null, released: true };
      }
      // Released meanwhile (expired, cancelled by staff): nothing is left to settle.
      await markCancelOrderDone(tx, { ...base, outcome: 'none', paymentType: null, amount: 0, tickets: 0 });
      return { refundId: null, provider: null, released: false };
    });
  }

  /**
   * One run of the job: claims due order rows (SKIP LOCKED, a lease), settles each in its own
   * transaction, then sends its refund to the acquirer, paced per acquirer. A refund the acquirer
   * does not take now stays with the refunds job, which retries it; an order whose settling threw
   * is tried again later and reported as failed after its last attempt.
   */
  async function runBatch(options: { limit?: number } = {}): Promise<{ settled: number; failed: number }> {
    const at = now();
    const claimed = await db.transaction((tx) => claimCancelOrders(tx, new Date(at), new Date(at + LEASE_MS), options.limit ?? 25));
    const counts = { settled: 0, failed: 0 };
    if (claimed.length === 0) return counts;
    const setup = await deps.setup.get();
    for (const row of claimed) {
      try {
        const settled = await settle(row, setup);
        if (!settled) continue;
        counts.settled += 1;
        if (settled.refundId !== null) {
          await paced(settled.provider ?? '');
          await deps.payments.processRefunds({ ids: [settled.refundId] });
          await deps.returns.settleOrderRefunds(row.order_id);
        }
        if (settled.released) await deps.payments.cancelAtAcquirer({ orderId: row.order_id });
      } catch (error) {
        counts.failed += 1;
        const delay = RETRY_MS[row.attempts - 1];
        deps.log?.warn({ err: error, order: row.order_id }, 'settling an order of a cancelled session failed');
        await markCancelOrderFailure(
          db,
          row.id,
          (error as Error).message.slice(0, 500),
          delay === undefined ? null : new Date(now() + delay),
        );
      }
    }
    await finishCancellations(db, new Date(now()));
    return counts;
  }

  /**
   * The scheduled run: batch after batch while each comes back full, for up to `budgetMs`, so a
   * full house is settled at the pace the acquirers allow rather than one batch per tick. Every
   * batch commits order by order, so a run cut short (a crash, a deploy) leaves nothing half done.
   */
  async function runDue(options: { budgetMs?: number; limit?: number } = {}): Promise<{ settled: number; failed: number }> {
    const limit = options.limit ?? 25;
    const until = performance.now() + (options.budgetMs ?? DEFAULT_RUN_BUDGET_MS);
    const total = { settled: 0, failed: 0 };
    for (;;) {
      const counts = await runBatch({ limit });
      total.settled += counts.settled;
      total.failed += counts.failed;
      if (counts.settled + counts.failed < limit || performance.now() >= until) return total;
    }
  }

  /** The cancellation's progress and report: what was planned, what is done, and what failed and why. */
  async function status(sessionId: number) {
    const session = await findChangeSession(db, sessionId);
    if (!session) throw notFound();
    const cancellation = await findCancellation(db, sessionId);
    if (!cancellation) return { session: sessionView(session), cancellation: null };
    const rows = await findCancelOrders(db, cancellation.id);
    const done = emptyFigures();
    const byType = Object.fromEntries(PAYMENT_TYPES.map((type) => [type, emptyFigures()])) as Record<PaymentType, Figures>;
    let released = 0;
    for (const r of rows) {
      if (r.outcome === 'release') released += 1;
      if (r.status !== 'done' || r.amount === 0 || !r.payment_type) continue;
      for (const f of [done, byType[r.payment_type]]) {
        f.orders += 1;
        f.tickets += r.tickets;
        f.amount += r.amount;
      }
    }
    const problems = rows.filter(
      (r) =>
        r.status === 'failed' ||
        (r.status === 'pending' && r.last_error) ||
        (r.refund_status !== null && r.refund_status !== 'done' && r.refund_error),
    );
    return {
      session: sessionView(session),
      cancellation: {
        id: cancellation.id,
        createdAt: cancellation.created_at.toISOString(),
        finishedAt: cancellation.finished_at?.toISOString() ?? null,
        staffName: cancellation.staff_name,
        reason: cancellation.reason,
        planned: cancellation.planned as CancellationPlan,
        progress: {
          total: rows.length,
          done: rows.filter((r) => r.status === 'done').length,
          failed: rows.filter((r) => r.status === 'failed').length,
          pending: rows.filter((r) => r.status === 'pending').length,
        },
        refunded: { ...done, byType },
        released,
        refunds: {
          done: rows.filter((r) => r.refund_status === 'done').length,
          pending: rows.filter((r) => r.refund_status === 'pending').length,
          failed: rows.filter((r) => r.refund_status === 'failed').length,
          atDesk: rows.filter((r) => r.outcome === 'desk').length,
          paidOutAtDesk: rows.filter((r) => r.outcome === 'desk' && r.paid_out_at_desk).length,
        },
        problems: problems.map((r) => ({
          orderId: r.order_id,
          number: r.number,
          email: r.email,
          paymentType: r.payment_type,
          amount: r.amount,
          state:
            r.status === 'failed' ? ('failed' as const) : r.status === 'pending' ? ('retrying' as const) : ('refund-retrying' as const),
          error: r.last_error ?? r.refund_error ?? '',
        })),
      },
    };
  }

  return { preview, start, runBatch, runDue, status };
}
