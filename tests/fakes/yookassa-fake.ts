import { randomUUID } from 'node:crypto';
import { type Deliver, type FakeRequest, deliverByHttp, formChoice, json, paymentPage, startFakeServer } from './fake-http.ts';
import {
  SETTLEMENT_TYPES,
  type YookassaReceipt,
  type YookassaRegister,
  type YookassaSettlement,
  kopecksOf,
  yookassaReceiptProblem,
} from './yookassa-receipt-schema.ts';

type Money = { value: string; currency: string };
type Receipt = YookassaReceipt;

export type YookassaFakePayment = {
  shopId: string;
  object: Record<string, unknown> & { id: string; status: string; amount: Money; metadata: Record<string, string> };
  confirmationType: 'redirect' | 'qr';
  returnUrl: string | undefined;
  receipt: Receipt;
  refunded: number;
  refunds: { id: string; amount: number; receipt: Receipt; currency: string; object: Record<string, unknown> & { status: string } }[];
  /** Receipts made later by POST /v3/receipts (closing receipts: type payment, settled by the prepayment). */
  receipts: { id: string; type: string; receipt: Receipt; settlements: YookassaSettlement[] }[];
};

const kopecks = kopecksOf;
const decimal = (minor: number) => (minor / 100).toFixed(2);

/**
 * A local fake of YooKassa's API v3: POST /payments, GET /payments/{id} and POST /refunds with
 * Basic auth (shopId:secretKey) and Idempotence-Key (a repeat answers the first result),
 * request shapes and receipts checked, statuses moving as the buyer acts on the fake's own
 * confirmation page, unsigned webhooks POSTed to the shop's configured URL, and error answers
 * or timeouts on demand. `GET /records/payments/{id}` answers what the fake holds of a payment
 * (its receipt, refunds and their receipts, amounts in kopecks): the browser tests run the fake in
 * the server's process and read it there.
 */
export async function startYookassaFake(options: {
  shops: Record<string, string>;
  webhookUrl: string;
  deliver?: Deliver;
  port?: number;
  /**
   * A refund's status when created: YooKassa's refund is pending, succeeded or canceled; with
   * 'pending' it stays so until finishRefund ends it (and sends refund.succeeded). Default succeeded.
   */
  refundStatus?: 'succeeded' | 'pending';
  /** How the shops make receipts: «Чеки от ЮKassa» (the default) or a third-party register on FFD 1.05 or 1.2. */
  register?: YookassaRegister;
}) {
  const register: YookassaRegister = options.register ?? { kind: 'yookassa' };
  const deliver = options.deliver ?? deliverByHttp;
  let refundStatus = options.refundStatus ?? 'succeeded';
  /** POSTs to answer 202 («запрос принят, ещё обрабатывается», with retry_after) before processing them, by path. */
  const processing = new Map<string, number>();
  const payments = new Map<string, YookassaFakePayment>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const calls: { method: string; path: string; key: string | undefined; body: unknown }[] = [];
  const webhooks: { body: unknown; status: number }[] = [];
  let dropWebhooks = false;

  const fail = (status: number, code: string, description: string) => json(status, { type: 'error', id: randomUUID(), code, description });
  const invalid = (problem: { description: string; parameter: string }) =>
    json(400, { type: 'error', id: randomUUID(), code: 'invalid_request', ...problem });

  async function sendWebhook(event: string, object: unknown) {
    if (dropWebhooks) return;
    const body = { type: 'notification', event, object };
    const answer = await deliver(options.webhookUrl, body);
    webhooks.push({ body, status: answer.status });
  }

  function shopOf(request: FakeRequest): string | null {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return null;
    const [shopId, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return shopId && options.shops[shopId] !== undefined && options.shops[shopId] === secret ? shopId : null;
  }

  function createPayment(shopId: string, body: Record<string, unknown>) {
    const amount = kopecks(body.amount);
    if (amount === null || amount <= 0 || (body.amount as Money).currency !== 'RUB')
      return fail(400, 'invalid_request', 'amount.value must be a decimal string in RUB');
    if (body.capture !== true) return fail(400, 'invalid_request', 'this shop takes one-stage payments: capture must be true');
    const confirmation = body.confirmation as { type?: string; return_url?: string } | undefined;
    if (confirmation?.type === 'redirect' && !/^https?:\/\//.test(confirmation.return_url ?? ''))
      return fail(400, 'invalid_request', 'confirmation.return_url is required');
    if (confirmation?.type !== 'redirect' && confirmation?.type !== 'qr')
      return fail(400, 'invalid_request', 'confirmation.type must be redirect or qr');
    const method = (body.payment_method_data as { type?: string } | undefined)?.type;
    if (method !== 'bank_card' && method !== 'sbp')
      return fail(400, 'invalid_request', 'payment_method_data.type must be bank_card or sbp');
    if (confirmation.type === 'qr' && method !== 'sbp') return fail(400, 'invalid_request', 'a QR confirmation is for sbp');
    if (typeof body.description === 'string' && body.description.length > 128)
      return fail(400, 'invalid_request', 'description is at most 128 characters');
    const problem = yookassaReceiptProblem(body.receipt, amount, register);
    if (problem) return invalid(problem);
    const id = randomUUID();
    const object = {
      id,
      status: 'pending',
      paid: false,
      amount: body.amount as Money,
      confirmation:
        confirmation.type === 'qr'
          ? { type: 'qr', confirmation_data: `${server.base}/sbp/${id}` }
          : { type: 'redirect', confirmation_url: `${server.base}/${method === 'sbp' ? 'sbp' : 'pay'}/${id}` },
      created_at: new Date().toISOString(),
      description: body.description,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      payment_method: { type: method, id, saved: false },
      recipient: { account_id: shopId, gateway_id: '100500' },
      refundable: false,
      test: true,
    };
    payments.set(id, {
      shopId,
      object,
      confirmationType: confirmation.type,
      returnUrl: confirmation.return_url,
      receipt: body.receipt as Receipt,
      refunded: 0,
      refunds: [],
      receipts: [],
    });
    return json(200, object);
  }

  function createRefund(shopId: string, body: Record<string, unknown>) {
    const p = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (!p || p.shopId !== shopId) return fail(404, 'not_found', 'payment not found');
    if (p.object.status !== 'succeeded') return fail(400, 'invalid_request', 'only a succeeded payment is refunded');
    const amount = kopecks(body.amount);
    const left = (kopecks(p.object.amount) ?? 0) - p.refunded;
    if (amount === null || amount <= 0 || amount > left) return fail(400, 'invalid_request', 'amount exceeds what is left to refund');
    const problem = yookassaReceiptProblem(body.receipt, amount, register);
    if (problem) return invalid(problem);
    // A refund goes back in the payment's currency.
    const currency = (body.amount as Money | undefined)?.currency;
    if (currency !== p.object.amount.currency) return fail(400, 'invalid_request', "amount.currency must be the payment's currency");
    const id = randomUUID();
    p.refunded += amount;
    // A card refund's RRN, as YooKassa gives it once the bank authorised the refund.
    const object = {
      id,
      payment_id: p.object.id,
      status: refundStatus,
      amount: body.amount,
      created_at: new Date().toISOString(),
      refund_authorization_details: { rrn: `7${id.replace(/\D/g, '').slice(0, 11).padEnd(11, '0')}` },
    };
    p.refunds.push({ id, amount, receipt: body.receipt as Receipt, currency, object });
    p.object.refunded_amount = { value: decimal(p.refunded), currency: p.object.amount.currency };
    return json(200, object);
  }

  /** POST /v3/receipts: a receipt made after the payment, here a closing one (type payment, settled by the prepayment). */
  function createReceipt(shopId: string, body: Record<string, unknown>) {
    const p = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (body.type !== 'payment' && body.type !== 'refund') return invalid({ parameter: 'type', description: 'type is payment or refund' });
    if (typeof body.send !== 'boolean') return invalid({ parameter: 'send', description: 'send is required' });
    if (!p || p.shopId !== shopId) return fail(404, 'not_found', 'payment not found');
    if (p.object.status !== 'succeeded') return invalid({ parameter: 'payment_id', description: 'the payment is not succeeded' });
    const settlements = body.settlements as YookassaSettlement[] | undefined;
    if (!Array.isArray(settlements) || settlements.length === 0)
      return invalid({ parameter: 'settlements', description: 'settlements are required' });
    let settled = 0;
    for (const settlement of settlements) {
      const value = kopecks(settlement?.amount);
      if (!SETTLEMENT_TYPES.includes(settlement?.type) || value === null)
        return invalid({ parameter: 'settlements', description: 'settlements: type and amount' });
      settled += value;
    }
    const receipt = { customer: body.customer, tax_system_code: body.tax_system_code, items: body.items } as Receipt;
    const problem = yookassaReceiptProblem(receipt, settled, register);
    if (problem) return invalid({ ...problem, parameter: problem.parameter.replace(/^receipt\./, '') });
    // A closing receipt settles what was prepaid and kept: no more than the payment less its refunds and earlier closings.
    if (settlements.some((x) => x.type === 'prepayment')) {
      if (receipt.items.some((i) => i.payment_mode !== 'full_payment'))
        return invalid({ parameter: 'items', description: 'a prepayment is set off in full_payment items' });
      const closed = p.receipts.reduce((s, r) => s + r.settlements.reduce((t, x) => t + (kopecks(x.amount) ?? 0), 0), 0);
      if (closed + settled > (kopecks(p.object.amount) ?? 0) - p.refunded)
        return invalid({ parameter: 'settlements', description: 'more than was prepaid' });
    }
    const id = randomUUID();
    p.receipts.push({ id, type: body.type, receipt, settlements });
    return json(200, {
      id,
      type: body.type,
      payment_id: p.object.id,
      status: 'succeeded',
      items: receipt.items,
      settlements,
      tax_system_code: body.tax_system_code,
    });
  }

  async function page(request: FakeRequest) {
    const record = /^\/records\/payments\/([\w-]+)$/.exec(request.path);
    if (record && request.method === 'GET') {
      const p = payments.get(record[1] ?? '');
      return p
        ? json(200, {
            status: p.object.status,
            amount: kopecks(p.object.amount),
            refunded: p.refunded,
            receipt: p.receipt,
            refunds: p.refunds,
            receipts: p.receipts,
          })
        : json(404, { error: 'unknown payment' });
    }
    const match = /^\/(pay|sbp)\/([\w-]+)(\/complete)?$/.exec(request.path);
    const p = match ? payments.get(match[2] ?? '') : undefined;
    if (!match || !p) return { status: 404, body: 'Not found', contentType: 'text/plain' };
    if (!match[3]) {
      return paymentPage(
        match[1] === 'sbp' ? 'ЮKassa (тест): оплата по СБП' : 'ЮKassa (тест): оплата картой',
        `${p.object.amount.value} ₽`,
        `/${match[1]}/${p.object.id}/complete`,
        [
          { value: 'pay', label: 'Оплатить' },
          { value: 'insufficient_funds', label: 'Недостаточно средств' },
          { value: '3d_secure_failed', label: 'Не пройдена 3-D Secure' },
        ],
      );
    }
    // An SBP payment confirmed by QR is paid in the bank app, which has nowhere to send the buyer
    // back to; one confirmed by redirect (YooKassa's own SBP page) returns to return_url.
    const back = p.returnUrl
      ? { status: 303, body: '', location: p.returnUrl }
      : {
          status: 200,
          body: '<!doctype html><html lang="ru"><title>Готово</title><h1>Готово</h1></html>',
          contentType: 'text/html; charset=utf-8',
        };
    if (p.object.status !== 'pending') return back;
    const choice = formChoice(request.body);
    if (choice === 'pay') {
      Object.assign(p.object, {
        status: 'succeeded',
        paid: true,
        refundable: true,
        captured_at: new Date().toISOString(),
        authorization_details: { rrn: `6${p.object.id.replace(/\D/g, '').slice(0, 11).padEnd(11, '0')}`, auth_code: '062467' },
      });
      await sendWebhook('payment.succeeded', p.object);
    } else {
      Object.assign(p.object, { status: 'canceled', cancellation_details: { party: 'payment_network', reason: choice } });
      await sendWebhook('payment.canceled', p.object);
    }
    return back;
  }

  const server = await startFakeServer(async (request) => {
    if (!request.path.startsWith('/v3/')) return page(request);
    const shopId = shopOf(request);
    if (!shopId) return fail(401, 'invalid_credentials', 'Authentication by given credentials failed');
    const path = request.path.slice(4);
    if (request.method === 'GET') {
      calls.push({ method: 'GET', path, key: undefined, body: undefined });
      const refund = /^refunds\/([\w-]+)$/.exec(path);
      if (refund) {
        const found = [...payments.values()]
          .filter((p) => p.shopId === shopId)
          .flatMap((p) => p.refunds)
          .find((r) => r.id === refund[1]);
        return found ? json(200, found.object) : fail(404, 'not_found', 'refund not found');
      }
      const p = payments.get(path.replace(/^payments\//, ''));
      if (!path.startsWith('payments/') || !p || p.shopId !== shopId) return fail(404, 'not_found', 'payment not found');
      return json(200, p.object);
    }
    const key = request.headers['idempotence-key'];
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return fail(400, 'invalid_request', 'the body is not JSON');
    }
    calls.push({ method: 'POST', path, key: typeof key === 'string' ? key : undefined, body });
    if (typeof key !== 'string' || key.length === 0 || key.length > 64)
      return fail(400, 'invalid_request', 'Idempotence-Key header is required');
    const remembered = idempotent.get(`${shopId}:${path}:${key}`);
    if (remembered) return remembered;
    const busy = processing.get(path) ?? 0;
    if (busy > 0) {
      processing.set(path, busy - 1);
      return json(202, { type: 'processing', description: 'Request accepted, but is still in process', id: randomUUID(), retry_after: 50 });
    }
    const answer =
      path === 'payments'
        ? createPayment(shopId, body)
        : path === 'refunds'
          ? createRefund(shopId, body)
          : path === 'receipts'
            ? createReceipt(shopId, body)
            : fail(404, 'not_found', 'unknown');
    if (answer.status < 500) idempotent.set(`${shopId}:${path}:${key}`, answer);
    return answer;
  }, options.port);

  return {
    ...server,
    apiUrl: `${server.base}/v3/`,
    payments,
    calls,
    webhooks,
    dropWebhooks(drop = true) {
      dropWebhooks = drop;
    },
    /** Refunds from now on are created with this status ('pending': finished later by finishRefund). */
    refundsAs(status: 'succeeded' | 'pending') {
      refundStatus = status;
    },
    /** The next `times` POSTs to `path` (payments, refunds) are answered 202 with retry_after, then processed. */
    answerProcessing(path: string, times = 1) {
      processing.set(path, times);
    },
    /** Ends a pending refund: succeeded, or canceled with its cancellation_details; sends refund.succeeded / refund.canceled. */
    async finishRefund(refundId: string, status: 'succeeded' | 'canceled', reason = 'rejected_by_payee') {
      const p = [...payments.values()].find((x) => x.refunds.some((r) => r.id === refundId));
      const refund = p?.refunds.find((r) => r.id === refundId);
      if (!p || !refund || refund.object.status !== 'pending') throw new Error(`no pending refund ${refundId}`);
      refund.object.status = status;
      if (status === 'canceled') {
        refund.object.cancellation_details = { party: 'yoo_money', reason };
        p.refunded -= refund.amount;
        p.object.refunded_amount = { value: decimal(p.refunded), currency: p.object.amount.currency };
      }
      await sendWebhook(`refund.${status}`, refund.object);
    },
    /** Sends the payment's last webhook again, as YooKassa does until it gets 200. */
    resend: (id: string) => {
      const p = payments.get(id);
      return p ? sendWebhook(`payment.${p.object.status}`, p.object) : Promise.resolve();
    },
  };
}
export type YookassaFake = Awaited<ReturnType<typeof startYookassaFake>>;
