import { confirmReturn, createReturn } from './visitor-return.ts';
import type { ReturnsDeps } from './return-core.ts';
import { viewReturn } from './return-view.ts';
import { quoteStaffRefund, staffRefund } from './staff-refund.ts';
import { cancelPaidOrder, quoteCancellations, settleOrderRefunds } from './session-cancel-return.ts';

export type ReturnsService = ReturnType<typeof createReturnsService>;

/**
 * Returns of paid orders, one module per use case: the return screen's data (return-view.ts), the
 * visitor's request confirmed by an e-mail link valid 24 hours (visitor-return.ts), and refunds
 * made by staff (staff-refund.ts), and a cancelled session's returns (session-cancel-return.ts); all carry a decided return out through one core
 * (return-core.ts) that gives the places back and refunds through the payment provider. Every
 * change holds the order's row lock, so two requests or confirmations of one order never
 * interleave.
 */
export function createReturnsService(deps: ReturnsDeps) {
  return {
    viewReturn: (input: Parameters<typeof viewReturn>[1]) => viewReturn(deps, input),
    createReturn: (input: Parameters<typeof createReturn>[1], address?: string) => createReturn(deps, input, address),
    confirmReturn: (input: Parameters<typeof confirmReturn>[1], address?: string) => confirmReturn(deps, input, address),
    staffRefund: (input: Parameters<typeof staffRefund>[1]) => staffRefund(deps, input),
    quoteStaffRefund: (input: Parameters<typeof quoteStaffRefund>[1]) => quoteStaffRefund(deps, input),
    quoteCancellations,
    cancelPaidOrder: (tx: Parameters<typeof cancelPaidOrder>[1], input: Parameters<typeof cancelPaidOrder>[2]) =>
      cancelPaidOrder(deps, tx, input),
    settleOrderRefunds: (orderId: number) => settleOrderRefunds(deps, orderId),
  };
}
