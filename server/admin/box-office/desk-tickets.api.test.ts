import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { DEVICE, deviceKey, paidTickets, prepareDoor, withKey } from '../../checkin/checkin-test-kit.ts';
import { pdfPages } from '../../tickets/pdf-text.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Noon in Moscow; the door's session 9000 starts now.
const NOON = new Date('2026-11-21T09:00:00Z');
const padded = (id: number) => String(id).padStart(8, '0');

let t: TestApp;
let cashier: { cookie: string; member: { id: number; name: string } };
let order: Awaited<ReturnType<typeof paidTickets>>;

beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(NOON) });
  await prepareDoor(t.db, NOON);
  order = await paidTickets(t.db, NOON, { quantity: 2 });
  await t.db.query("update orders set email = 'Buyer@Example.test' where id = $1", [order.orderId]);
  cashier = await signedInAs(t, 'cashier');
});
afterEach(() => t.close());

const search = (q: string) => adminCall(t, 'GET', `/api/admin/desk/orders?q=${encodeURIComponent(q)}&lang=en`, cashier.cookie);
const print = (ticketIds: number[], orderId = order.orderId) =>
  adminCall(t, 'POST', `/api/admin/desk/orders/${orderId}/prints`, cashier.cookie, { ticketIds });
const numberOf = async (orderId: number) =>
  (await t.db.query<{ number: number }>('select number from orders where id = $1', [orderId])).rows[0]?.number ?? 0;
const prints = async () =>
  (await t.db.query('select ticket_id, staff_id, staff_name, duplicate, code_replaced, printed_at from ticket_prints order by id')).rows;

describe('GET /api/admin/desk/orders (hand-out search)', () => {
  it('finds the paid order by its number, by a ticket’s code as a scanner types it, and by the e-mail in any case', async () => {
    const number = await numberOf(order.orderId);
    const code = order.tickets[0]?.code ?? '';
    for (const [q, matchedBy] of [
      [String(number), 'number'],
      [` ${code}\n`, 'code'],
      ['buyer@EXAMPLE.test', 'email'],
    ] as const) {
      const response = await search(q);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        errorCode: '0',
        matchedBy,
        orders: [{ id: order.orderId, number, tickets: 2, channel: 'web', email: 'Buyer@Example.test' }],
      });
    }
  });

  it.each([
    { description: 'an unknown number', q: '987654', status: 404, code: '-2640' },
    { description: 'an unknown ticket code', q: '1111222233334444', status: 404, code: '-2640' },
    { description: 'text that is neither number, code nor e-mail', q: 'abc', status: 400, code: '-1' },
  ])('refuses $description in the staff member’s language', async ({ q, status, code }) => {
    const response = await search(q);
    expect(response.statusCode).toBe(status);
    const body = response.json();
    if (code !== '-1') expect(body).toMatchObject({ errorCode: code, errorText: expect.stringMatching(/No paid order/) });
    else expect(body.errorCode).not.toBe('0');
  });

  it('does not find an unpaid order', async () => {
    await t.db.query('update orders set status = 20 where id = $1', [order.orderId]);
    expect((await search(String(await numberOf(order.orderId)))).statusCode).toBe(404);
  });
});

describe('GET /api/admin/desk/orders/:id', () => {
  it('shows each ticket through the ticket template: number, code, its picture, no prints yet', async () => {
    const response = await adminCall(t, 'GET', `/api/admin/desk/orders/${order.orderId}`, cashier.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.duplicatePolicy).toBe('keep');
    expect(body.tickets).toHaveLength(2);
    body.tickets.forEach(
      (ticket: { ticketId: number; document: { number: string; code: string }; image: string; prints: number }, i: number) => {
        expect(ticket.ticketId).toBe(order.tickets[i]?.id);
        expect(ticket.document.number).toBe(padded(ticket.ticketId));
        expect(ticket.document.code).toBe(order.tickets[i]?.code);
        expect(ticket.image).toMatch(/^data:image\//);
        expect(ticket.prints).toBe(0);
      },
    );
  });
});

describe('POST /api/admin/desk/orders/:id/prints', () => {
  it('records each print with who printed it; a reprint is a duplicate and, by default, keeps the code: the ticket is admitted once', async () => {
    const [first, second] = order.tickets;
    if (!first || !second) throw new Error('two tickets expected');
    const once = await print([first.id, second.id]);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().tickets.map((x: { duplicate: boolean }) => x.duplicate)).toEqual([false, false]);
    const again = await print([first.id]);
    expect(again.json()).toMatchObject({
      duplicatePolicy: 'keep',
      tickets: [{ ticketId: first.id, duplicate: true, document: { code: first.code } }],
    });
    expect(await prints()).toEqual([
      {
        ticket_id: first.id,
        staff_id: cashier.member.id,
        staff_name: cashier.member.name,
        duplicate: false,
        code_replaced: false,
        printed_at: NOON,
      },
      {
        ticket_id: second.id,
        staff_id: cashier.member.id,
        staff_name: cashier.member.name,
        duplicate: false,
        code_replaced: false,
        printed_at: NOON,
      },
      {
        ticket_id: first.id,
        staff_id: cashier.member.id,
        staff_name: cashier.member.name,
        duplicate: true,
        code_replaced: false,
        printed_at: NOON,
      },
    ]);
    const audit = await t.db.query("select after from audit_log where action = 'desk.print' order by id");
    expect(audit.rows).toHaveLength(2);
    const key = await deviceKey(t);
    const scan = (code: string) => withKey(t, '/api/checkin/scan', key, { code, deviceId: DEVICE });
    expect((await scan(first.code)).json().verdict).toBe('admitted');
    expect((await scan(first.code)).json().verdict).toBe('already-used');
  });

  it('under the venue’s reissue choice gives the duplicate a new code; the door refuses the old one, saying why, and admits the new one once', async () => {
    const owner = await signedInAs(t, 'owner');
    const refused = await adminCall(t, 'PUT', '/api/admin/desk/print-settings', cashier.cookie, { duplicatePolicy: 'reissue' });
    expect(refused.statusCode).toBe(403);
    const set = await adminCall(t, 'PUT', '/api/admin/desk/print-settings', owner.cookie, { duplicatePolicy: 'reissue' });
    expect(set.json()).toMatchObject({ errorCode: '0', duplicatePolicy: 'reissue' });
    const [first] = order.tickets;
    if (!first) throw new Error('a ticket expected');
    await print([first.id]);
    const dup = (await print([first.id])).json().tickets[0];
    expect(dup.duplicate).toBe(true);
    expect(dup.document.code).toMatch(/^[1-9]\d{15}$/);
    expect(dup.document.code).not.toBe(first.code);
    expect((await prints()).map((p) => p.code_replaced)).toEqual([false, true]);
    // The old code still finds the order at the desk.
    expect((await search(first.code)).json().orders[0].id).toBe(order.orderId);
    const key = await deviceKey(t);
    const scan = (code: string) => withKey(t, '/api/checkin/scan?lang=ru', key, { code, deviceId: DEVICE });
    expect((await scan(first.code)).json()).toMatchObject({ verdict: 'replaced' });
    expect((await scan(dup.document.code)).json().verdict).toBe('admitted');
    expect((await scan(dup.document.code)).json().verdict).toBe('already-used');
  });

  it('refuses a ticket of another order or a returned one, and records nothing', async () => {
    const other = await paidTickets(t.db, NOON, { quantity: 1 });
    const response = await print([order.tickets[0]?.id ?? 0, other.tickets[0]?.id ?? 0]);
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('-2641');
    await t.db.query('update tickets set status = 70 where id = $1', [order.tickets[1]?.id]);
    expect((await print([order.tickets[1]?.id ?? 0])).json().errorCode).toBe('-2641');
    expect(await prints()).toEqual([]);
    expect((await t.db.query("select 1 from audit_log where action = 'desk.print'")).rows).toHaveLength(0);
  });
});

describe('the tickets PDF', () => {
  it('puts every ticket of the order on its own page with its number, at the desk and on the storefront, and serves it again from the cache', async () => {
    const desk = await adminCall(t, 'GET', `/api/admin/desk/orders/${order.orderId}/tickets.pdf?lang=ru`, cashier.cookie);
    expect(desk.statusCode).toBe(200);
    expect(desk.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(desk.rawPayload);
    expect(pages).toHaveLength(2);
    order.tickets.forEach((ticket, i) => {
      expect(pages[i]).toContain(padded(ticket.id));
      expect(pages[i]).toContain(ticket.code);
      expect(pages[i]).toContain('Серия и номер');
    });
    const hash = order.hash;
    const web = await t.app.inject({ method: 'GET', url: `/api/order/${hash}/tickets.pdf?lang=ch` });
    expect(web.statusCode).toBe(200);
    expect(web.headers['content-disposition']).toMatch(/^attachment; filename="tickets-\d+\.pdf"/);
    const webPages = await pdfPages(web.rawPayload);
    expect(webPages).toHaveLength(2);
    expect(webPages[0]).toContain('系列和编号');
    const cached = await t.db.query<{ lang: string; version: string }>(
      'select lang, version from ticket_pdfs where order_id = $1 order by lang',
      [order.orderId],
    );
    expect(cached.rows.map((r) => r.lang)).toEqual(['ch', 'ru']);
    const again = await adminCall(t, 'GET', `/api/admin/desk/orders/${order.orderId}/tickets.pdf?lang=ru`, cashier.cookie);
    expect(again.rawPayload.equals(desk.rawPayload)).toBe(true);
    // A return changes what the PDF prints: a new version, one page.
    await t.db.query('update tickets set status = 70 where id = $1', [order.tickets[1]?.id]);
    const after = await adminCall(t, 'GET', `/api/admin/desk/orders/${order.orderId}/tickets.pdf?lang=ru`, cashier.cookie);
    expect(await pdfPages(after.rawPayload)).toHaveLength(1);
  });

  it('is 404 for an unpaid order on the storefront', async () => {
    await t.db.query('update orders set status = 20 where id = $1', [order.orderId]);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${order.hash}/tickets.pdf` })).statusCode).toBe(404);
  });

  it('goes with the tickets e-mail as an attachment in the buyer’s language', async () => {
    const mail = await t.db.query<{ attach_tickets: boolean; text_body: string }>(
      'select attach_tickets, text_body from mail_outbox where order_id = $1',
      [order.orderId],
    );
    expect(mail.rows).toEqual([expect.objectContaining({ attach_tickets: true })]);
    const attachments = await t.app.ticketPdfs.mailAttachments(order.orderId);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.contentType).toBe('application/pdf');
    const pages = await pdfPages(attachments[0]?.content ?? Buffer.alloc(0));
    expect(pages).toHaveLength(2);
  });
});
