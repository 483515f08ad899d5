import type { DeclineReason, PaymentKind } from '../../contract/payment.ts';
import type { AcquirerLimits } from '../../contract/acquirer-limits.ts';
import type { CurrencyCode } from '../../contract/setup.ts';
import type { Receipt } from './receipt-model.ts';

/**
 * The payment-provider interface every acquirer implements, modelled on pretix's
 * BasePaymentProvider: start a payment (execute_payment), ask its status (the return-URL check),
 * verify an acquirer's notification (the webhook) and refund (execute_refund).
 * Providers never touch our tables: the payments service owns the state, so notification
 * idempotence and the order transitions live in one place for every acquirer.
 */
export interface PaymentProvider {
  /** The id stored in payment_methods.provider and payments.provider. */
  readonly id: string;

  /** Registers the payment with the acquirer and says where the visitor goes to pay. */
  startPayment(input: StartPaymentInput): Promise<StartPaymentResult>;

  /** Asks the acquirer for the state of a payment (when a notification is late or lost). */
  checkStatus(payment: { providerRef: string; merchantRef: string }): Promise<ProviderOutcome>;

  /**
   * Checks an incoming notification's signature and reads it. Answers null when it is not
   * genuine, so a forged or tampered callback changes nothing; 'acknowledged' when it is genuine
   * but decides nothing (an intermediate status), so the acquirer stops repeating it. An acquirer
   * whose notifications are not signed reads the payment back from its API here.
   */
  verifyNotification(
    body: unknown,
    headers: Record<string, string | string[] | undefined>,
    context?: NotificationContext,
  ): NotificationVerdict | Promise<NotificationVerdict>;

  /** The body the acquirer expects in answer to an accepted notification; unset: our JSON answer. */
  readonly notificationReply?: { contentType: string; body: string };

  /**
   * Cancels a payment that has not been paid (the order's sum changed while it was pending), so
   * the acquirer refuses to take it. Answers the payment's state at the acquirer afterwards:
   * 'canceled', or the outcome it already had (a success is then refunded by the caller).
   * Cancelling twice answers the same. Throws ProviderError when the acquirer cannot be asked.
   */
  cancel(payment: { providerRef: string; merchantRef: string }): Promise<CancelOutcome>;

  /**
   * Refunds part or all of a captured payment. The same idempotencyKey and attempt refund once;
   * a refund the acquirer cancelled is sent again under the next attempt. Answers what the
   * acquirer says of it: done, still in progress (read back later with checkRefund), or cancelled.
   */
  refund(input: RefundInput): Promise<RefundOutcome>;

  /** Reads back a refund the acquirer took but had not finished; unset: every refund is final at once. */
  checkRefund?(input: RefundInput & { refundRef: string }): Promise<RefundOutcome>;

  /**
   * The card payment's RRN when the acquirer's notification and status carry none (T-Bank's
   * CheckOrder); asked by a job after the payment is applied, never while the acquirer waits.
   */
  rrnOf?(payment: { providerRef: string; merchantRef: string }): Promise<string | null>;

  /**
   * Set when the acquirer documents a declined payment as final (YooKassa's canceled); otherwise
   * the reconciliation job reads declined payments back for a while, since a success may follow.
   */
  readonly finalDeclines?: boolean;

  /** What the acquirer refuses on its side (a receipt e-mail too long, a sum too small), checked before it is called. */
  readonly limits?: AcquirerLimits;

  /** The most items one fiscal receipt of this acquirer may hold; unset: it sends no receipts (the sandbox). */
  readonly receiptItemsMax?: number;

  /**
   * Sends the closing receipt («полный расчёт», the prepayment set off) of a paid payment's
   * prepaid items; unset: the acquirer makes no fiscal receipts (the sandbox). Throws
   * ProviderError when it cannot be sent now (the caller retries).
   */
  sendClosingReceipt?(input: { providerRef: string; receipt: Receipt; idempotencyKey: string }): Promise<{ receiptRef: string }>;
}

export type RefundInput = {
  /** The acquirer's payment id. */
  providerRef: string;
  amount: number;
  /** Ours (refunds.idempotency_key): the refund's receipt is found by it. */
  idempotencyKey: string;
  /** 1, then 2, 3… when the acquirer cancelled the earlier attempts: part of the key the acquirer sees. */
  attempt: number;
  /** The payment's currency: a refund goes back in it. */
  currency: CurrencyCode;
};

/** The key an acquirer sees for a refund attempt: ours, with the attempt number from the second on. */
export const refundAttemptKey = (input: Pick<RefundInput, 'idempotencyKey' | 'attempt'>) =>
  input.attempt > 1 ? `${input.idempotencyKey}~${input.attempt}` : input.idempotencyKey;

export type RefundOutcome = {
  /** The acquirer's reference of the refund (read back by it). */
  refundRef: string;
  status: 'done' | 'pending' | 'canceled';
  /** The acquirer's status or reason, for staff (never shown to the buyer). */
  detail: string;
};

/** Who sent a notification, for acquirers whose notifications are not signed (read-back limits). */
export type NotificationContext = { ip: string };

/** News of a refund (T-Bank REFUNDED, YooKassa refund.succeeded): its read-back is made due now. */
export type RefundNews = { type: 'refund'; providerRef?: string; refundRef?: string };

export type NotificationVerdict = VerifiedNotification | RefundNews | 'acknowledged' | 'throttled' | null;

export type StartPaymentInput = {
  /** Our reference (payments.public_id), echoed back in notifications. */
  merchantRef: string;
  /** Minor units (kopecks, tiyn, cents, fen). */
  amount: number;
  /** The setup's currency: the acquirer charges and shows the amount in it. */
  currency: CurrencyCode;
  kind: PaymentKind;
  description: string;
  /** Where the acquirer sends the visitor back; our server checks the state there. */
  returnUrl: string;
  /** Absolute origin of the storefront, for links that leave the browser (QR codes). */
  origin: string;
  /** The acquirer declines with 'booking-expired' once this passes (the order's reserve time). */
  expiresAt: Date;
  lang: string;
};

/** What the storefront does next. */
export type PaymentAction =
  | { type: 'form'; action: string; fields: Record<string, string> }
  | { type: 'redirect'; url: string }
  | { type: 'qr'; url: string; image: string };

export type StartPaymentResult = { providerRef: string; action: PaymentAction };

export type ProviderOutcome =
  | { status: 'pending' }
  /** rrn: the card payment's retrieval reference number when the acquirer tells it (the Pushkin-card registry). */
  | { status: 'succeeded'; amount: number; rrn?: string | null }
  | { status: 'declined'; reason: DeclineReason };

/** The acquirer's answer to a cancel: cancelled now (or before), or already final. */
export type CancelOutcome = { status: 'canceled' } | Exclude<ProviderOutcome, { status: 'pending' }>;

export type VerifiedNotification = {
  /** Unique per event at the acquirer: the same event delivered twice has the same id. */
  eventId: string;
  providerRef: string;
  merchantRef: string;
  outcome: Exclude<ProviderOutcome, { status: 'pending' }>;
};

/** The acquirer could not be reached or refused the request; the caller retries later. */
export class ProviderError extends Error {}

export type ProviderRegistry = ReadonlyMap<string, PaymentProvider>;
