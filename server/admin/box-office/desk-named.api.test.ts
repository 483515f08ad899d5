import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { insertNamedTicketCatalog } from '../../nominal/nominal-test-kit.ts';
import { insertSchemeEvent } from '../../seating/scheme-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Noon in Moscow; the named-ticket fixture's session is moved a week on.
const NOON = new Date('2026-11-21T09:00:00Z');
const SALES = '/api/admin/desk/sales';

/** A holder the fixture's event accepts: everything it asks for (birth date, middle name, a passport, Russia and Moscow). */
const holder = (over: Record<string, unknown> = {}) => ({
  surname: 'Иванова',
  name: 'Мария',
  middleName: 'Петровна',
  date: '24.05.1987',
  docTypeId: 1,
  docNum: '4509 123456',
  countryId: 643,
  regionId: 643077,
  ...over,
});

/** Two places of price 9000 (500 ₽) and one of 9001 (300 ₽) for cash. */
const sale = (over: Record<string, unknown> = {}) => ({
  sessionId: 9000,
  lines: [
    { priceId: 9000, quantity: 2 },
    { priceId: 9001, quantity: 1 },
  ],
  payment: { kind: 'cash' },
  expectedTotal: 130000,
  holders: [holder(), holder({ surname: 'Петров', name: 'Иван', date: '01.02.1980' }), holder({ surname: 'Сидоров', name: 'Павел' })],
  consents: [9001],
  ...over,
});

async function counts(t: TestApp) {
  const { rows } = await t.db.query<{ orders: number; remaining: number; holders: number }>(
    `select (select count(*) from orders)::int as orders, (select remaining from sessions where id = 9000) as remaining,
            (select count(*) from tickets where holder is not null)::int as holders`,
  );
  return rows[0];
}

describe('named tickets at the desk', () => {
  let t: TestApp;
  let cashier: { cookie: string; member: { id: number; name: string } };
  beforeEach(async () => {
    t = await createTestApp({ demo: false, clock: createClock(NOON) });
    await insertNamedTicketCatalog(t.db);
    await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(NOON.getTime() + 7 * 86_400_000)]);
    cashier = await signedInAs(t, 'cashier');
  });
  afterEach(() => t.close());

  it('the session names what each holder gives, with the storefront’s lists and consents', async () => {
    const response = await adminCall(t, 'GET', '/api/admin/desk/sessions/9000?lang=ru', cashier.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const named = response.json().session.named;
    expect(named).toMatchObject({ needage: 2, needmiddlename: 1, needdocument: 1, needcountry: 1, needregion: 1, today: '2026-11-21' });
    expect(named.docTypes.map((d: { id: number }) => d.id)).toContain(1);
    expect(named.countries.map((c: { id: number }) => c.id)).toContain(643);
    expect(named.regions.map((r: { id: number }) => r.id)).toContain(643077);
    expect(named.checkboxes.map((c: { id: number; filling: number }) => [c.id, c.filling])).toEqual([
      [9001, 1],
      [9002, 0],
    ]);
  });

  it('sells with a holder on each ticket, in the order of the sale’s places, and keeps the consents', async () => {
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale());
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().order.id as number;
    const tickets = await t.db.query<{ price_id: number; holder: Record<string, unknown> }>(
      `select l.price_id, t.holder from tickets t join order_lines l on l.id = t.order_line_id where t.order_id = $1 order by l.id, t.id`,
      [orderId],
    );
    expect(tickets.rows.map((r) => [r.price_id, r.holder.surname])).toEqual([
      [9000, 'Иванова'],
      [9000, 'Петров'],
      [9001, 'Сидоров'],
    ]);
    expect(tickets.rows[0]?.holder).toEqual({
      surname: 'Иванова',
      name: 'Мария',
      middleName: 'Петровна',
      age: null,
      birthDate: '1987-05-24',
      docTypeId: 1,
      docNumber: '4509123456',
      countryId: 643,
      regionId: 643077,
    });
    const order = await t.db.query<{ status: number; nominal_consents: unknown }>(
      'select status, nominal_consents from orders where id = $1',
      [orderId],
    );
    expect(order.rows[0]).toEqual({
      status: 30,
      nominal_consents: [
        { id: 9001, checked: true },
        { id: 9002, checked: false },
      ],
    });
    // The door names the holder, as for a web ticket.
    const code = (await t.db.query<{ code: string }>('select code from tickets where order_id = $1 order by id limit 1', [orderId])).rows[0]
      ?.code;
    const { rows } = await t.db.query<{ holder: { surname: string } }>('select holder from tickets where code = $1', [code]);
    expect(rows[0]?.holder.surname).toBe('Иванова');
  });

  it('each price’s holders go onto that price’s tickets, whatever the order of the lines', async () => {
    // Prices listed the other way round: the holders follow the places as the sale lists them.
    const response = await adminCall(
      t,
      'POST',
      SALES,
      cashier.cookie,
      sale({
        lines: [
          { priceId: 9001, quantity: 1 },
          { priceId: 9000, quantity: 1 },
          { priceId: 9000, quantity: 1 },
        ],
        holders: [holder({ surname: 'Сидоров' }), holder({ surname: 'Первый' }), holder({ surname: 'Второй' })],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const tickets = await t.db.query<{ price_id: number; surname: string }>(
      `select l.price_id, t.holder->>'surname' as surname from tickets t join order_lines l on l.id = t.order_line_id
        where t.order_id = $1 order by l.price_id, t.id`,
      [response.json().order.id],
    );
    expect(tickets.rows).toEqual([
      { price_id: 9000, surname: 'Первый' },
      { price_id: 9000, surname: 'Второй' },
      { price_id: 9001, surname: 'Сидоров' },
    ]);
  });

  it.each([
    {
      what: 'a holder fewer than places',
      over: { holders: [holder(), holder()] },
      fields: [{ path: 'holders', code: 'not-valid-ticket-list' }],
    },
    {
      what: 'no holders at all',
      over: { holders: [] },
      fields: [{ path: 'holders', code: 'not-valid-ticket-list' }],
    },
    {
      what: 'a surname with digits and a missing name',
      over: { holders: [holder({ surname: 'Ив4нова', name: '' }), holder(), holder()] },
      fields: [
        { path: 'holders.0.surname', code: 'not-valid-surname' },
        { path: 'holders.0.name', code: 'required-name' },
      ],
    },
    {
      what: 'a birth date in the future (the venue’s today)',
      over: { holders: [holder(), holder({ date: '22.11.2026' }), holder()] },
      fields: [{ path: 'holders.1.date', code: 'future-birth-date' }],
    },
    {
      what: 'a passport number of the wrong shape and an unknown document type',
      over: { holders: [holder(), holder(), holder({ docNum: '12' })].map((h, i) => (i === 0 ? { ...h, docTypeId: 999 } : h)) },
      fields: [
        { path: 'holders.0.docTypeId', code: 'not-valid-doc-type' },
        { path: 'holders.2.docNum', code: 'not-valid-doc-num' },
      ],
    },
    {
      what: 'a region of another country',
      over: { holders: [holder({ regionId: 398001 }), holder(), holder()] },
      fields: [{ path: 'holders.0.regionId', code: 'not-valid-region' }],
    },
    {
      what: 'the required consent left unticked',
      over: { consents: [9002] },
      fields: [{ path: 'checkboxList.9001', code: 'required-consent' }],
    },
  ])('refuses $what with -2642 and each field, changing nothing', async ({ over, fields }) => {
    const before = await counts(t);
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale(over));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-2642', fields });
    expect(response.json().fields).toHaveLength(fields.length);
    expect(response.json().errorText).toMatch(/\S/);
    expect(await counts(t)).toEqual(before);
  });

  it('refuses holders for an event without named tickets', async () => {
    await t.db.query('update events set named_tickets = false where id = 9000');
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-2642', fields: [{ path: 'holders', code: 'not-named' }] });
    // Without holders it sells as any other event.
    const plain = await adminCall(t, 'POST', SALES, cashier.cookie, sale({ holders: [], consents: [] }));
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('answers the refusal in the cashier’s language', async () => {
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale({ lang: 'en', holders: [] }));
    expect(response.json().errorText).toBe("The ticket holders' data is missing or does not match the number of tickets.");
  });
});

describe('named tickets of seats at the desk', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp({ demo: false, clock: createClock(NOON) });
    await insertSchemeEvent(t.db, { at: NOON, rows: 2, perRow: 5, standing: 3, namedTickets: true });
    cookie = (await signedInAs(t, 'cashier')).cookie;
  });
  afterEach(() => t.close());

  it('each seat’s holder goes onto that seat’s ticket', async () => {
    const response = await adminCall(t, 'POST', SALES, cookie, {
      sessionId: 9101,
      seats: [
        { seatId: 100002, priceId: 9102 },
        { seatId: 100001, priceId: 9101 },
      ],
      payment: { kind: 'card' },
      expectedTotal: 300000,
      holders: [
        { surname: 'Второе', name: 'Место' },
        { surname: 'Первое', name: 'Место' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await t.db.query<{ seat_id: number; surname: string }>(
      `select l.seat_id, t.holder->>'surname' as surname from tickets t join order_lines l on l.id = t.order_line_id
        where t.order_id = $1 order by l.seat_id`,
      [response.json().order.id],
    );
    expect(rows).toEqual([
      { seat_id: 100001, surname: 'Первое' },
      { seat_id: 100002, surname: 'Второе' },
    ]);
  });
});
