/**
 * A fake of ATOL's driver web server («Web-сервер ДТО 10»), written from its protocol as
 * docs/box-office.md sums it up (and the sources it names), for the tests and the demo desk. It
 * imports nothing of ours and checks tasks by the protocol's own rules, never with our code:
 * - POST /api/v2/requests takes { uuid, request: task | [tasks] }: 201 and queued; a uuid it has
 *   already is 409 (the task is never done twice); no uuid or no task, 400.
 * - GET /api/v2/requests/{uuid}: { results: [{ status, errorCode, errorDescription, result }] }
 *   per task of the request (status ready or error); 404 for a uuid it never took.
 * - openShift, closeShift, reportX, cashIn, cashOut, sell, sellReturn; a sell or sellReturn whose
 *   items do not add up to their amounts, whose amounts do not add up to the total, or whose
 *   payments fall short of it, fails; so does openShift on an open shift, closeShift on a closed
 *   one. A sell on a closed shift opens it first, as the register does by default.
 * - sellCorrection, sellReturnCorrection (a correction receipt, «чек коррекции»): correctionType
 *   self or instruction, correctionBaseDate YYYY.MM.DD (a real day), correctionBaseNumber (at most
 *   32 characters) required for an instruction and, under FFD 1.05, for any correction; under FFD
 *   1.2 the items, total and payments are checked as a sell's; under FFD 1.05 the task has no items
 *   but payments and the rates of VAT (`taxes`). Sources: the example task of the driver's manual
 *   quoted in OpenPapyrus's ATOL driver, and a C# client's PrintCorrectionReceipt (docs/box-office.md).
 * - CORS: the cashier's page is another origin than the loopback service, so the fake answers
 *   preflights for any origin, with Private Network Access's allow header too.
 */

type Json = Record<string, unknown>;
export type AtolResult = { status: 'ready' | 'error'; errorCode: number; errorDescription: string; result: Json | null };
export type AtolStored = { uuid: string; tasks: Json[]; results: AtolResult[] };

const cents = (value: unknown) => Math.round(Number(value) * 100);

/**
 * ATOL's names of FFD 1.2 measures (tag 2108) that the sources show (a C# client's mapping and
 * ATOL JSON clients' items): a ticket is a piece. Any other value is refused.
 */
const MEASURES = ['piece', 'gram', 'kilogram', 'centimeter', 'decimeter', 'liter'];

/**
 * ATOL's names of VAT rates (tag 1199): 18 % ones gone, 5 % and 7 % from 2025, 22 % from 2026;
 * sources in docs/box-office.md («Taxes»).
 */
const TAX_TYPES = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat22', 'vat105', 'vat107', 'vat110', 'vat120', 'vat122'];

/** `ffd`: the format the fake register's fiscal drive works in (1.2 by default). */
export function createAtolDriver(options: { ffd?: '1.05' | '1.2' } = {}) {
  const ffd = options.ffd ?? '1.2';
  const requests = new Map<string, AtolStored>();
  let shiftOpen = false;
  let shiftNumber = 0;
  let documentNumber = 0;
  /** The next task fails with this error (a jammed printer, no paper), once. */
  let jam: string | null = null;

  const fiscal = (extra: Json = {}) => {
    documentNumber += 1;
    return {
      fiscalParams: {
        fiscalDocumentNumber: documentNumber,
        // Any digits: the fiscal sign is the fiscal drive's, printed on the receipt.
        fiscalDocumentSign: String(1_000_000_000 + documentNumber * 7919),
        fnNumber: '9999078900000961',
        registrationNumber: '0000000001002292',
        shiftNumber,
        fnsUrl: 'www.nalog.gov.ru',
        ...extra,
      },
      warnings: null,
    };
  };
  const fail = (errorCode: number, errorDescription: string): AtolResult => ({
    status: 'error',
    errorCode,
    errorDescription,
    result: null,
  });
  const ready = (result: Json): AtolResult => ({ status: 'ready', errorCode: 0, errorDescription: '', result });

  function receipt(task: Json): AtolResult {
    const items = Array.isArray(task.items) ? (task.items as Json[]) : [];
    const payments = Array.isArray(task.payments) ? (task.payments as Json[]) : [];
    if (items.length === 0) return fail(-1, 'Нет позиций в чеке');
    for (const item of items) {
      if (item.type !== 'position' || typeof item.name !== 'string' || !item.tax) return fail(-1, 'Неверная позиция');
      // FFD 1.2: each item names its measure (tag 2108) by ATOL's name; 1.05 takes a free text unit, if any.
      if (ffd === '1.2' && !MEASURES.includes(String(item.measurementUnit))) return fail(-1, 'Неверная мера количества предмета расчета');
      if (Math.abs(cents(item.price) * Number(item.quantity) - cents(item.amount)) > 0)
        return fail(-1, 'Сумма позиции не равна цене на количество');
    }
    const total = task.total === undefined ? items.reduce((s, i) => s + cents(i.amount), 0) : cents(task.total);
    if (items.reduce((s, i) => s + cents(i.amount), 0) !== total) return fail(-1, 'Итог не равен сумме позиций');
    if (!payments.every((p) => ['cash', 'electronically', 'prepaid', 'credit', 'other'].includes(String(p.type))))
      return fail(-1, 'Неверный тип оплаты');
    const paid = payments.reduce((s, p) => s + cents(p.sum), 0);
    if (paid < total) return fail(-1, 'Сумма оплат меньше итога');
    // Change is given from cash only: the cashless part may not exceed the total.
    if (payments.filter((p) => p.type !== 'cash').reduce((s, p) => s + cents(p.sum), 0) > total)
      return fail(-1, 'Безналичная оплата больше итога');
    if (!shiftOpen) {
      shiftOpen = true;
      shiftNumber += 1;
      documentNumber += 1;
    }
    return ready(fiscal({ total: total / 100, fiscalReceiptNumber: documentNumber + 1 }));
  }

  function correction(task: Json): AtolResult {
    if (task.correctionType !== 'self' && task.correctionType !== 'instruction') return fail(-1, 'Неверный тип коррекции');
    const day = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(typeof task.correctionBaseDate === 'string' ? task.correctionBaseDate : '');
    const real =
      day !== null &&
      new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))).toISOString().slice(0, 10) === `${day[1]}-${day[2]}-${day[3]}`;
    if (!real) return fail(-1, 'Неверная дата документа основания для коррекции');
    const number = task.correctionBaseNumber;
    if (number !== undefined && (typeof number !== 'string' || number.length > 32))
      return fail(-1, 'Неверный номер документа основания для коррекции');
    if ((task.correctionType === 'instruction' || ffd === '1.05') && !number)
      return fail(-1, 'Не указан номер документа основания для коррекции');
    if (ffd === '1.2') return receipt(task);
    // FFD 1.05: no items; the payments and the rates of VAT.
    if (task.items !== undefined) return fail(-1, 'Позиции в чеке коррекции не поддерживаются ФФД 1.05');
    const payments = Array.isArray(task.payments) ? (task.payments as Json[]) : [];
    const taxes = Array.isArray(task.taxes) ? (task.taxes as Json[]) : [];
    if (payments.length === 0 || !payments.every((p) => ['cash', 'electronically', 'prepaid', 'credit', 'other'].includes(String(p.type))))
      return fail(-1, 'Неверный тип оплаты');
    if (taxes.length === 0 || !taxes.every((t) => TAX_TYPES.includes(String(t.type)))) return fail(-1, 'Неверная ставка НДС');
    if (!shiftOpen) {
      shiftOpen = true;
      shiftNumber += 1;
      documentNumber += 1;
    }
    return ready(fiscal({ total: payments.reduce((sum, p) => sum + cents(p.sum), 0) / 100, fiscalReceiptNumber: documentNumber + 1 }));
  }

  function run(task: Json): AtolResult {
    if (jam) {
      const error = jam;
      jam = null;
      return fail(-1, error);
    }
    const operator = task.operator as Json | undefined;
    if (task.type !== 'reportX' && (!operator || typeof operator.name !== 'string' || operator.name === ''))
      return fail(-1, 'Не указан кассир');
    switch (task.type) {
      case 'openShift':
        if (shiftOpen) return fail(156, 'Смена открыта - операция невозможна');
        shiftOpen = true;
        shiftNumber += 1;
        return ready(fiscal());
      case 'closeShift':
        if (!shiftOpen) return fail(157, 'Смена не открыта - операция невозможна');
        shiftOpen = false;
        return ready(fiscal());
      case 'reportX':
        return ready(fiscal());
      case 'cashIn':
      case 'cashOut':
        if (!(Number(task.cashSum) > 0)) return fail(-1, 'Неверная сумма');
        return ready({ counters: { cashSum: Number(task.cashSum) } });
      case 'sell':
      case 'sellReturn':
        return receipt(task);
      case 'sellCorrection':
      case 'sellReturnCorrection':
        return correction(task);
      default:
        return fail(-1, `Неизвестный тип задания ${String(task.type)}`);
    }
  }

  function handle(method: string, path: string, body: string): { status: number; body: string } {
    if (method === 'POST' && path === '/api/v2/requests') {
      let parsed: Json;
      try {
        parsed = JSON.parse(body) as Json;
      } catch {
        return { status: 400, body: JSON.stringify({ error: { code: 400, description: 'Неверный JSON' } }) };
      }
      const uuid = typeof parsed.uuid === 'string' ? parsed.uuid : '';
      const tasks = Array.isArray(parsed.request)
        ? (parsed.request as Json[])
        : parsed.request && typeof parsed.request === 'object'
          ? [parsed.request as Json]
          : [];
      if (!uuid || tasks.length === 0)
        return { status: 400, body: JSON.stringify({ error: { code: 400, description: 'Нет uuid или задания' } }) };
      if (requests.has(uuid))
        return { status: 409, body: JSON.stringify({ error: { code: 409, description: 'Задание с таким uuid уже существует' } }) };
      requests.set(uuid, { uuid, tasks, results: tasks.map(run) });
      return { status: 201, body: '' };
    }
    const match = /^\/api\/v2\/requests\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const stored = requests.get(decodeURIComponent(match[1] ?? ''));
      if (!stored) return { status: 404, body: JSON.stringify({ error: { code: 404, description: 'Задание не найдено' } }) };
      return { status: 200, body: JSON.stringify({ results: stored.results }) };
    }
    return { status: 404, body: '' };
  }

  return {
    handle,
    /** Every task it took, in order (a test counts what was printed). */
    requests: () => [...requests.values()],
    printed: (type: string) =>
      [...requests.values()].flatMap((r) => r.tasks.filter((t, i) => t.type === type && r.results[i]?.status === 'ready')),
    jamNext(error: string) {
      jam = error;
    },
    get shiftOpen() {
      return shiftOpen;
    },
  };
}
export type AtolDriverFake = ReturnType<typeof createAtolDriver>;

/** The CORS answer of a loopback service the back office's page (another origin) calls. */
export function atolCorsHeaders(origin: string | undefined): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-private-network': 'true',
    vary: 'origin',
  };
}
