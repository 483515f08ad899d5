import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskTask } from '../contract/admin/desk-register.ts';
import { createAtolDriver } from '../demo/atol-driver-fake.ts';
import { adminCall, signedInAs } from '../server/admin/staff/staff-test-kit.ts';
import { type RelayApi, relayTasks } from '../web/admin/features/box-office/register-relay.ts';
import { startAtolDriverServer } from './fakes/atol-driver-server.ts';
import { insertMiniCatalog } from './fixtures.ts';
import { createClock, createTestApp, type TestApp } from './harness.ts';

// Noon in Moscow on 21 November: the refused receipt's day in the venue's zone.
const NOON = new Date('2026-11-21T09:00:00Z');
const REGISTER = 'desk-1';
const noWait = async () => {};

let t: TestApp;
let register: Awaited<ReturnType<typeof startAtolDriverServer>>;
let cashier: { cookie: string; member: { id: number; name: string } };
const call = (method: 'GET' | 'POST', url: string, body?: unknown) => adminCall(t, method, url, cashier.cookie, body);

async function tasks(): Promise<DeskTask[]> {
  const response = await call('GET', `/api/admin/desk/register?register=${REGISTER}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tasks;
}
const api: RelayApi = {
  sent: async (id) => (await call('POST', `/api/admin/desk/receipt-tasks/${id}/sent`)).json().task,
  result: async (id, body) => (await call('POST', `/api/admin/desk/receipt-tasks/${id}/result`, body)).json().task,
};
const driverFetch = (url: string, init?: { method: string; headers: Record<string, string>; body: string }) => fetch(url, init);
const relay = async () => [...(await relayTasks(await tasks(), register.base, api, driverFetch, noWait)).values()];

/** A sale of two places (500 ₽ each) for cash at the register whose receipt the register refuses. */
async function refusedSale(): Promise<DeskTask> {
  const sold = await call('POST', '/api/admin/desk/sales', {
    sessionId: 9000,
    lines: [{ priceId: 9000, quantity: 2 }],
    payment: { kind: 'cash', tendered: 100000 },
    expectedTotal: 100000,
    register: REGISTER,
  });
  expect(sold.statusCode, sold.body).toBe(200);
  // The shift opens; the sale's receipt is refused (the fiscal drive's answer, which a retry only repeats).
  const open = (await tasks()).filter((task) => task.state === 'pending');
  expect(open.map((task) => task.kind).at(-1)).toBe('sell');
  if (open.length === 2) expect(await relayTasks([open[0] as DeskTask], register.base, api, driverFetch, noWait)).toBeTruthy();
  register.driver.jamNext('Превышено время ожидания ответа ФН');
  expect(await relay()).toEqual(['failed']);
  return (await tasks()).find((task) => task.state === 'failed') as DeskTask;
}

async function setUp(ffd: '1.05' | '1.2') {
  t = await createTestApp({
    demo: false,
    clock: createClock(NOON),
    config: { receipt: { paymentMode: 'full_payment', tax: 'none', taxation: 'usn_income', ffd } },
  });
  await insertMiniCatalog(t.db, { capacity: 5, priceLimit: 3 });
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(NOON.getTime() + 7 * 86_400_000)]);
  cashier = await signedInAs(t, 'cashier');
  register = await startAtolDriverServer(createAtolDriver({ ffd }));
}
afterEach(async () => {
  await register.stop();
  await t.close();
});

describe('a correction receipt for a refused desk receipt (FFD 1.2)', () => {
  beforeEach(() => setUp('1.2'));

  it('the refused sale receipt is made up for by a sellCorrection task with its items and payments, printed once', async () => {
    const refused = await refusedSale();
    const response = await call('POST', `/api/admin/desk/receipt-tasks/${refused.id}/correct`, { type: 'self' });
    expect(response.statusCode, response.body).toBe(200);
    const { task, correction } = response.json() as { task: DeskTask; correction: DeskTask };
    expect(task).toMatchObject({ id: refused.id, state: 'done', correctedBy: correction.id, printedElsewhere: false });
    expect(correction).toMatchObject({
      kind: 'sellCorrection',
      state: 'pending',
      corrects: refused.id,
      total: 100000,
      orderNumber: refused.orderNumber,
      register: REGISTER,
    });
    expect(correction.uuid).not.toBe(refused.uuid);
    expect(correction.request).toEqual({
      type: 'sellCorrection',
      taxationType: 'usnIncome',
      electronically: false,
      operator: { name: cashier.member.name },
      correctionType: 'self',
      correctionBaseDate: '2026.11.21',
      items: refused.request.items,
      payments: refused.request.payments,
      total: refused.request.total,
    });
    // Relayed as any task; the register prints the correction receipt, once.
    expect(await relay()).toEqual(['done']);
    const after = await tasks();
    expect(after.find((x) => x.id === correction.id)).toMatchObject({ state: 'done', fiscalNumber: expect.any(String) });
    expect(register.driver.printed('sellCorrection')).toHaveLength(1);
    expect(register.driver.printed('sell')).toHaveLength(0);
    // No receipt of the shift is left unprinted.
    const shift = (await call('GET', `/api/admin/desk/register?register=${REGISTER}`)).json().shift as { id: number };
    expect((await call('GET', `/api/admin/desk/shifts/${shift.id}/report`)).json().report.receiptsPending).toBe(0);
    const audit = await t.db.query<{ after: Record<string, unknown> }>(
      "select after from audit_log where action = 'desk.receipt' order by id",
    );
    expect(audit.rows.map((r) => r.after)).toContainEqual(
      expect.objectContaining({ outcome: 'correct', correction: correction.id, type: 'self', baseDate: '2026-11-21' }),
    );
  });

  it('by an instruction: its number and date go into the task', async () => {
    const refused = await refusedSale();
    const response = await call('POST', `/api/admin/desk/receipt-tasks/${refused.id}/correct`, {
      type: 'instruction',
      baseDate: '2026-11-20',
      baseNumber: '  12-34/5 ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().correction.request).toMatchObject({
      correctionType: 'instruction',
      correctionBaseDate: '2026.11.20',
      correctionBaseNumber: '12-34/5',
    });
    expect(await relay()).toEqual(['done']);
  });

  it('refuses incomplete grounds, a task not refused or corrected already, another kind, an unknown task; changes nothing', async () => {
    const refused = await refusedSale();
    const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from desk_receipt_tasks')).rows[0]?.n;
    const before = await count();
    const correct = (id: number, body: unknown) => call('POST', `/api/admin/desk/receipt-tasks/${id}/correct`, body);
    for (const [body, fields] of [
      [{ type: 'instruction' }, [{ path: 'baseNumber', code: 'required' }]],
      [{ type: 'self', baseDate: '2026-11-22' }, [{ path: 'baseDate', code: 'future-date' }]],
      [{ type: 'self', baseDate: '2026-02-30' }, [{ path: 'baseDate', code: 'not-valid-date' }]],
    ] as const) {
      const response = await correct(refused.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: '-2643', errorText: expect.stringMatching(/\S/), fields });
    }
    const malformed = await correct(refused.id, { type: 'later' });
    expect(malformed.statusCode).toBe(400);
    const openShift = (await tasks()).find((x) => x.kind === 'openShift') as DeskTask;
    await t.db.query("update desk_receipt_tasks set state = 'failed' where id = $1", [openShift.id]);
    expect((await correct(openShift.id, { type: 'self' })).json().errorCode).toBe('-2633');
    await t.db.query("update desk_receipt_tasks set state = 'done' where id = $1", [openShift.id]);
    expect((await correct(999999, { type: 'self' })).statusCode).toBe(404);
    expect(await count()).toBe(before);
    expect((await tasks()).find((x) => x.id === refused.id)).toMatchObject({ state: 'failed', correctedBy: null });

    expect((await correct(refused.id, { type: 'self' })).statusCode).toBe(200);
    // Once: the refused receipt is done now.
    const again = await correct(refused.id, { type: 'self' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('-2633');
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it('a correction the register refuses too is retried like any task', async () => {
    const refused = await refusedSale();
    const correction = (await call('POST', `/api/admin/desk/receipt-tasks/${refused.id}/correct`, { type: 'self' })).json()
      .correction as DeskTask;
    register.driver.jamNext('Нет бумаги');
    expect(await relay()).toEqual(['failed']);
    expect((await call('POST', `/api/admin/desk/receipt-tasks/${correction.id}/retry`)).statusCode).toBe(200);
    expect(await relay()).toEqual(['done']);
    // A correction is not corrected again.
    expect((await call('POST', `/api/admin/desk/receipt-tasks/${correction.id}/correct`, { type: 'self' })).json().errorCode).toBe('-2633');
  });
});

describe('a correction receipt under FFD 1.05', () => {
  beforeEach(() => setUp('1.05'));

  it('needs the grounds’ number even on the venue’s own initiative; the task has no items, its payments and VAT rates', async () => {
    const refused = await refusedSale();
    const missing = await call('POST', `/api/admin/desk/receipt-tasks/${refused.id}/correct`, { type: 'self' });
    expect(missing.json()).toMatchObject({ errorCode: '-2643', fields: [{ path: 'baseNumber', code: 'required' }] });
    const response = await call('POST', `/api/admin/desk/receipt-tasks/${refused.id}/correct`, { type: 'self', baseNumber: 'Акт 7' });
    expect(response.statusCode, response.body).toBe(200);
    const request = response.json().correction.request as Record<string, unknown>;
    expect(request).toMatchObject({
      type: 'sellCorrection',
      correctionType: 'self',
      correctionBaseDate: '2026.11.21',
      correctionBaseNumber: 'Акт 7',
      payments: [{ type: 'cash', sum: 1000 }],
      taxes: [{ type: 'none' }],
    });
    expect(request.items).toBeUndefined();
    expect(await relay()).toEqual(['done']);
    expect(register.driver.printed('sellCorrection')).toHaveLength(1);
  });
});
