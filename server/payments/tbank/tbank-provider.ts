import QRCode from 'qrcode';
import { TBANK_LIMITS } from '../../../contract/acquirer-limits.ts';
import type { DeclineReason } from '../../../contract/payment.ts';
import { callAcquirer } from '../acquirer-http.ts';
import type { CancelOutcome, NotificationVerdict, PaymentProvider, ProviderOutcome, RefundOutcome } from '../provider.ts';
import { ProviderError, refundAttemptKey } from '../provider.ts';
import type { ReceiptSource } from '../receipt.ts';
import { TBANK_RECEIPT_ITEMS_MAX, tbankReceipt } from './tbank-receipt.ts';
import { tbankToken, tbankTokenMatches } from './tbank-token.ts';

export { tbankReceipt } from './tbank-receipt.ts';

export const TBANK_API_URL = 'https://securepay.tinkoff.ru/v2/';

export type TbankTerminal = {
  /** Our provider id: 'tbank' (cards and SBP) or 'tbank-pushkin' (the Pushkin-card terminal). */
  id: string;
  terminalKey: string;
  password: string;
  apiUrl: string;
  /** Where T-Bank posts its notifications: {PUBLIC_URL}/payments/notify/{id}. */
  notificationUrl: string;
  timeoutMs: number;
  receipts: ReceiptSource;
  now: () => number;
};

/** T-Bank refuses a RedirectDueDate less than a minute ahead; a reserve about to end still gets two. */
const MIN_PAYABLE_MS = 2 * 60_000;

/**
 * RedirectDueDate of a payment: when its card link and SBP QR stop being payable, the order's
 * reserve end (T-Bank's default is 24 hours). T-Bank's format is YYYY-MM-DDTHH24:MI:SS+GMT.
 */
export function tbankDueDate(expiresAt: Date, now: number): string {
  const at = new Date(Math.max(expiresAt.getTime(), now + MIN_PAYABLE_MS));
  return `${at.toISOString().slice(0, 19)}+00:00`;
}

/** What a T-Bank payment status says of a refund asked of it (Cancel's answer, GetState later). */
export function tbankRefundState(status: string): RefundOutcome['status'] {
  if (status === 'REFUNDED' || status === 'PARTIAL_REFUNDED') return 'done';
  // Back at CONFIRMED: the refund did not happen.
  if (status === 'CONFIRMED') return 'canceled';
  // REFUNDING (cards) and ASYNC_REFUNDING (SBP): T-Bank has not finished it.
  return 'pending';
}

/**
 * The declined page's reason of a T-Bank ErrorCode in a REJECTED payment, after T-Bank's table of
 * error codes; any other code (expired or invalid card, wrong CVV, issuer refusals) reads as wrong
 * card data.
 */
export function tbankDeclineReason(status: string, errorCode: unknown): DeclineReason {
  // The payment page's time ran out, or the buyer opened it more times than allowed.
  if (status === 'DEADLINE_EXPIRED' || status === 'ATTEMPTS_EXPIRED') return 'input-timeout';
  if (status === 'AUTH_FAIL') return 'no-3ds';
  switch (String(errorCode ?? '')) {
    case '103':
    case '116':
    case '1051':
    case '5060':
      return 'insufficient-funds';
    case '101':
    case '106':
    case '108':
    case '507':
    case '511':
    case '512':
    case '513':
    case '1316':
    case '2014':
      return 'no-3ds';
    // «Покупатель запретил такие операции для своей карты».
    case '1057':
    case '1058':
      return 'online-blocked';
    default:
      return 'card-data';
  }
}

/** What a T-Bank status says about the money: taken, refused, or not decided yet. */
export function tbankOutcome(status: string, amount: number, errorCode: unknown, rrn: string | null = null): ProviderOutcome {
  switch (status) {
    case 'CONFIRMED':
    case 'REFUNDED':
    case 'PARTIAL_REFUNDED':
      return { status: 'succeeded', amount, rrn };
    case 'REJECTED':
    case 'AUTH_FAIL':
    case 'DEADLINE_EXPIRED':
    case 'ATTEMPTS_EXPIRED':
      return { status: 'declined', reason: tbankDeclineReason(status, errorCode) };
    case 'CANCELED':
    case 'REVERSED':
      return { status: 'declined', reason: 'input-timeout' };
    default:
      return { status: 'pending' };
  }
}

/** The RRN field of a T-Bank answer (CheckOrder's payments name it RRN), if any. */
export function tbankRrn(body: Record<string, unknown>): string | null {
  const value = body.Rrn ?? body.RRN;
  return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null;
}

/** A T-Bank terminal (Internet Acquiring API v2) behind the payment-provider interface. */
export function createTbankProvider(terminal: TbankTerminal): PaymentProvider {
  async function call(method: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const request = { TerminalKey: terminal.terminalKey, ...fields };
    const { body } = await callAcquirer(new URL(method, terminal.apiUrl).toString(), {
      method: 'POST',
      headers: {},
      body: { ...request, Token: tbankToken(request, terminal.password) },
      timeoutMs: terminal.timeoutMs,
    });
    if (body.Success !== true || String(body.ErrorCode ?? '0') !== '0') {
      throw new ProviderError(`T-Bank ${method}: ErrorCode ${String(body.ErrorCode)} ${String(body.Message ?? '')}`.trim());
    }
    return body;
  }

  /**
   * The RRN of a paid payment for the Pushkin-card registry. GetState and the notification carry
   * none; CheckOrder lists the order's payments with theirs (none for SBP). Asked by a job after
   * the notification is answered, never while T-Bank waits for it.
   */
  async function rrnOf(orderId: string, paymentId: string): Promise<string | null> {
    const body = await call('CheckOrder', { OrderId: orderId });
    const payments = Array.isArray(body.Payments) ? (body.Payments as Record<string, unknown>[]) : [];
    const own = payments.find((p) => typeof p === 'object' && p !== null && String(p.PaymentId) === paymentId);
    return own ? tbankRrn(own) : null;
  }

  async function state(paymentId: string) {
    const body = await call('GetState', { PaymentId: paymentId });
    return { status: String(body.Status ?? ''), amount: Number(body.Amount), errorCode: body.ErrorCode, body };
  }

  return {
    id: terminal.id,
    limits: TBANK_LIMITS,

    async startPayment(input) {
      if (input.currency !== 'RUB') throw new ProviderError(`T-Bank charges RUB only, not ${input.currency}`);
      const receipt = await terminal.receipts.forPayment(input.merchantRef, input.amount);
      const init = await call('Init', {
        Amount: input.amount,
        OrderId: input.merchantRef,
        Description: input.description.slice(0, 140),
        NotificationURL: terminal.notificationUrl,
        SuccessURL: input.returnUrl,
        FailURL: input.returnUrl,
        PayType: 'O',
        // The card link and the SBP QR lapse with the reserve, so nobody pays an order given up.
        RedirectDueDate: tbankDueDate(input.expiresAt, terminal.now()),
        Language: input.lang === 'ru' ? 'ru' : 'en',
        Receipt: tbankReceipt(receipt),
      });
      const paymentId = String(init.PaymentId ?? '');
      if (!paymentId) throw new ProviderError('T-Bank Init: no PaymentId');
      if (input.kind === 'qr') {
        const qr = await call('GetQr', { PaymentId: paymentId, DataType: 'PAYLOAD' });
        const url = typeof qr.Data === 'string' ? qr.Data : '';
        if (!url) throw new ProviderError('T-Bank GetQr: no Data');
        const image = await QRCode.toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: 'M' });
        return { providerRef: paymentId, action: { type: 'qr', url, image } };
      }
      const url = typeof init.PaymentURL === 'string' ? init.PaymentURL : '';
      if (!/^https?:\/\//.test(url)) throw new ProviderError('T-Bank Init: no PaymentURL');
      return { providerRef: paymentId, action: { type: 'redirect', url } };
    },

    async checkStatus(payment) {
      const s = await state(payment.providerRef);
      if (s.body.OrderId !== undefined && String(s.body.OrderId) !== payment.merchantRef)
        throw new ProviderError('T-Bank GetState: another order');
      return tbankOutcome(s.status, s.amount, s.errorCode, tbankRrn(s.body));
    },

    async cancel(payment): Promise<CancelOutcome> {
      const before = tbankOutcome((await state(payment.providerRef)).status, 0, undefined);
      if (before.status === 'pending') {
        const after = await call('Cancel', { PaymentId: payment.providerRef });
        const outcome = tbankOutcome(String(after.Status ?? ''), Number(after.OriginalAmount ?? 0), after.ErrorCode);
        if (outcome.status === 'pending' || outcome.status === 'declined') return { status: 'canceled' };
      }
      const s = await state(payment.providerRef);
      const final = tbankOutcome(s.status, s.amount, s.errorCode);
      return final.status === 'pending' ? { status: 'canceled' } : final;
    },

    // Checked by Token alone, with no call to T-Bank: T-Bank waits ten seconds for the answer.
    verifyNotification(body): NotificationVerdict {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
      const n = body as Record<string, unknown>;
      if (n.TerminalKey !== terminal.terminalKey || typeof n.Token !== 'string') return null;
      if (!tbankTokenMatches(n, terminal.password, n.Token)) return null;
      if (typeof n.OrderId !== 'string' || (typeof n.PaymentId !== 'string' && typeof n.PaymentId !== 'number')) return null;
      if (typeof n.Amount !== 'number' || !Number.isInteger(n.Amount) || n.Amount < 0) return null;
      const status = String(n.Status ?? '');
      // A refund finished (or under way): its read-back is made due.
      if (['REFUNDED', 'PARTIAL_REFUNDED', 'REFUNDING', 'ASYNC_REFUNDING'].includes(status))
        return { type: 'refund', providerRef: String(n.PaymentId) };
      const outcome = tbankOutcome(status, n.Amount, n.ErrorCode, tbankRrn(n));
      // AUTHORIZED and the like: genuine, nothing for the order.
      if (outcome.status === 'pending') return 'acknowledged';
      return { eventId: `${String(n.PaymentId)}:${status}`, providerRef: String(n.PaymentId), merchantRef: n.OrderId, outcome };
    },

    receiptItemsMax: TBANK_RECEIPT_ITEMS_MAX,
    // T-Bank's /cashbox/SendClosingReceipt (beside /v2/ on the same host): the payment must be
    // CONFIRMED and its sale receipt hold a prepayment item. It takes no idempotency key.
    async sendClosingReceipt(input) {
      await call('../cashbox/SendClosingReceipt', { PaymentId: input.providerRef, Receipt: tbankReceipt(input.receipt) });
      return { receiptRef: `${input.providerRef}:closing` };
    },
    // T-Bank wants the plain body OK, else it repeats the notification.
    notificationReply: { contentType: 'text/plain; charset=utf-8', body: 'OK' },

    rrnOf: (payment) => rrnOf(payment.merchantRef, payment.providerRef),

    async refund(input): Promise<RefundOutcome> {
      const { receipt, whole } = await terminal.receipts.forRefund(input.idempotencyKey, input.amount);
      const body = await call('Cancel', {
        PaymentId: input.providerRef,
        Amount: input.amount,
        // A repeat with the same value answers the operation's state instead of refunding again,
        // except for SBP payments, for which T-Bank ignores it (docs/acquirers.md, Known limits).
        ExternalRequestId: refundAttemptKey(input),
        // A whole cancel sends no receipt structure (T-Bank refunds the sale receipt as it was);
        // a partial one sends only the items refunded.
        ...(whole ? {} : { Receipt: tbankReceipt(receipt) }),
      });
      const status = String(body.Status ?? '');
      const state = tbankRefundState(status);
      // Cancel answers the payment's state: CONFIRMED right after it is no refusal yet, read it back.
      return {
        refundRef: `${input.providerRef}:${refundAttemptKey(input)}`,
        status: state === 'canceled' ? 'pending' : state,
        detail: status,
      };
    },

    async checkRefund(input): Promise<RefundOutcome> {
      const s = await state(input.providerRef);
      return { refundRef: input.refundRef, status: tbankRefundState(s.status), detail: s.status };
    },
  };
}
