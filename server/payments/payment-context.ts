import { ErrorCode } from '../../contract/errors.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { textOf } from '../locales/texts.ts';
import type { PaymentAction, ProviderRegistry } from './provider.ts';

/** The visitor's order is gone (deleted by staff, or never existed). */
export const orderNotFound = () => new BusinessError(ErrorCode.notFound, { status: 404, text: textOf('payments', 'orderDeleted') });

/** What the storefront does after POST /api/order/pay. */
export type PayResult =
  { type: 'nominal'; hash: string } | { type: 'paid' } | { type: 'action'; action: PaymentAction; publicId: string; expiresAt: Date };

export type PaymentsHooks = {
  /** Runs inside the transaction that marks an order paid: ticket codes, bonuses, e-mail. */
  onPaid(tx: Queryable, orderId: number, at: Date): Promise<void>;
  /**
   * Runs inside the transaction that records a captured payment of an exchange's difference:
   * completes the exchange and answers true, or false when it can no longer be completed (it
   * lapsed, or its old tickets changed), and the money then goes back whole.
   */
  onExchangePaid?(tx: Queryable, exchangeId: number, amount: number, at: Date): Promise<boolean>;
};

/** What the payment use cases (payment-start.ts, payment-outcome.ts, payment-reconcile.ts) are built from. */
export type PaymentsDeps = {
  db: Db;
  now: () => number;
  providers: ProviderRegistry;
  hooks: PaymentsHooks;
  /** The line count of an order's sale receipt, checked against the acquirer's item limit before it is asked. */
  receiptLines?: (tx: Queryable, orderId: number, amount: number) => Promise<number>;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
};

export type PaymentsContext = ReturnType<typeof paymentsContext>;

/** The dependencies with a logger that may be silent and the lookup of a configured provider. */
export function paymentsContext(deps: PaymentsDeps) {
  const log = deps.log ?? { warn: () => undefined, error: () => undefined };
  function provider(id: string) {
    const found = deps.providers.get(id);
    if (!found) throw new Error(`no payment provider '${id}'`);
    return found;
  }
  return { ...deps, log, provider };
}
