import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskTask } from '../contract/admin/desk-register.ts';
import { insertMiniCatalog } from './fixtures.ts';
import { startAtolDriverServer } from './fakes/atol-driver-server.ts';
import { createClock, createTestApp, type TestApp } from './harness.ts';
import { type RelayApi, relayTasks } from '../web/admin/features/box-office/register-relay.ts';
import { paidOrder } from '../server/returns/returns-test-kit.ts';
import { adminCall, signedInAs } from '../server/admin/staff/staff-test-kit.ts';

// Noon in Moscow: the mini catalog's session is a week on.
const NOON = new Date('2026-11-21T09:00:00Z');
const REGISTER = 'desk-1';
const noWait = async () => {};

/** Two places of price 9000 (500 ₽ each) for cash at the register. */
const sale = (over: Record<string, unknown> = {}) => ({
  sessionId: 9000,
  lines: [{ priceId: 9000, quantity: 2 }],
  payment: { kind: 'cash', tendered: 150000 },
  expectedTotal: 100000,
  register: REGISTER,
  ...over,
});

let t: TestApp;
let cashier: { cookie: string; member: { id: number; name: string } };
const call = (method: 'GET' | 'POST', url: string, body?: unknown) => adminCall(t, method, url, cashier.cookie, body);

async function state(register = REGISTER): Promise<{ shift: { id: number } | null; tasks: DeskTask[]; demoDriver: string | null }> {
  const response = await call('GET', `/api/admin/desk/register?register=${register}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The relay's calls to our server, made as the cashier's page makes them. */
const api: RelayApi = {
  async sent(id) {
    const response = await call('POST', `/api/admin/desk/receipt-tasks/${id}/sent`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().task;
  },
  async result(id, body) {
    const response = await call('POST', `/api/admin/desk/receipt-tasks/${id}/result`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().task;
  },
};
const driverFetch = (url: string, init?: { method: string; headers: Record<string, string>; body: string }) => fetch(url, init);

async function remaining() {
  return (await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9000')).rows[0]?.remaining;
}

beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(NOON) });
  await insertMiniCatalog(t.db, { capacity: 5, priceLimit: 3 });
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(NOON.getTime() + 7 * 86_400_000)]);
  await t.db.query("update events set refund_policy = 'full', return_hours_before = 0, allow_return = true where id = 9000");
  cashier = await signedInAs(t, 'cashier');
});
afterEach(() => t.close());

describe('a sale at the register', () => {
  it('opens the shift, takes the money into it and makes the sale receipt a task mapped to ATOL from the receipt model', async () => {
    const response = await call('POST', '/api/admin/desk/sales', sale());
    expect(response.statusCode, response.body).toBe(200);
    const { tasks, shift } = await state();
    expect(shift).not.toBeNull();
    expect(tasks.map((x) => [x.kind, x.state])).toEqual([
      ['openShift', 'pending'],
      ['sell', 'pending'],
    ]);
    const sell = tasks[1] as DeskTask;
    expect(response.json().receiptTask).toBe(sell.id);
    expect(sell).toMatchObject({ register: REGISTER, driver: 'atol', total: 100000, orderNumber: expect.any(Number) });
    expect(sell.request).toMatchObject({
      type: 'sell',
      electronically: false,
      operator: { name: cashier.member.name },
      items: [
        {
          type: 'position',
          price: 500,
          quantity: 2,
          amount: 1000,
          tax: { type: 'none' },
          paymentMethod: 'fullPrepayment',
          paymentObject: 'service',
          measurementUnit: 'piece',
        },
      ],
      payments: [{ type: 'cash', sum: 1000 }],
      total: 1000,
    });
    const paid = await t.db.query('select register, shift_id from desk_payments');
    expect(paid.rows).toEqual([{ register: REGISTER, shift_id: shift?.id }]);
  });

  it('a split pays cash and card as two payment lines', async () => {
    const response = await call('POST', '/api/admin/desk/sales', sale({ payment: { kind: 'split', cash: 30000 } }));
    expect(response.statusCode, response.body).toBe(200);
    const sell = (await state()).tasks.find((x) => x.kind === 'sell');
    expect(sell?.request.payments).toEqual([
      { type: 'cash', sum: 300 },
      { type: 'electronically', sum: 700 },
    ]);
  });

  it('a sale that names no register makes no task (as before the desk had one)', async () => {
    const { register: _omit, ...plain } = sale();
    expect((await call('POST', '/api/admin/desk/sales', plain)).statusCode).toBe(200);
    expect((await t.db.query('select 1 from desk_receipt_tasks')).rows).toHaveLength(0);
  });

  it('refuses a register name that is not one, and sells nothing', async () => {
    const response = await call('POST', '/api/admin/desk/sales', sale({ register: 'desk 1;' }));
    expect(response.statusCode).toBe(400);
    expect((await t.db.query('select 1 from orders')).rows).toHaveLength(0);
  });
});

describe('receipt tasks through the register’s driver', () => {
  let register: Awaited<ReturnType<typeof startAtolDriverServer>>;
  // A fresh register per test: its shift and its tasks are its own.
  beforeEach(async () => {
    register = await startAtolDriverServer();
  });
  afterEach(() => register.stop());

  it('a register offline then back: the sale waits, then its receipt goes out once', async () => {
    expect((await call('POST', '/api/admin/desk/sales', sale())).statusCode).toBe(200);
    await register.stop();
    const offline = await relayTasks((await state()).tasks, register.base, api, driverFetch, noWait);
    expect([...offline.values()]).toEqual(['pending']);
    let tasks = (await state()).tasks;
    expect(tasks.map((x) => [x.kind, x.state, x.attempts])).toEqual([
      ['openShift', 'pending', 1],
      ['sell', 'pending', 0],
    ]);
    expect(tasks[0]?.error).toBeTruthy();
    // The page relays again once the register is back: both go out, in order.
    await register.start();
    const back = await relayTasks(tasks, register.base, api, driverFetch, noWait);
    expect([...back.values()]).toEqual(['done', 'done']);
    tasks = (await state()).tasks;
    expect(tasks.every((x) => x.state === 'done' && x.fiscalSign && x.fiscalNumber)).toBe(true);
    // A page that sends the same task again (it never heard the answer) prints nothing more.
    const sell = tasks.find((x) => x.kind === 'sell') as DeskTask;
    await t.db.query("update desk_receipt_tasks set state = 'sent' where id = $1", [sell.id]);
    expect([...(await relayTasks([{ ...sell, state: 'sent' }], register.base, api, driverFetch, noWait)).values()]).toEqual(['done']);
    expect(register.driver.printed('sell')).toHaveLength(1);
  });

  it('a refused receipt fails with the driver’s words; a retry goes under a new uuid and prints once', async () => {
    expect((await call('POST', '/api/admin/desk/sales', sale())).statusCode).toBe(200);
    expect([...(await relayTasks((await state()).tasks, register.base, api, driverFetch, noWait)).values()]).toEqual(['done', 'done']);
    expect((await call('POST', '/api/admin/desk/sales', sale())).statusCode).toBe(200);
    register.driver.jamNext('Нет бумаги');
    expect([...(await relayTasks((await state()).tasks, register.base, api, driverFetch, noWait)).values()]).toEqual(['failed']);
    const failed = (await state()).tasks.find((x) => x.state === 'failed') as DeskTask;
    expect(failed).toMatchObject({ kind: 'sell', error: 'Нет бумаги', attempts: 1 });
    const retried = await call('POST', `/api/admin/desk/receipt-tasks/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().task).toMatchObject({ state: 'pending' });
    expect(retried.json().task.uuid).not.toBe(failed.uuid);
    expect([...(await relayTasks((await state()).tasks, register.base, api, driverFetch, noWait)).values()]).toEqual(['done']);
    expect((await state()).tasks.find((x) => x.id === failed.id)).toMatchObject({ state: 'done', attempts: 2 });
    // Two sales, two receipts: the refused attempt printed nothing.
    expect(register.driver.printed('sell')).toHaveLength(2);
  });
});

describe('receipt task calls and their refusals', () => {
  it('marks a task printed elsewhere; refuses it for a done task, a retry of a task not failed, an unknown task', async () => {
    expect((await call('POST', '/api/admin/desk/sales', sale())).statusCode).toBe(200);
    const sell = (await state()).tasks.find((x) => x.kind === 'sell') as DeskTask;
    const elsewhere = await call('POST', `/api/admin/desk/receipt-tasks/${sell.id}/elsewhere`);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().task).toMatchObject({ state: 'done', printedElsewhere: true });
    for (const [url, code, status] of [
      [`/api/admin/desk/receipt-tasks/${sell.id}/elsewhere`, '-2633', 409],
      [`/api/admin/desk/receipt-tasks/${sell.id}/retry`, '-2633', 409],
      [`/api/admin/desk/receipt-tasks/${sell.id}/sent`, '-2633', 409],
      ['/api/admin/desk/receipt-tasks/999999/sent', '-2632', 404],
    ] as const) {
      const response = await call('POST', url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json()).toMatchObject({ errorCode: code, errorText: expect.any(String) });
    }
    const bad = await call('POST', `/api/admin/desk/receipt-tasks/${sell.id}/result`, { outcome: 'maybe' });
    expect(bad.statusCode).toBe(400);
    const audit = await t.db.query<{ after: { outcome: string } }>("select after from audit_log where action = 'desk.receipt'");
    expect(audit.rows.map((r) => r.after.outcome)).toEqual(['elsewhere']);
  });
});

describe('shifts', () => {
  it('opens, refuses a second open, X report, cash in and out, closes with the Z report, refuses a close of a closed one', async () => {
    const opened = await call('POST', '/api/admin/desk/shifts/open', { register: REGISTER });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().task).toMatchObject({
      kind: 'openShift',
      request: { type: 'openShift', operator: { name: cashier.member.name } },
    });
    expect((await call('POST', '/api/admin/desk/shifts/open', { register: REGISTER })).json().errorCode).toBe('-2630');
    expect((await call('POST', '/api/admin/desk/shifts/report-x', { register: REGISTER })).json().task.request).toEqual({
      type: 'reportX',
      operator: { name: cashier.member.name },
    });
    const cashIn = await call('POST', '/api/admin/desk/shifts/cash', { register: REGISTER, kind: 'in', amount: 500000 });
    expect(cashIn.json().task.request).toEqual({ type: 'cashIn', operator: { name: cashier.member.name }, cashSum: 5000 });
    // More out than the drawer holds: refused, nothing recorded.
    const short = await call('POST', '/api/admin/desk/shifts/cash', { register: REGISTER, kind: 'out', amount: 500001 });
    expect(short.statusCode).toBe(409);
    expect(short.json().errorCode).toBe('-2636');
    expect(
      (await call('POST', '/api/admin/desk/shifts/cash', { register: REGISTER, kind: 'out', amount: 200000 })).json().task.request,
    ).toMatchObject({ type: 'cashOut', cashSum: 2000 });
    expect((await call('POST', '/api/admin/desk/shifts/cash', { register: REGISTER, kind: 'in', amount: 0 })).statusCode).toBe(400);
    const closed = await call('POST', '/api/admin/desk/shifts/close', { register: REGISTER });
    expect(closed.json()).toMatchObject({ shift: { closedAt: NOON.toISOString() }, task: { kind: 'closeShift' } });
    for (const url of ['/api/admin/desk/shifts/close', '/api/admin/desk/shifts/report-x']) {
      expect((await call('POST', url, { register: REGISTER })).json().errorCode).toBe('-2631');
    }
    expect((await call('POST', '/api/admin/desk/shifts/cash', { register: REGISTER, kind: 'in', amount: 100 })).json().errorCode).toBe(
      '-2631',
    );
    const report = await call('GET', `/api/admin/desk/shifts/${opened.json().shift.id}/report`);
    expect(report.json().report).toMatchObject({ cashIn: 500000, cashOut: 200000, cashExpected: 300000, receiptsPending: 5 });
    const actions = await t.db.query<{ action: string }>("select action from audit_log where action like 'desk.%' order by id");
    expect(actions.rows.map((r) => r.action)).toEqual([
      'desk.shift.open',
      'desk.shift.x-report',
      'desk.cash',
      'desk.cash',
      'desk.shift.close',
    ]);
  });

  it('another register has its own shift', async () => {
    expect((await call('POST', '/api/admin/desk/shifts/open', { register: REGISTER })).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/desk/shifts/open', { register: 'desk-2' })).statusCode).toBe(200);
    expect((await state('desk-2')).tasks).toHaveLength(1);
  });
});

describe('returns at the desk and the shift report', () => {
  it('returns one of two tickets sold for cash: the place back at once, cash back with a sellReturn receipt, the report reconciles', async () => {
    const sold = await call('POST', '/api/admin/desk/sales', sale());
    expect(sold.statusCode).toBe(200);
    await call(
      'POST',
      '/api/admin/desk/sales',
      sale({ lines: [{ priceId: 9001, quantity: 1 }], payment: { kind: 'card', rrn: '123456789012' }, expectedTotal: 30000 }),
    );
    const codes = await t.db.query<{ id: number; code: string }>('select id, code from tickets where order_id = $1 order by id', [
      sold.json().order.id,
    ]);
    const code = codes.rows[0]?.code as string;
    const lookup = await call('GET', `/api/admin/desk/returns/lookup?code=${encodeURIComponent(code)}`);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({
      order: { channel: 'desk', paidWith: ['cash'] },
      ticketId: codes.rows[0]?.id,
      quote: { amount: 50000, percent: 100 },
    });
    expect(lookup.json().tickets).toHaveLength(2);
    const before = await remaining();
    const returned = await call('POST', '/api/admin/desk/returns', {
      register: REGISTER,
      orderId: sold.json().order.id,
      ticketIds: [codes.rows[0]?.id],
      reasonId: 1,
      method: 'cash',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ amount: 50000, status: 70, via: 'desk', task: { kind: 'sellReturn', total: 50000 } });
    expect(returned.json().task.request).toMatchObject({
      type: 'sellReturn',
      items: [{ price: 500, quantity: 1, amount: 500 }],
      payments: [{ type: 'cash', sum: 500 }],
      total: 500,
    });
    expect(await remaining()).toBe((before ?? 0) + 1);
    // Returned already: the lookup says it is not returnable, a second return is refused.
    expect((await call('GET', `/api/admin/desk/returns/lookup?code=${encodeURIComponent(code)}`)).json().quote).toBeNull();
    expect(
      (
        await call('POST', '/api/admin/desk/returns', {
          register: REGISTER,
          orderId: sold.json().order.id,
          ticketIds: [codes.rows[0]?.id],
          reasonId: 1,
        })
      ).statusCode,
    ).toBe(409);

    const shift = (await state()).shift as { id: number };
    const report = await call('GET', `/api/admin/desk/shifts/${shift.id}/report`);
    expect(report.json().report).toMatchObject({
      cashSales: 100000,
      cardSales: 30000,
      pushkinSales: 0,
      sales: 130000,
      cashReturns: 50000,
      cardReturns: 0,
      returns: 50000,
      cashExpected: 50000,
      receiptsPending: 4,
    });
    const csv = await call('GET', `/api/admin/desk/shifts/${shift.id}/report.csv?lang=ru`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFПоказатель;Сумма\r\n')).toBe(true);
    expect(csv.body).toContain('Продажи наличными;1000,00\r\n');
    expect(csv.body).toContain('Возвраты наличными;500,00\r\n');
    expect(csv.body).toContain('Наличных в кассе;500,00\r\n');
    const audit = await t.db.query<{ after: { via: string; register: string } }>(
      "select after from audit_log where action = 'desk.return'",
    );
    expect(audit.rows).toEqual([{ after: expect.objectContaining({ via: 'desk', register: REGISTER }) }]);
  });

  it('refuses a cash refund the drawer cannot pay, a share set by hand without a reason, an unknown code; changes nothing', async () => {
    const sold = await call('POST', '/api/admin/desk/sales', sale({ payment: { kind: 'card' } }));
    const ticket = (
      await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id limit 1', [sold.json().order.id])
    ).rows[0]?.id;
    const before = await remaining();
    const short = await call('POST', '/api/admin/desk/returns', {
      register: REGISTER,
      orderId: sold.json().order.id,
      ticketIds: [ticket],
      reasonId: 1,
      method: 'cash',
    });
    expect(short.json().errorCode).toBe('-2636');
    const noReason = await call('POST', '/api/admin/desk/returns', {
      register: REGISTER,
      orderId: sold.json().order.id,
      ticketIds: [ticket],
      reasonId: 1,
      percent: 50,
    });
    expect(noReason.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/desk/returns/lookup?code=NOPE')).json().errorCode).toBe('-2634');
    expect(await remaining()).toBe(before);
    expect((await t.db.query('select 1 from desk_refunds')).rows).toHaveLength(0);
    // To the card on the terminal, at a share set by hand with a reason: the override is recorded.
    const card = await call('POST', '/api/admin/desk/returns', {
      register: REGISTER,
      orderId: sold.json().order.id,
      ticketIds: [ticket],
      reasonId: 1,
      percent: 50,
      reason: 'Замена состава',
      method: 'card',
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ amount: 25000, task: { request: { payments: [{ type: 'electronically', sum: 250 }] } } });
  });

  it('a web order returned at the desk refunds through its acquirer, no register receipt', async () => {
    t.clock.set(NOON);
    const order = await paidOrder(t);
    const ticket = (
      await t.db.query<{ id: number; code: string }>('select id, code from tickets where order_id = $1 order by id limit 1', [order.id])
    ).rows[0];
    const lookup = await call('GET', `/api/admin/desk/returns/lookup?code=${encodeURIComponent(ticket?.code ?? '')}`);
    expect(lookup.json().order).toMatchObject({ channel: 'web', paidWith: [] });
    const returned = await call('POST', '/api/admin/desk/returns', {
      register: REGISTER,
      orderId: order.id,
      ticketIds: [ticket?.id],
      reasonId: 1,
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ via: 'acquirer', task: null, amount: 50000 });
    expect((await t.db.query('select 1 from desk_refunds')).rows).toHaveLength(0);
  });
});

describe('GET /api/admin/reports/sales?group=channel', () => {
  it('groups the period’s sales and returns by channel: the web and the desk, named in four languages; the CSV too', async () => {
    t.clock.set(NOON);
    await paidOrder(t);
    const sold = await call('POST', '/api/admin/desk/sales', sale());
    expect(sold.statusCode).toBe(200);
    const ticket = (
      await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id limit 1', [sold.json().order.id])
    ).rows[0]?.id;
    expect(
      (
        await call('POST', '/api/admin/desk/returns', {
          register: REGISTER,
          orderId: sold.json().order.id,
          ticketIds: [ticket],
          reasonId: 1,
        })
      ).statusCode,
    ).toBe(200);
    const manager = await signedInAs(t, 'manager');
    const response = await adminCall(t, 'GET', '/api/admin/reports/sales?from=2026-11-21&to=2026-11-21&group=channel', manager.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.rows).toEqual([
      expect.objectContaining({
        key: 'desk',
        name: { ru: 'Касса', en: 'Box office', kz: 'Касса', ch: '售票处' },
        orders: 1,
        tickets: 2,
        amount: 100000,
        returnedTickets: 1,
        refunds: 50000,
        net: 50000,
      }),
      expect.objectContaining({
        key: 'web',
        name: expect.objectContaining({ ru: 'Сайт' }),
        orders: 1,
        tickets: 2,
        returnedTickets: 0,
        refunds: 0,
      }),
    ]);
    expect(body.totals.orders).toBe(2);
    const csv = await adminCall(
      t,
      'GET',
      '/api/admin/reports/sales.csv?from=2026-11-21&to=2026-11-21&group=channel&lang=en',
      manager.cookie,
    );
    expect(csv.body).toContain('Sales channel');
    expect(csv.body).toContain('Box office,1,2,1000.00,1,500.00,500.00');
    // The cashier does not read reports.
    expect((await call('GET', '/api/admin/reports/sales?from=2026-11-21&to=2026-11-21&group=channel')).statusCode).toBe(403);
  });
});
