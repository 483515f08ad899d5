import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertMiniCatalog } from '../../tests/fixtures.ts';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { pdfPages } from '../tickets/pdf-text.ts';

// Noon in Moscow on 21 November 2026; the session is a week on.
const NOON = new Date('2026-11-21T09:00:00Z');
const DAY = 86_400_000;
const SESSION_AT = new Date(NOON.getTime() + 7 * DAY);
const STATEMENT = readFileSync(new URL('./fixtures/statement-windows-1251.txt', import.meta.url));

const BANK = {
  legalName: 'ГБУК «Музей»',
  inn: '7707083893',
  kpp: '773601001',
  address: 'Москва, ул. Музейная, 1',
  bik: '044525225',
  bankName: 'ПАО СБЕРБАНК',
  correspondentAccount: '30101810400000000225',
  account: '40702810938000000001',
};

const group = (over: Record<string, unknown> = {}) => ({
  sessionId: 9000,
  lines: [{ priceId: 9000, quantity: 3 }],
  organisation: { name: 'ГБОУ «Школа № 1»', inn: '7736050003', kpp: '773601001', address: 'Москва, ул. Школьная, 5' },
  leader: { name: 'Анна Петровна Иванова', phone: '+79161234567', email: 'leader@school.test' },
  payer: 'organisation',
  ticketMode: 'group',
  payUntil: new Date(NOON.getTime() + 3 * DAY).toISOString(),
  ...over,
});

// 20 children at 300,00 and 3 adults at 500,00, one adult free per 10 children: 6 500,00.
const schoolClass = (over: Record<string, unknown> = {}) =>
  group({
    lines: [
      { priceId: 9001, quantity: 20 },
      { priceId: 9000, quantity: 3 },
    ],
    companionPriceId: 9000,
    companionRule: { perChildren: 10, free: 1 },
    ...over,
  });

let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => adminCall(t, method, url, manager.cookie, body);
const remaining = async () =>
  (await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9000')).rows[0]?.remaining;

beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(NOON) });
  await insertMiniCatalog(t.db, { capacity: 40 });
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [SESSION_AT]);
  manager = await signedInAs(t, 'manager');
});
afterEach(() => t.close());

describe('PUT /api/admin/groups/bank-details', () => {
  it('is the owner’s: a manager is refused', async () => {
    expect((await call('PUT', '/api/admin/groups/bank-details', BANK)).statusCode).toBe(403);
  });

  it.each([
    { field: 'inn', value: '7707083894' },
    { field: 'kpp', value: '7736' },
    { field: 'bik', value: '144525225' },
    { field: 'account', value: '40702810038000000001' },
    { field: 'correspondentAccount', value: '30101810500000000225' },
  ])('refuses a wrong $field and saves nothing', async ({ field, value }) => {
    const owner = await signedInAs(t, 'owner');
    const response = await adminCall(t, 'PUT', '/api/admin/groups/bank-details', owner.cookie, { ...BANK, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    expect((await t.db.query('select 1 from venue_bank_details')).rows).toHaveLength(0);
  });

  it('saves valid details (spaces in numbers dropped) and audits the change', async () => {
    const owner = await signedInAs(t, 'owner');
    const response = await adminCall(t, 'PUT', '/api/admin/groups/bank-details', owner.cookie, {
      ...BANK,
      account: '4070 2810 9380 0000 0001',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().details).toEqual(BANK);
    expect((await call('GET', '/api/admin/groups/bank-details')).json().details).toEqual(BANK);
    const audit = await t.db.query("select 1 from audit_log where action = 'group.bank-details'");
    expect(audit.rows).toHaveLength(1);
  });
});

async function saveBank() {
  const owner = await signedInAs(t, 'owner');
  const response = await adminCall(t, 'PUT', '/api/admin/groups/bank-details', owner.cookie, BANK);
  expect(response.statusCode, response.body).toBe(200);
}

describe('POST /api/admin/groups', () => {
  it('reserves the places until the deadline, unpaid, with invoice 2026-1, audited', async () => {
    const response = await call('POST', '/api/admin/groups', group());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().group).toMatchObject({
      state: 'reserved',
      places: 3,
      total: 150000,
      paidAmount: 0,
      invoiceNumber: '2026-1',
      ticketMode: 'group',
      organisation: { inn: '7736050003' },
      payUntil: new Date(NOON.getTime() + 3 * DAY).toISOString(),
    });
    expect(await remaining()).toBe(37);
    const order = await t.db.query<{ status: number; channel: string; reserved_until: Date; email: string }>(
      'select status, channel, reserved_until, email from orders',
    );
    expect(order.rows).toEqual([
      { status: 20, channel: 'desk', reserved_until: new Date(NOON.getTime() + 3 * DAY), email: 'leader@school.test' },
    ]);
    const audit = await t.db.query<{ staff_id: number }>("select staff_id from audit_log where action = 'group.create'");
    expect(audit.rows).toEqual([{ staff_id: manager.member.id }]);
    // The next group's invoice is the next number of the year.
    expect((await call('POST', '/api/admin/groups', group())).json().group.invoiceNumber).toBe('2026-2');
  });

  it('gives free companions by the rule: 20 children and 3 adults at 1 per 10 pay for 20 children and 1 adult', async () => {
    const response = await call('POST', '/api/admin/groups', schoolClass());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().group).toMatchObject({ places: 23, children: 20, freeCompanions: 2, total: 20 * 30000 + 50000 });
    expect(await remaining()).toBe(17);
  });

  it.each([
    {
      description: 'a deadline in the past',
      body: { payUntil: new Date(NOON.getTime() - 1000).toISOString() },
      status: 400,
      code: '-2725',
    },
    {
      description: 'a deadline after the session begins',
      body: { payUntil: new Date(SESSION_AT.getTime() + 1000).toISOString() },
      status: 400,
      code: '-2725',
    },
    { description: 'a price not of the session', body: { lines: [{ priceId: 4242, quantity: 1 }] }, status: 400, code: '-2724' },
    { description: 'a companions’ price not among the places', body: { companionPriceId: 9001 }, status: 400, code: '-2724' },
    { description: 'a session that does not exist', body: { sessionId: 4242 }, status: 409, code: '-2723' },
    { description: 'more places than are left', body: { lines: [{ priceId: 9000, quantity: 41 }] }, status: 409, code: '-1010' },
    {
      description: 'an organisation’s ИНН with a wrong check digit',
      body: { organisation: { name: 'X', inn: '7736050004' } },
      status: 400,
      code: '-1002',
    },
    {
      description: 'a leader without an e-mail',
      body: { leader: { name: 'X', phone: '+79161234567', email: '' } },
      status: 400,
      code: '-1002',
    },
  ])('refuses $description and reserves nothing', async ({ body, status, code }) => {
    const response = await call('POST', '/api/admin/groups', group(body));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errorCode).toBe(code);
    expect(response.json().errorText).not.toBe('');
    expect(await remaining()).toBe(40);
    expect((await t.db.query('select 1 from group_bookings')).rows).toHaveLength(0);
  });

  it('refuses a cashier (groups are for those who run the sale)', async () => {
    const cashier = await signedInAs(t, 'cashier');
    const response = await adminCall(t, 'POST', '/api/admin/groups', cashier.cookie, group());
    expect(response.statusCode).toBe(403);
  });
});

describe('the payment deadline', () => {
  it('releases an unpaid group’s places when the expiry job runs after the deadline, not before', async () => {
    const created = (await call('POST', '/api/admin/groups', group())).json().group;
    t.clock.set(new Date(NOON.getTime() + 3 * DAY - 1000));
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(0);
    expect(await remaining()).toBe(37);
    t.clock.advance(1000);
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(1);
    expect(await remaining()).toBe(40);
    // Days later: the staff session of the morning is over.
    manager = await signedInAs(t, 'manager');
    const after = (await call('GET', `/api/admin/groups/${created.id}`)).json().group;
    expect(after.state).toBe('released');
    // A released group is paid no more.
    const paid = await call('POST', `/api/admin/groups/${created.id}/paid`, {});
    expect(paid.statusCode).toBe(409);
    expect(paid.json().errorCode).toBe('-2722');
  });
});

describe('POST /api/admin/groups/:id/paid', () => {
  it('pays an organisation’s group: ticket codes issued, the leader’s e-mail queued, no receipt', async () => {
    const created = (await call('POST', '/api/admin/groups', group())).json().group;
    const response = await call('POST', `/api/admin/groups/${created.id}/paid`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().group).toMatchObject({ state: 'paid', paidAt: NOON.toISOString() });
    const tickets = await t.db.query<{ code: string | null }>('select code from tickets where order_id = $1', [created.orderId]);
    expect(tickets.rows).toHaveLength(3);
    for (const ticket of tickets.rows) expect(ticket.code).not.toBeNull();
    expect((await t.db.query('select 1 from mail_outbox where order_id = $1', [created.orderId])).rows).toHaveLength(1);
    expect((await t.db.query('select 1 from desk_receipt_tasks')).rows).toHaveLength(0);
    expect((await call('POST', `/api/admin/groups/${created.id}/paid`, {})).json().errorCode).toBe('-2722');
  });

  it('asks for the register when a private person pays, then queues the sale receipt on it', async () => {
    const created = (await call('POST', '/api/admin/groups', group({ payer: 'person' }))).json().group;
    const refused = await call('POST', `/api/admin/groups/${created.id}/paid`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('-2730');
    expect((await call('GET', `/api/admin/groups/${created.id}`)).json().group.state).toBe('reserved');
    const response = await call('POST', `/api/admin/groups/${created.id}/paid`, { register: 'desk-1' });
    expect(response.statusCode, response.body).toBe(200);
    const tasks = await t.db.query<{ order_id: number; total: number }>(
      'select order_id, total from desk_receipt_tasks where order_id is not null',
    );
    expect(tasks.rows).toEqual([{ order_id: created.orderId, total: 150000 }]);
  });

  it('answers 404 for a group that does not exist', async () => {
    const response = await call('POST', '/api/admin/groups/4242/paid', {});
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('-2720');
  });
});

describe('at the door', () => {
  const scan = (code: string) => call('POST', '/api/checkin/scan', { code, deviceId: 'group-door-1', sessionIds: [9000] });
  const codes = async (orderId: number) =>
    (await t.db.query<{ code: string }>('select code from tickets where order_id = $1 order by id', [orderId])).rows.map((r) => r.code);

  it('admits a whole group on its one code, the verdict saying how many, and none of its codes twice', async () => {
    const created = (await call('POST', '/api/admin/groups', group({ ticketMode: 'group' }))).json().group;
    await call('POST', `/api/admin/groups/${created.id}/paid`, {});
    const [first, second] = await codes(created.orderId);
    const response = await scan(first ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ verdict: 'admitted', groupPlaces: 3 });
    const admitted = await t.db.query('select 1 from checkins c join tickets t on t.id = c.ticket_id where t.order_id = $1', [
      created.orderId,
    ]);
    expect(admitted.rows).toHaveLength(3);
    expect((await scan(second ?? '')).json().verdict).toBe('already-used');
  });

  it('admits a group with a code per person one by one', async () => {
    const created = (await call('POST', '/api/admin/groups', group({ ticketMode: 'per-person' }))).json().group;
    await call('POST', `/api/admin/groups/${created.id}/paid`, {});
    const [first, second] = await codes(created.orderId);
    const response = (await scan(first ?? '')).json();
    expect(response.verdict).toBe('admitted');
    expect(response.groupPlaces).toBeUndefined();
    expect((await scan(second ?? '')).json().verdict).toBe('admitted');
  });
});

describe('the group’s documents', () => {
  it('refuses an invoice before the venue’s bank details are set', async () => {
    const created = (await call('POST', '/api/admin/groups', group())).json().group;
    const response = await call('GET', `/api/admin/groups/${created.id}/invoice.pdf`);
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('-2721');
  });

  it('draws the invoice in Russian with its number, the amounts and both ИНН', async () => {
    await saveBank();
    const created = (await call('POST', '/api/admin/groups', schoolClass())).json().group;
    const response = await call('GET', `/api/admin/groups/${created.id}/invoice.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(response.rawPayload)).join('\n');
    expect(text).toContain('Счёт на оплату № 2026-1 от 21.11.2026');
    expect(text).toContain('ИНН 7707083893');
    expect(text).toContain('ИНН 7736050003');
    expect(text).toContain('БИК 044525225');
    expect(text).toContain('40702810938000000001');
    expect(text).toContain('6 500,00');
    expect(text).toContain('Шесть тысяч пятьсот рублей 00 копеек');
    expect(text).toContain('Оплатить до 24.11.2026 12:00');
    // The venue's receipts are VAT-exempt (RECEIPT_TAX none, the default): so is the invoice.
    expect(text).toContain('Без налога (НДС)');
    expect(text).toContain('«Оплата по счёту № 2026-1. Без налога (НДС)»');
    expect(text).not.toContain('В том числе НДС');
    const offer = (await pdfPages((await call('GET', `/api/admin/groups/${created.id}/offer.pdf`)).rawPayload)).join('\n');
    expect(offer).toContain('Договор-оферта № 2026-1');
    expect(offer).toContain('6 500,00');
    expect(offer).toContain('Стоимость услуг — 6 500,00 руб. Без налога (НДС).');
  });

  it('prints the VAT included at 22% on the invoice, the payment purpose, the offer and the act when the venue’s receipts carry it', async () => {
    t.close();
    t = await createTestApp({
      demo: false,
      clock: createClock(NOON),
      config: { receipt: { paymentMode: 'full_prepayment', tax: 'vat22', taxation: 'osn', ffd: '1.2' } },
    });
    await insertMiniCatalog(t.db, { capacity: 40 });
    const afternoon = new Date(NOON.getTime() + 2 * 3_600_000);
    await t.db.query('update sessions set starts_at = $1 where id = 9000', [afternoon]);
    manager = await signedInAs(t, 'manager');
    await saveBank();
    const payUntil = new Date(NOON.getTime() + 3_600_000).toISOString();
    const created = (await call('POST', '/api/admin/groups', schoolClass({ payUntil }))).json().group;
    const read = async (kind: string) => {
      const response = await call('GET', `/api/admin/groups/${created.id}/${kind}.pdf`);
      expect(response.statusCode, response.body).toBe(200);
      return (await pdfPages(response.rawPayload)).join('\n');
    };
    // 6 500,00 × 22 / 122 = 1 172,131… → 1 172,13.
    const invoice = await read('invoice');
    expect(invoice).toContain('6 500,00');
    expect(invoice).toContain('В том числе НДС 22%: 1 172 руб. 13 коп.');
    expect(invoice).toContain('«Оплата по счёту № 2026-1. В том числе НДС 22%: 1 172 руб. 13 коп.»');
    expect(invoice).not.toContain('Без налога');
    expect(await read('offer')).toContain('Стоимость услуг — 6 500,00 руб. В том числе НДС 22%: 1 172 руб. 13 коп.');
    await call('POST', `/api/admin/groups/${created.id}/paid`, {});
    t.clock.set(new Date(afternoon.getTime() + 3_600_000));
    const act = await read('act');
    expect(act).toContain('Шесть тысяч пятьсот рублей 00 копеек');
    expect(act).toContain('В том числе НДС 22%: 1 172 руб. 13 коп.');
    expect(act).not.toContain('Без налога');
  });

  it('makes the act only after the paid group’s visit', async () => {
    await saveBank();
    // A session this afternoon, paid by one o'clock.
    const afternoon = new Date(NOON.getTime() + 2 * 3_600_000);
    await t.db.query('update sessions set starts_at = $1 where id = 9000', [afternoon]);
    const created = (
      await call('POST', '/api/admin/groups', group({ payUntil: new Date(NOON.getTime() + 3_600_000).toISOString() }))
    ).json().group;
    expect((await call('GET', `/api/admin/groups/${created.id}/act.pdf`)).json().errorCode).toBe('-2728');
    await call('POST', `/api/admin/groups/${created.id}/paid`, {});
    expect((await call('GET', `/api/admin/groups/${created.id}/act.pdf`)).json().errorCode).toBe('-2728');
    t.clock.set(new Date(afternoon.getTime() + 3_600_000));
    const response = await call('GET', `/api/admin/groups/${created.id}/act.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    const text = (await pdfPages(response.rawPayload)).join('\n');
    expect(text).toContain('Акт № 2026-1 от 21.11.2026');
    expect(text).toContain('1 500,00');
    expect(text).toContain('Одна тысяча пятьсот рублей 00 копеек');
    expect(text).toContain('ИНН 7736050003');
  });
});

describe('POST /api/admin/groups/statements', () => {
  const upload = (content: Buffer = STATEMENT) =>
    call('POST', '/api/admin/groups/statements', { fileName: 'kl_to_1c.txt', content: content.toString('base64') });

  it('pays the group paid in full, marks the short one partial, lists the stranger and skips the venue’s own payment', async () => {
    await saveBank();
    const school = (await call('POST', '/api/admin/groups', group())).json().group;
    const company = (
      await call(
        'POST',
        '/api/admin/groups',
        group({ lines: [{ priceId: 9000, quantity: 2 }], organisation: { name: 'ООО «Ромашка»', inn: '7728168971' } }),
      )
    ).json().group;
    expect([school.invoiceNumber, company.invoiceNumber]).toEqual(['2026-1', '2026-2']);

    const response = await upload();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.skipped).toBe(1);
    expect(
      body.payments.map((p: { outcome: string; amount: number; groupId: number | null; reason: string }) => [
        p.outcome,
        p.amount,
        p.groupId,
        p.reason,
      ]),
    ).toEqual([
      ['paid', 150000, school.id, ''],
      ['partial', 40000, company.id, ''],
      ['unmatched', 250000, null, 'no-invoice'],
    ]);
    expect((await call('GET', `/api/admin/groups/${school.id}`)).json().group).toMatchObject({ state: 'paid', paidAmount: 150000 });
    expect((await call('GET', `/api/admin/groups/${company.id}`)).json().group).toMatchObject({ state: 'partial', paidAmount: 40000 });
    const codes = await t.db.query<{ code: string | null }>('select code from tickets where order_id = $1', [school.orderId]);
    expect(codes.rows.every((r) => r.code !== null)).toBe(true);
    const unmatched = (await call('GET', '/api/admin/groups/statements/unmatched')).json().payments;
    expect(unmatched).toEqual([
      expect.objectContaining({ payerInn: '7702070139', purpose: 'Оплата за аренду зала по договору 15 от 01.11.2026' }),
    ]);

    // The same file again (overlapping statements): every payment a duplicate, nothing counted twice.
    const again = (await upload()).json();
    expect(again.payments.map((p: { outcome: string }) => p.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect((await call('GET', `/api/admin/groups/${company.id}`)).json().group.paidAmount).toBe(40000);
    expect((await t.db.query("select 1 from audit_log where action = 'group.statement-import'")).rows).toHaveLength(2);
  });

  it('lists a payment whose invoice number names another organisation’s group as unmatched', async () => {
    await saveBank();
    await call('POST', '/api/admin/groups', group({ organisation: { name: 'Другая школа', inn: '7710140679' } }));
    const body = (await upload()).json();
    expect(body.payments[0]).toMatchObject({ outcome: 'unmatched', reason: 'inn-differs' });
  });

  it.each([
    { description: 'a file of another format', content: Buffer.from('Дата;Сумма\n'), code: '-2726' },
    {
      description: 'a statement of another account',
      content: Buffer.from(STATEMENT.toString('latin1').replaceAll('40702810938000000001', '40702810938000000002'), 'latin1'),
      code: '-2727',
    },
  ])('refuses $description and changes nothing', async ({ content, code }) => {
    await saveBank();
    const response = await upload(content);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(code);
    expect((await t.db.query('select 1 from bank_statement_imports')).rows).toHaveLength(0);
  });

  it('refuses a statement before the venue’s bank details are set', async () => {
    const response = await upload();
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('-2721');
  });
});
