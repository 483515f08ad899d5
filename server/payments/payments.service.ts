import { type PaymentsDeps, paymentsContext } from './payment-context.ts';
import { paymentOutcomes } from './payment-outcome.ts';
import { paymentReconciliation } from './payment-reconcile.ts';
import { paymentStart } from './payment-start.ts';
import { createRefundRunner } from './refund-runner.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Payments of orders, one module per use case: starting one through its method's provider
 * (payment-start.ts), applying the acquirer's outcome once, whatever arrives twice
 * (payment-outcome.ts), reconciling a late notification by asking the provider
 * (payment-reconcile.ts), and refunds, requested inside the caller's transaction and executed
 * after it (refund-runner.ts).
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const ctx = paymentsContext(deps);
  const refunds = createRefundRunner({ db: ctx.db, now: ctx.now, provider: ctx.provider, log: ctx.log });
  const { processRefunds } = refunds;
  const outcomes = paymentOutcomes(ctx, processRefunds);
  const reconciliation = paymentReconciliation(ctx, outcomes.applyOutcome);
  const start = paymentStart(ctx, { markPaid: outcomes.markPaid, cancelAtAcquirer: reconciliation.cancelAtAcquirer });

  return {
    startPayment: start.startPayment,
    applyOutcome: outcomes.applyOutcome,
    requestRefund: outcomes.requestRefund,
    processRefunds,
    checkSentRefunds: refunds.checkSentRefunds,
    refundNews: refunds.refundNews,
    lookUpRrns: reconciliation.lookUpRrns,
    recheckDeclined: reconciliation.recheckDeclined,
    methodOffered: start.methodOffered,
    /** Every configured provider's id (the reconciliation job reads declined payments of those whose declines may turn). */
    providerIds: () => [...ctx.providers.keys()],
    reconcile: reconciliation.reconcile,
    reconcileOrder: reconciliation.reconcileOrder,
    cancelAtAcquirer: reconciliation.cancelAtAcquirer,
    markPaid: outcomes.markPaid,
    provider: ctx.provider,
    payStateOf: reconciliation.payStateOf,
    declineOf: reconciliation.declineOf,
    returnedOrder: reconciliation.returnedOrder,
  };
}
