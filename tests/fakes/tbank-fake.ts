import { type Deliver, type FakeRequest, deliverByHttp, formChoice, json, paymentPage, startFakeServer } from './fake-http.ts';
import { fakeTbankToken } from './tbank-fake-token.ts';
import { type TbankReceipt, tbankReceiptProblem } from './tbank-receipt-schema.ts';

type Receipt = TbankReceipt;

export type TbankFakePayment = {
  id: number;
  terminalKey: string;
  orderId: string;
  amount: number;
  refunded: number;
  status: string;
  errorCode: string;
  notificationUrl: string;
  successUrl: string;
  failUrl: string;
  receipt: Receipt;
  /** The card payment's RRN, which only CheckOrder tells (SBP payments have none). */
  rrn: string;
  /** GetQr was asked for it: an SBP payment. */
  sbp: boolean;
  /** RedirectDueDate (ms): past it the link and the QR can no longer be paid (T-Bank's default: 24 hours). */
  dueAt: number;
  /** undefined: a whole cancel, which sends no receipt structure. */
  refunds: { amount: number; receipt: Receipt | undefined; externalRequestId: string | undefined }[];
  /** A refund T-Bank took and has not finished (REFUNDING, ASYNC_REFUNDING): the status to go back to if it fails. */
  refunding?: { amount: number; before: string };
  /** Closing receipts sent for it (SendClosingReceipt). */
  closings: Receipt[];
};

export { fakeTbankToken };

/** RedirectDueDate as T-Bank documents it: YYYY-MM-DDTHH24:MI:SS+GMT, e.g. 2016-08-31T12:28:00+03:00. */
function parseDueDate(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

/**
 * A local fake of T-Bank's Internet Acquiring API v2: Init, GetQr, GetState, CheckOrder and Cancel checked by
 * TerminalKey and Token, payment statuses moving as the buyer acts on the fake's payment page
 * (served by the fake itself), signed notifications POSTed to NotificationURL until answered OK,
 * partial and full refunds with their receipts, and error answers or timeouts on demand.
 * `GET /records/payments/{PaymentId}` answers what the fake holds of a payment (its receipt,
 * refunds and their receipts): the browser tests run the fake in the server's process and read it there.
 */
export async function startTbankFake(options: {
  terminals: Record<string, string>;
  deliver?: Deliver;
  port?: number;
  /** The bank's clock (tests pass the storefront's); the real one by default. */
  now?: () => number;
  /**
   * Refunds T-Bank takes and finishes later, as its status model has them: a card refund answers
   * REFUNDING, an SBP one ASYNC_REFUNDING, until finishRefund ends it. Off: every refund is done at once.
   */
  asyncRefunds?: boolean;
  /** The fiscal document format of the terminals' cash register (T-Bank refuses a receipt of the other). */
  ffd?: '1.05' | '1.2';
}) {
  const ffd = options.ffd ?? '1.2';
  const deliver = options.deliver ?? deliverByHttp;
  const now = options.now ?? Date.now;
  let asyncRefunds = options.asyncRefunds ?? false;
  /** CheckOrder calls that came while a notification waited for its answer (T-Bank waits 10 s). */
  let delivering = 0;
  let checkOrdersWhileDelivering = 0;
  const payments = new Map<number, TbankFakePayment>();
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const notifications: { body: Record<string, unknown>; status: number; answer: string; ms: number }[] = [];
  let nextId = 7_000_000_001;
  let dropNotifications = false;

  const error = (code: string, message: string, details = '') =>
    json(200, { Success: false, ErrorCode: code, Message: message, Details: details });

  function signed(terminalKey: string, fields: Record<string, unknown>) {
    const password = options.terminals[terminalKey] ?? '';
    return { ...fields, Token: fakeTbankToken(fields, password) };
  }

  // The fields of T-Bank's NotificationPayment; like GetState's answer, it has no RRN.
  async function notify(p: TbankFakePayment) {
    if (dropNotifications) return;
    const body = signed(p.terminalKey, {
      TerminalKey: p.terminalKey,
      OrderId: p.orderId,
      Success: p.status === 'CONFIRMED',
      Status: p.status,
      PaymentId: p.id,
      ErrorCode: p.errorCode,
      Amount: p.amount,
      CardId: 123456,
      Pan: '220070******0011',
      ExpDate: '1230',
    });
    delivering += 1;
    const started = Date.now();
    try {
      const answer = await deliver(p.notificationUrl, body);
      notifications.push({ body, status: answer.status, answer: answer.body, ms: Date.now() - started });
    } finally {
      delivering -= 1;
    }
  }

  /** Past its RedirectDueDate an unpaid payment can no longer be paid. */
  function lapse(p: TbankFakePayment) {
    if ((p.status === 'NEW' || p.status === 'FORM_SHOWED') && now() > p.dueAt) {
      p.status = 'DEADLINE_EXPIRED';
      p.errorCode = '0';
    }
  }

  async function api(method: string, body: Record<string, unknown>) {
    const terminalKey = String(body.TerminalKey ?? '');
    const password = options.terminals[terminalKey];
    if (password === undefined) return error('202', 'Терминал не найден');
    if (typeof body.Token !== 'string' || fakeTbankToken(body, password) !== body.Token)
      return error('204', 'Неверный токен. Проверьте пару TerminalKey/SecretKey.');
    const own = (id: unknown) => {
      const p = payments.get(Number(id));
      if (p) lapse(p);
      return p && p.terminalKey === terminalKey ? p : undefined;
    };
    switch (method) {
      case 'Init': {
        const amount = body.Amount;
        if (!Number.isInteger(amount) || (amount as number) <= 0) return error('9999', 'Неверный параметр Amount');
        if (typeof body.OrderId !== 'string' || body.OrderId.length === 0 || body.OrderId.length > 36)
          return error('9999', 'Неверный параметр OrderId');
        for (const url of ['NotificationURL', 'SuccessURL', 'FailURL']) {
          if (typeof body[url] !== 'string' || !/^https?:\/\//.test(body[url] as string)) return error('9999', `Неверный параметр ${url}`);
        }
        if (body.PayType !== undefined && body.PayType !== 'O' && body.PayType !== 'T') return error('9999', 'Неверный параметр PayType');
        // RedirectDueDate: one minute to 90 days ahead (error 3017 otherwise); unset: 24 hours.
        let dueAt = now() + 24 * 3600_000;
        if (body.RedirectDueDate !== undefined) {
          const due = parseDueDate(body.RedirectDueDate);
          if (due === null) return error('9999', 'Неверный параметр RedirectDueDate');
          if (due < now() + 60_000 || due > now() + 90 * 24 * 3600_000)
            return error('3017', 'Переданное значение RedirectDueDate вне допустимого диапазона');
          dueAt = due;
        }
        const problem = tbankReceiptProblem(body.Receipt, amount as number, ffd);
        if (problem) return error(problem.code, problem.message, problem.details);
        const initPayments = (body.Receipt as Receipt).Payments;
        if (initPayments && initPayments.Electronic !== amount)
          return error(
            '308',
            'Сумма всех позиций в чеке должна равняться сумме всех видов оплаты',
            'Payments.Electronic must equal Amount',
          );
        if ([...payments.values()].some((p) => p.terminalKey === terminalKey && p.orderId === body.OrderId))
          return error('8', 'Платёж с таким OrderId уже есть');
        const id = nextId++;
        const payment: TbankFakePayment = {
          id,
          terminalKey,
          orderId: body.OrderId,
          amount: amount as number,
          refunded: 0,
          status: 'NEW',
          errorCode: '0',
          notificationUrl: body.NotificationURL as string,
          successUrl: body.SuccessURL as string,
          failUrl: body.FailURL as string,
          receipt: body.Receipt as Receipt,
          rrn: String(100000000000 + id),
          sbp: false,
          dueAt,
          refunds: [],
          closings: [],
        };
        payments.set(id, payment);
        return json(200, {
          Success: true,
          ErrorCode: '0',
          TerminalKey: terminalKey,
          Status: 'NEW',
          PaymentId: String(id),
          OrderId: body.OrderId,
          Amount: amount,
          PaymentURL: `${server.base}/pay/${id}`,
        });
      }
      case 'GetQr': {
        const p = own(body.PaymentId);
        if (!p) return error('7', 'Неверный статус покупателя', 'unknown PaymentId');
        if (body.DataType !== 'PAYLOAD' && body.DataType !== 'IMAGE') return error('9999', 'Неверный параметр DataType');
        if (p.status !== 'NEW' && p.status !== 'FORM_SHOWED') return error('3015', 'Неверный статус платежа');
        // «Невозможно создать QR»: an SBP sum outside 10 ₽ … 1,000,000 ₽.
        if (p.amount < 1000 || p.amount > 100_000_000) return error('3016', 'Невозможно создать QR', 'сумма операции по СБП вне диапазона');
        p.sbp = true;
        // The SBP link a banking app opens; here it opens the fake's own page.
        return json(200, { Success: true, ErrorCode: '0', OrderId: p.orderId, PaymentId: p.id, Data: `${server.base}/sbp/${p.id}` });
      }
      case 'GetState': {
        const p = own(body.PaymentId);
        if (!p) return error('7', 'Платёж не найден');
        return json(200, {
          Success: true,
          ErrorCode: '0',
          TerminalKey: terminalKey,
          Status: p.status,
          PaymentId: String(p.id),
          OrderId: p.orderId,
          Amount: p.amount,
        });
      }
      case 'CheckOrder': {
        if (delivering > 0) checkOrdersWhileDelivering += 1;
        if (typeof body.OrderId !== 'string') return error('9999', 'Неверный параметр OrderId');
        const found = [...payments.values()].filter((p) => p.terminalKey === terminalKey && p.orderId === body.OrderId);
        if (found.length === 0) return error('7', 'Заказ не найден');
        const paid = (p: TbankFakePayment) => ['CONFIRMED', 'PARTIAL_REFUNDED', 'REFUNDED'].includes(p.status);
        return json(200, {
          Success: true,
          ErrorCode: '0',
          Message: 'OK',
          TerminalKey: terminalKey,
          OrderId: body.OrderId,
          Payments: found.map((p) => ({
            PaymentId: String(p.id),
            Amount: p.amount,
            Status: p.status,
            ...(paid(p) && !p.sbp ? { RRN: p.rrn } : {}),
            Success: 'true',
            ErrorCode: 0,
            Message: 'None',
          })),
        });
      }
      case 'Cancel': {
        const p = own(body.PaymentId);
        if (!p) return error('7', 'Платёж не найден');
        // T-Bank documents ExternalRequestId as not working for SBP operations: every Cancel refunds.
        const external =
          typeof body.ExternalRequestId === 'string' && body.ExternalRequestId !== '' && !p.sbp ? body.ExternalRequestId : undefined;
        const repeat = external ? p.refunds.find((r) => r.externalRequestId === external) : undefined;
        const answer = () =>
          json(200, {
            Success: true,
            ErrorCode: '0',
            TerminalKey: terminalKey,
            Status: p.status,
            PaymentId: String(p.id),
            OrderId: p.orderId,
            OriginalAmount: p.amount,
            NewAmount: p.amount - p.refunded,
          });
        if (repeat) return answer();
        if (['NEW', 'FORM_SHOWED'].includes(p.status)) {
          p.status = 'CANCELED';
          return answer();
        }
        if (p.status !== 'CONFIRMED' && p.status !== 'PARTIAL_REFUNDED') return error('3015', 'Неверный статус платежа');
        const amount = body.Amount === undefined ? p.amount - p.refunded : body.Amount;
        if (!Number.isInteger(amount) || (amount as number) <= 0 || (amount as number) > p.amount - p.refunded)
          return error('9999', 'Неверная сумма возврата');
        // «При полной отмене структура чека не передается, при частичной — передаются товары, которые нужно отменить.»
        const whole = p.refunded === 0 && amount === p.amount;
        if (whole && body.Receipt !== undefined)
          return error('9999', 'Неверный параметр Receipt', 'a whole cancel sends no receipt structure');
        if (!whole) {
          const problem = tbankReceiptProblem(body.Receipt, amount as number, ffd);
          if (problem) return error(problem.code, problem.message, problem.details);
        }
        p.refunded += amount as number;
        p.refunds.push({ amount: amount as number, receipt: body.Receipt as Receipt | undefined, externalRequestId: external });
        if (asyncRefunds) {
          // «REFUNDING: возврат обрабатывается», «ASYNC_REFUNDING: обработка возврата по QR».
          p.refunding = { amount: amount as number, before: p.status };
          p.status = p.sbp ? 'ASYNC_REFUNDING' : 'REFUNDING';
          return answer();
        }
        p.status = p.refunded === p.amount ? 'REFUNDED' : 'PARTIAL_REFUNDED';
        return answer();
      }
      case 'SendClosingReceipt': {
        const p = own(body.PaymentId);
        if (!p) return error('7', 'Платёж не найден');
        // The method's conditions: the payment CONFIRMED, its Init carried a Receipt with at least one prepaid item.
        if (p.status !== 'CONFIRMED' && p.status !== 'PARTIAL_REFUNDED') return error('3015', 'Неверный статус платежа');
        if (!p.receipt.Items.some((i) => ['full_prepayment', 'prepayment', 'advance'].includes(i.PaymentMethod ?? '')))
          return error('9999', 'В чеке платежа нет предоплаты');
        const receipt = body.Receipt as Receipt | undefined;
        const sum = Array.isArray(receipt?.Items) ? receipt.Items.reduce((s, i) => s + (Number.isInteger(i?.Amount) ? i.Amount : 0), 0) : 0;
        const problem = tbankReceiptProblem(receipt, sum, ffd);
        if (problem) return error(problem.code, problem.message, problem.details);
        const r = receipt as Receipt;
        // What it settles was paid in advance: the prepayment, nothing cashless, and no more than was prepaid and kept.
        if (r.Payments?.AdvancePayment !== sum || (r.Payments.Electronic ?? 0) !== 0)
          return error('308', 'Сумма всех позиций в чеке должна равняться сумме всех видов оплаты', 'Payments.AdvancePayment');
        if (r.Items.some((i) => i.PaymentMethod !== 'full_payment'))
          return error('9999', 'Неверный параметр PaymentMethod', 'a closing receipt is full_payment');
        const closed = p.closings.reduce((s, c) => s + c.Items.reduce((t, i) => t + i.Amount, 0), 0);
        if (closed + sum > p.amount - p.refunded) return error('334', 'Суммы в чеке и в платеже не совпадают', 'more than was prepaid');
        p.closings.push(r);
        return json(200, { Success: true, ErrorCode: '0', Message: 'OK' });
      }
      default:
        return error('9999', `Unknown method ${method}`);
    }
  }

  async function page(request: FakeRequest) {
    const record = /^\/records\/payments\/(\d+)$/.exec(request.path);
    if (record && request.method === 'GET') {
      const p = payments.get(Number(record[1]));
      return p
        ? json(200, {
            status: p.status,
            amount: p.amount,
            refunded: p.refunded,
            receipt: p.receipt,
            refunds: p.refunds,
            closings: p.closings,
          })
        : json(404, { error: 'unknown payment' });
    }
    const match = /^\/(pay|sbp)\/(\d+)(\/complete)?$/.exec(request.path);
    const p = match ? payments.get(Number(match[2])) : undefined;
    if (!match || !p) return { status: 404, body: 'Not found', contentType: 'text/plain' };
    lapse(p);
    if (!match[3]) {
      if (p.status === 'NEW') p.status = 'FORM_SHOWED';
      return paymentPage(
        match[1] === 'sbp' ? 'T-Bank (тест): оплата по СБП' : 'T-Bank (тест): оплата картой',
        `${(p.amount / 100).toFixed(2)} ₽`,
        `/${match[1]}/${p.id}/complete`,
        [
          { value: 'pay', label: 'Оплатить' },
          { value: '1051', label: 'Недостаточно средств' },
          { value: '101', label: 'Не пройдена 3-D Secure' },
        ],
      );
    }
    if (p.status !== 'NEW' && p.status !== 'FORM_SHOWED')
      return { status: 303, body: '', location: p.status === 'CONFIRMED' ? p.successUrl : p.failUrl };
    const choice = formChoice(request.body);
    if (choice === 'pay') {
      p.status = 'CONFIRMED';
    } else {
      p.status = 'REJECTED';
      p.errorCode = choice;
    }
    await notify(p);
    return { status: 303, body: '', location: p.status === 'CONFIRMED' ? p.successUrl : p.failUrl };
  }

  const server = await startFakeServer(async (request) => {
    if (request.method === 'POST' && (request.path.startsWith('/v2/') || request.path === '/cashbox/SendClosingReceipt')) {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return error('9999', 'Неверный JSON');
      }
      const method = request.path.slice(request.path.lastIndexOf('/') + 1);
      calls.push({ method, body });
      return api(method, body);
    }
    return page(request);
  }, options.port);

  return {
    ...server,
    apiUrl: `${server.base}/v2/`,
    payments,
    calls,
    notifications,
    /** Lose every notification from now on (the reconciliation job must find the payment). */
    dropNotifications(drop = true) {
      dropNotifications = drop;
    },
    /** Sends the payment's notification again, as T-Bank does until it gets OK. */
    resend: (id: number) => notify(payments.get(id) as TbankFakePayment),
    sign: signed,
    /** Refunds from now on are taken and finished later (asyncRefunds), or done at once. */
    refundLater(on = true) {
      asyncRefunds = on;
    },
    /** Ends a refund taken with asyncRefunds: done (REFUNDED / PARTIAL_REFUNDED) or failed (back to the status before), and notifies. */
    async finishRefund(id: number, outcome: 'done' | 'failed') {
      const p = payments.get(id);
      if (!p?.refunding) throw new Error(`payment ${id} has no refund under way`);
      if (outcome === 'done') p.status = p.refunded === p.amount ? 'REFUNDED' : 'PARTIAL_REFUNDED';
      else {
        p.refunded -= p.refunding.amount;
        p.status = p.refunding.before;
      }
      p.refunding = undefined;
      await notify(p);
    },
    /** T-Bank's decline, then a success of the same payment, each notified (a decline is not always the end). */
    async rejectThenConfirm(id: number, errorCode = '1051') {
      const p = payments.get(id);
      if (!p) throw new Error(`no payment ${id}`);
      p.status = 'REJECTED';
      p.errorCode = errorCode;
      await notify(p);
      p.status = 'CONFIRMED';
      p.errorCode = '0';
      await notify(p);
    },
    /** CheckOrder calls made while a notification waited for the storefront's answer. */
    checkOrdersWhileDelivering: () => checkOrdersWhileDelivering,
  };
}
export type TbankFake = Awaited<ReturnType<typeof startTbankFake>>;
