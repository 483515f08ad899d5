import QRCode from 'qrcode';
import type { DeclineReason } from '../../../contract/payment.ts';
import { callAcquirer, decimalAmount, minorUnits } from '../acquirer-http.ts';
import type { CancelOutcome, NotificationVerdict, PaymentProvider, ProviderOutcome, RefundOutcome } from '../provider.ts';
import { ProviderError, refundAttemptKey } from '../provider.ts';
import type { ReceiptSource } from '../receipt.ts';
import { YOOKASSA_RECEIPT_ITEMS_MAX, yookassaClosingReceipt, yookassaReceipt } from './yookassa-receipt.ts';

export { yookassaReceipt } from './yookassa-receipt.ts';

export const YOOKASSA_API_URL = 'https://api.yookassa.ru/v3/';

export type YookassaShop = {
  /** Our provider id: 'yookassa' (cards and SBP) or 'yookassa-pushkin' (the Pushkin-card shop). */
  id: string;
  shopId: string;
  secretKey: string;
  apiUrl: string;
  timeoutMs: number;
  receipts: ReceiptSource;
  /**
   * How an SBP payment is confirmed: 'redirect' (YooKassa's page shows the QR code or the bank
   * list; the scenario YooKassa's SBP page documents, the default) or 'qr' (our modal shows the
   * confirmation_data YooKassa answers).
   */
  sbpConfirmation: 'redirect' | 'qr';
  /** The wait before repeating a call YooKassa answered 202 or 500 when it names none (retry_after); its SDKs wait 1800 ms. */
  retryDelayMs?: number;
  /**
   * Asked before a webhook's payment is read back (webhooks are unsigned, so anyone can make us
   * call YooKassa): false when this payment or sender has had too many read-backs lately.
   */
  allowReadBack?: (paymentRef: string, ip: string) => Promise<boolean>;
};

/** YooKassa's SDKs repeat a POST answered 202 (still processing) or 500 this many times, with the same Idempotence-Key. */
const REPEATS = 3;
/** The longest wait between repeats we accept from retry_after, so a buyer's Pay never hangs on it. */
const MAX_REPEAT_DELAY_MS = 5000;

/** What a YooKassa refund status says: succeeded is done, pending is not yet, canceled is refused. */
export function yookassaRefundState(status: unknown): RefundOutcome['status'] {
  if (status === 'succeeded') return 'done';
  if (status === 'canceled') return 'canceled';
  return 'pending';
}

/** The declined page's reason of a canceled payment's cancellation_details.reason. */
export function yookassaDeclineReason(reason: unknown): DeclineReason {
  switch (reason) {
    case 'insufficient_funds':
      return 'insufficient-funds';
    case '3d_secure_failed':
      return 'no-3ds';
    case 'payment_method_restricted':
    case 'payment_method_limit_exceeded':
    case 'country_forbidden':
    case 'permission_revoked':
      return 'online-blocked';
    case 'expired_on_confirmation':
      return 'input-timeout';
    default:
      return 'card-data';
  }
}

type YookassaPayment = { id: string; status: string; amount: number; merchantRef: string | null; body: Record<string, unknown> };

function readPayment(body: Record<string, unknown>): YookassaPayment {
  const amount = minorUnits((body.amount as { value?: unknown } | undefined)?.value);
  if (typeof body.id !== 'string' || typeof body.status !== 'string' || amount === null)
    throw new ProviderError('YooKassa: not a payment object');
  const metadata = body.metadata as Record<string, unknown> | undefined;
  return { id: body.id, status: body.status, amount, merchantRef: typeof metadata?.payment === 'string' ? metadata.payment : null, body };
}

export function yookassaOutcome(payment: YookassaPayment): ProviderOutcome {
  if (payment.status === 'succeeded') return { status: 'succeeded', amount: payment.amount, rrn: yookassaRrn(payment.body) };
  if (payment.status === 'canceled') {
    return {
      status: 'declined',
      reason: yookassaDeclineReason((payment.body.cancellation_details as { reason?: unknown } | undefined)?.reason),
    };
  }
  return { status: 'pending' };
}

/** The card payment's RRN for the Pushkin-card registry (YooKassa's authorization_details). */
export function yookassaRrn(body: Record<string, unknown>): string | null {
  const rrn = (body.authorization_details as { rrn?: unknown } | undefined)?.rrn;
  return typeof rrn === 'string' ? rrn : null;
}

/** A YooKassa shop (API v3) behind the payment-provider interface. */
export function createYookassaProvider(shop: YookassaShop): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${shop.shopId}:${shop.secretKey}`).toString('base64')}`;

  async function request(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string) {
    const call = () =>
      callAcquirer(new URL(path, shop.apiUrl).toString(), {
        method,
        headers: { authorization: auth, ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}) },
        body,
        timeoutMs: shop.timeoutMs,
        answer500: method === 'POST',
      });
    let answer = await call();
    // 202: YooKassa is still processing; 500: its state is unknown. Its SDKs repeat the same
    // request with the same Idempotence-Key (it answers the first result), after retry_after.
    for (let repeat = 0; method === 'POST' && (answer.status === 202 || answer.status === 500) && repeat < REPEATS; repeat += 1) {
      const asked = Number(answer.body.retry_after);
      const delay = Number.isFinite(asked) && asked >= 0 ? Math.min(asked, MAX_REPEAT_DELAY_MS) : (shop.retryDelayMs ?? 1800);
      await new Promise((resolve) => setTimeout(resolve, delay));
      answer = await call();
    }
    if (answer.status === 500) throw new ProviderError(`YooKassa ${method} ${path}: HTTP 500 after ${REPEATS} repeats`);
    return answer;
  }

  async function fetchPayment(id: string): Promise<YookassaPayment | null> {
    if (!/^[\w-]{1,64}$/.test(id)) return null;
    const { status, body } = await request('GET', `payments/${id}`);
    if (status === 404) return null;
    if (status !== 200) throw new ProviderError(`YooKassa GET payments: HTTP ${status} ${String(body.code ?? '')}`);
    return readPayment(body);
  }

  return {
    id: shop.id,

    async startPayment(input) {
      const receipt = await shop.receipts.forPayment(input.merchantRef, input.amount);
      const sbp = input.kind === 'qr';
      const qr = sbp && shop.sbpConfirmation === 'qr';
      const { status, body } = await request(
        'POST',
        'payments',
        {
          amount: { value: decimalAmount(input.amount), currency: input.currency },
          capture: true,
          confirmation: qr
            ? { type: 'qr' }
            : { type: 'redirect', return_url: input.returnUrl, locale: input.lang === 'ru' ? 'ru_RU' : 'en_US' },
          payment_method_data: { type: sbp ? 'sbp' : 'bank_card' },
          description: input.description.slice(0, 128),
          metadata: { payment: input.merchantRef },
          receipt: yookassaReceipt(receipt, input.currency),
        },
        // Our attempt id: a repeat after a timeout answers the payment already made, never a second one.
        input.merchantRef,
      );
      if (status !== 200)
        throw new ProviderError(`YooKassa POST payments: HTTP ${status} ${String(body.code ?? '')} ${String(body.description ?? '')}`);
      const payment = readPayment(body);
      const confirmation = (body.confirmation ?? {}) as Record<string, unknown>;
      if (qr) {
        const url = typeof confirmation.confirmation_data === 'string' ? confirmation.confirmation_data : '';
        if (!url) throw new ProviderError('YooKassa: no confirmation_data');
        const image = await QRCode.toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: 'M' });
        return { providerRef: payment.id, action: { type: 'qr', url, image } };
      }
      const url = typeof confirmation.confirmation_url === 'string' ? confirmation.confirmation_url : '';
      if (!/^https?:\/\//.test(url)) throw new ProviderError('YooKassa: no confirmation_url');
      return { providerRef: payment.id, action: { type: 'redirect', url } };
    },

    async checkStatus(payment) {
      const found = await fetchPayment(payment.providerRef);
      if (!found || found.merchantRef !== payment.merchantRef) throw new ProviderError('YooKassa: unknown payment');
      return yookassaOutcome(found);
    },

    // A one-stage (capture: true) payment cannot be cancelled while pending: it lapses at
    // YooKassa. If the visitor pays it anyway, the success is refunded by the payments service.
    async cancel(payment): Promise<CancelOutcome> {
      const found = await fetchPayment(payment.providerRef);
      if (!found || found.merchantRef !== payment.merchantRef) throw new ProviderError('YooKassa: unknown payment');
      const outcome = yookassaOutcome(found);
      return outcome.status === 'pending' ? { status: 'canceled' } : outcome;
    },

    // Webhooks are not signed: the payment they name is read back from the API, and only what
    // the API says counts. Read-backs are limited per payment and per sender (allowReadBack).
    async verifyNotification(body, _headers, context): Promise<NotificationVerdict> {
      if (typeof body !== 'object' || body === null) return null;
      const n = body as Record<string, unknown>;
      const object = n.object as Record<string, unknown> | undefined;
      if (n.type !== 'notification' || typeof n.event !== 'string' || typeof object?.id !== 'string' || !/^[\w-]{1,64}$/.test(object.id))
        return null;
      // A refund's news: its read-back is made due (the refunds job asks GET /refunds/{id}).
      if (n.event.startsWith('refund.')) return { type: 'refund', refundRef: object.id };
      if (!n.event.startsWith('payment.')) return null;
      if (shop.allowReadBack && !(await shop.allowReadBack(object.id, context?.ip ?? ''))) return 'throttled';
      const found = await fetchPayment(object.id);
      if (!found || !found.merchantRef) return null;
      const outcome = yookassaOutcome(found);
      if (outcome.status === 'pending') return 'acknowledged';
      return { eventId: `${found.id}:${found.status}`, providerRef: found.id, merchantRef: found.merchantRef, outcome };
    },

    receiptItemsMax: YOOKASSA_RECEIPT_ITEMS_MAX,

    // POST /v3/receipts: a receipt of type payment tied to the payment, settled by its prepayment.
    // The same Idempotence-Key answers the receipt already created.
    async sendClosingReceipt(input) {
      const { status, body } = await request(
        'POST',
        'receipts',
        yookassaClosingReceipt(input.receipt, input.providerRef, 'RUB'),
        input.idempotencyKey,
      );
      if (status !== 200 || typeof body.id !== 'string' || body.status === 'canceled') {
        throw new ProviderError(
          `YooKassa POST receipts: HTTP ${status} ${String(body.code ?? body.status ?? '')} ${String(body.description ?? '')}`.trim(),
        );
      }
      return { receiptRef: body.id };
    },

    async refund(input): Promise<RefundOutcome> {
      const { receipt } = await shop.receipts.forRefund(input.idempotencyKey, input.amount);
      const { status, body } = await request(
        'POST',
        'refunds',
        // In the payment's currency, like its receipt.
        {
          payment_id: input.providerRef,
          amount: { value: decimalAmount(input.amount), currency: input.currency },
          receipt: yookassaReceipt(receipt, input.currency),
        },
        refundAttemptKey(input),
      );
      if (status !== 200 || typeof body.id !== 'string')
        throw new ProviderError(`YooKassa POST refunds: HTTP ${status} ${String(body.code ?? body.status ?? '')}`);
      return refundOutcome(body);
    },

    async checkRefund(input): Promise<RefundOutcome> {
      if (!/^[\w-]{1,64}$/.test(input.refundRef)) throw new ProviderError('YooKassa: not a refund id');
      const { status, body } = await request('GET', `refunds/${input.refundRef}`);
      if (status !== 200 || typeof body.id !== 'string')
        throw new ProviderError(`YooKassa GET refunds: HTTP ${status} ${String(body.code ?? '')}`);
      return refundOutcome(body);
    },
  };
}

/** A YooKassa refund object as our refund's state; a cancelled one names its reason for staff. */
function refundOutcome(body: Record<string, unknown>): RefundOutcome {
  const state = yookassaRefundState(body.status);
  const reason = (body.cancellation_details as { reason?: unknown } | undefined)?.reason;
  return {
    refundRef: String(body.id),
    status: state,
    detail: state === 'canceled' && typeof reason === 'string' ? `canceled: ${reason}` : String(body.status ?? ''),
  };
}
