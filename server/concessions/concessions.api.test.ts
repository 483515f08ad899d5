import { afterEach, describe, expect, it } from 'vitest';
import { weekdayOf } from '../../contract/concession-rules.ts';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';
import { DEVICE, deviceKey, paidTickets, prepareDoor, withKey } from '../checkin/checkin-test-kit.ts';
import { insertNamedTicketCatalog, placeNamedOrder } from '../nominal/nominal-test-kit.ts';
import { insertQuantityCatalog, sessionWhen } from '../quantity-order/quantity-fixtures.ts';
import { isoOfDay } from './concession-texts.ts';

let t: TestApp;
afterEach(() => t.close());

const setConcession = (categoryId: number, concession: unknown) =>
  t.db.query('update categories set concession = $2::jsonb where id = $1', [categoryId, JSON.stringify(concession)]);

describe('the storefront: a concession category on its days only', () => {
  const buyer = { fio: 'Иван Петров', phone: '+7 999 901 02 03', email: 'ivan@mail.ru', re_email: 'ivan@mail.ru' };
  const order = (when: { day: string; time: string }, categoryId: number, quantity: number) => ({
    hash: 'test-qty-ordinary',
    lang: 'ru',
    data: [{ day: when.day, time: when.time, actionId: 9200, categoryId, zoneId: 0, quantity, sum: 0, seatId: 0 }],
    ...buyer,
    checkboxList: [{ id: 9200, checked: true }],
  });

  it('offers the category, with the document to bring, on its weekday only, and refuses an order for another day with -1040, holding nothing', async () => {
    t = await createTestApp({ demo: false });
    await insertQuantityCatalog(t.db);
    const first = await sessionWhen(t.db, 9200);
    const second = await sessionWhen(t.db, 9201);
    // The child category (9201) becomes a student concession for the second session's weekday only.
    await setConcession(9201, { document: 'student-card', weekdays: [weekdayOf(isoOfDay(second.day))] });

    const page = (await t.post('/api/no-scheme', { hash: 'test-qty-ordinary', lang: 'ru' })).json<{
      price: { action_day: string; clientcategory_id: number; document?: Record<string, string> }[];
    }>();
    const childOn = (day: string) => page.price.filter((p) => p.action_day === day && p.clientcategory_id === 9201);
    expect(childOn(first.day)).toEqual([]);
    expect(childOn(second.day)).toHaveLength(1);
    expect(childOn(second.day)[0]?.document).toEqual({
      ru: 'Студенческий билет',
      en: 'Student card',
      kz: 'Студенттік билет',
      ch: '学生证',
    });
    // An ordinary category carries no document and is offered on both days.
    const adult = page.price.filter((p) => p.clientcategory_id === 9200 && p.action_day === first.day);
    expect(adult[0]?.document).toEqual({});

    const before = (await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9200')).rows[0]?.remaining;
    const refused = await t.post('/api/order/create', order(first, 9201, 2));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: '-1040', errorText: 'Эта категория билетов не действует в выбранный день.' });
    expect((await t.db.query('select 1 from orders')).rows).toHaveLength(0);
    expect((await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9200')).rows[0]?.remaining).toBe(before);

    const placed = await t.post('/api/order/create', order(second, 9201, 2));
    expect(placed.json(), placed.body).toMatchObject({ errorCode: '0' });
  });
});

describe('named tickets: the age range and the monthly limit per visitor', () => {
  // 20 January 2026; session 9000 at 23:30 on 31 January in Moscow, session 9001 at 00:30 on
  // 1 February in Moscow, which is still 31 January in UTC: the month is the venue's.
  const START = new Date('2026-01-20T09:00:00Z');
  const JAN_31 = new Date('2026-01-31T20:30:00Z');
  const FEB_1 = new Date('2026-01-31T21:30:00Z');

  async function openNamed() {
    t = await createTestApp({ demo: false, clock: createClock(START) });
    await insertNamedTicketCatalog(t.db);
    await t.db.query('update sessions set starts_at = $1 where id = 9000', [JAN_31]);
    await t.db.query('insert into sessions (id, event_id, starts_at, capacity, remaining) values (9001, 9000, $1, 100, 100)', [FEB_1]);
    await setConcession(9000, { document: 'student-card', ageFrom: 16, ageTo: 30, monthlyLimit: 1 });
  }

  async function confirm(sessionId: number, holder: { surname: string; date: string }) {
    const placed = await placeNamedOrder(t.db, t.clock.date(), 1);
    await t.db.query('update order_lines set session_id = $2 where order_id = $1', [placed.id, sessionId]);
    const { rows } = await t.db.query<{ id: number }>('select id from tickets where order_id = $1', [placed.id]);
    const res = await t.post('/api/confirm-nominal', {
      hash: placed.hash,
      lang: 'ru',
      id: rows.map((r) => r.id),
      surname: [holder.surname],
      name: ['Мария'],
      middleName: ['Петровна'],
      age: [''],
      date: [holder.date],
      docTypeId: [1],
      docNum: [`4510 ${holder.surname.length}23456`],
      countryId: [643],
      regionId: [643077],
      checkboxList: [{ id: 9001, checked: true }],
    });
    const status = (await t.db.query<{ status: number }>('select status from orders where id = $1', [placed.id])).rows[0]?.status;
    return { res, status };
  }

  it('refuses a second ticket of the category for the same visitor in the same month (-1041) and leaves the order unconfirmed', async () => {
    await openNamed();
    const first = await confirm(9000, { surname: 'Иванова', date: '10.05.2000' });
    expect(first.res.json(), first.res.body).toMatchObject({ errorCode: '0' });
    const second = await confirm(9000, { surname: 'Иванова', date: '10.05.2000' });
    expect(second.res.statusCode).toBe(409);
    expect(second.res.json()).toMatchObject({
      errorCode: '-1041',
      errorText: 'Лимит билетов этой категории на посетителя в этом месяце исчерпан.',
      fields: [{ path: 'surname.0', code: 'concession-monthly-limit' }],
    });
    expect(second.status).toBe(10);
    // Another visitor the same month is not counted against her.
    expect((await confirm(9000, { surname: 'Сидорова', date: '10.05.2000' })).res.json()).toMatchObject({ errorCode: '0' });
  });

  it('counts the month in the venue’s time zone: 00:30 on 1 February in Moscow is February, though 31 January in UTC', async () => {
    await openNamed();
    expect((await confirm(9000, { surname: 'Иванова', date: '10.05.2000' })).res.json()).toMatchObject({ errorCode: '0' });
    expect((await confirm(9001, { surname: 'Иванова', date: '10.05.2000' })).res.json()).toMatchObject({ errorCode: '0' });
  });

  it('refuses a holder below the age range on the session’s day (-1042), and takes her on her 16th birthday', async () => {
    await openNamed();
    // Born 1 February 2010: 15 on 31 January 2026, 16 on 1 February.
    const young = await confirm(9000, { surname: 'Петрова', date: '01.02.2010' });
    expect(young.res.statusCode).toBe(409);
    expect(young.res.json()).toMatchObject({ errorCode: '-1042', fields: [{ path: 'date.0', code: 'concession-age' }] });
    expect(young.status).toBe(10);
    expect((await confirm(9001, { surname: 'Петрова', date: '01.02.2010' })).res.json()).toMatchObject({ errorCode: '0' });
  });
});

describe('the door: what to check, and timed entry', () => {
  // 12:00 in Moscow; session 9000 starts then, its event admits from 15 minutes before to 30 after.
  const AT = new Date('2026-11-27T09:00:00Z');
  const MIN = 60_000;
  let key: string;

  async function openDoor() {
    t = await createTestApp({ demo: false, clock: createClock(AT) });
    await prepareDoor(t.db, AT);
    await t.db.query('update events set entry_before_minutes = 15, entry_after_minutes = 30 where id = 9000');
    await setConcession(9000, { document: 'student-card', ageFrom: 16, ageTo: 30 });
    key = await deviceKey(t);
  }
  const scan = (code: string, extra: Record<string, unknown> = {}) =>
    withKey(t, '/api/checkin/scan', key, { code, deviceId: DEVICE, ...extra });
  const admissions = async () =>
    (await t.db.query<{ window_override: string | null }>('select window_override from checkins order by ticket_id')).rows;

  it('says in the verdict which document to check and the holder’s age on the day', async () => {
    await openDoor();
    const { tickets } = await paidTickets(t.db, AT);
    await t.db.query(`update tickets set holder = '{"surname":"Иванова","name":"Мария","birthDate":"2008-11-27"}' where id = $1`, [
      tickets[0]?.id,
    ]);
    expect((await scan(tickets[0]?.code ?? '')).json()).toMatchObject({
      verdict: 'admitted',
      ticket: {
        document: 'Студенческий билет',
        age: 18, // her 18th birthday is today
        entryFrom: new Date(AT.getTime() - 15 * MIN).toISOString(),
        entryUntil: new Date(AT.getTime() + 30 * MIN).toISOString(),
      },
    });
  });

  it('answers too-early before the window and too-late after it, admitting no one; inside it admits', async () => {
    await openDoor();
    const { tickets } = await paidTickets(t.db, AT, { quantity: 2 });
    t.clock.set(AT.getTime() - 16 * MIN);
    expect((await scan(tickets[0]?.code ?? '')).json()).toMatchObject({
      verdict: 'too-early',
      ticket: { document: 'Студенческий билет', age: null },
    });
    t.clock.set(AT.getTime() + 30 * MIN + 1000);
    expect((await scan(tickets[0]?.code ?? '')).json()).toMatchObject({ verdict: 'too-late' });
    expect(await admissions()).toEqual([]);
    t.clock.set(AT.getTime() - 15 * MIN);
    expect((await scan(tickets[1]?.code ?? '')).json()).toMatchObject({ verdict: 'admitted' });
    // Admitted once, a later scan is already-used, not too-late.
    t.clock.set(AT.getTime() + 60 * MIN);
    expect((await scan(tickets[1]?.code ?? '')).json()).toMatchObject({ verdict: 'already-used' });
  });

  it('refuses an override from a device key with 403 -2210 and admits nothing', async () => {
    await openDoor();
    const { tickets } = await paidTickets(t.db, AT);
    t.clock.set(AT.getTime() - 60 * MIN);
    const res = await scan(tickets[0]?.code ?? '', { override: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: '-2210' });
    expect(await admissions()).toEqual([]);
  });

  it('admits a too-early ticket when a signed-in controller overrides, and records it in the audit log', async () => {
    await openDoor();
    const { member, cookie } = await signedInAs(t, 'controller');
    const { tickets } = await paidTickets(t.db, AT);
    const code = tickets[0]?.code ?? '';
    t.clock.set(AT.getTime() - 60 * MIN);
    expect((await adminCall(t, 'POST', '/api/checkin/scan', cookie, { code, deviceId: DEVICE })).json()).toMatchObject({
      verdict: 'too-early',
    });
    const overridden = await adminCall(t, 'POST', '/api/checkin/scan', cookie, { code, deviceId: DEVICE, override: true });
    expect(overridden.json(), overridden.body).toMatchObject({ verdict: 'admitted' });
    expect(await admissions()).toEqual([{ window_override: 'too-early' }]);
    const { rows } = await t.db.query<{ staff_id: number; action: string; subject_id: string; after: { code: string } }>(
      `select staff_id, action, subject_id, after from audit_log where action like 'checkin.%'`,
    );
    expect(rows).toEqual([
      {
        staff_id: member.id,
        action: 'checkin.override-early',
        subject_id: String(tickets[0]?.id),
        after: expect.objectContaining({ code }),
      },
    ]);
    // An override of a ticket inside its window changes nothing about it: it is simply admitted, not audited.
    const more = await paidTickets(t.db, AT);
    t.clock.set(AT);
    await adminCall(t, 'POST', '/api/checkin/scan', cookie, { code: more.tickets[0]?.code, deviceId: DEVICE, override: true });
    expect((await t.db.query(`select 1 from audit_log where action like 'checkin.%'`)).rows).toHaveLength(1);
  });
});

describe('GET /api/admin/reports/visits and visits.csv: the door’s real admissions by category and age', () => {
  const AT = new Date('2026-11-27T09:00:00Z');

  it('counts admitted visitors by category and age group, leaves out the unadmitted, and lays the CSV out for 8-НК and 9-НК', async () => {
    t = await createTestApp({ demo: false, clock: createClock(AT) });
    await prepareDoor(t.db, AT);
    await setConcession(9000, { document: 'student-card' });
    const key = await deviceKey(t);
    const { tickets } = await paidTickets(t.db, AT, { quantity: 4 });
    const births = ['2015-01-01', '2010-11-28', '1990-05-05', null]; // 11, 15 (16 tomorrow), 36, unknown
    for (const [i, birth] of births.entries()) {
      const holder = birth ? { surname: 'Иванова', name: 'Мария', birthDate: birth } : { surname: 'Иванова', name: 'Мария' };
      await t.db.query('update tickets set holder = $2::jsonb where id = $1', [tickets[i]?.id, JSON.stringify(holder)]);
    }
    for (const ticket of tickets.slice(0, 3)) {
      expect((await withKey(t, '/api/checkin/scan', key, { code: ticket.code, deviceId: DEVICE })).json()).toMatchObject({
        verdict: 'admitted',
      });
    }
    const { cookie } = await signedInAs(t, 'manager');
    const report = await adminCall(t, 'GET', '/api/admin/reports/visits?from=2026-11-27&to=2026-11-27', cookie);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      total: 3,
      byCategory: [{ categoryId: 9000, concession: true, visits: 3, name: { ru: 'Взрослый' } }],
      byAge: [
        { group: 'under-14', visits: 1 },
        { group: '14-15', visits: 1 },
        { group: '16-17', visits: 0 },
        { group: '18-28', visits: 0 },
        { group: '29-59', visits: 1 },
        { group: '60-plus', visits: 0 },
        { group: 'unknown', visits: 0 },
      ],
    });
    const museum = await adminCall(t, 'GET', '/api/admin/reports/visits.csv?from=2026-11-27&to=2026-11-27&layout=8-nk', cookie);
    expect(museum.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(museum.body.replace('\uFEFF', '').split('\r\n')).toEqual([
      '№ строки,Показатель,"Посещений, чел.","Индивидуальные посещения, чел.","Экскурсионные (групповые) посещения, чел."',
      '1,Число посещений — всего,3,3,0',
      '2,из них посетителей льготных категорий,3,3,0',
      '3,из них лицами в возрасте до 16 лет,2,2,0',
      '4,из них лицами в возрасте до 18 лет,2,2,0',
      '5,возраст не указан в билете,0,0,0',
      '',
    ]);
    const theatre = await adminCall(t, 'GET', '/api/admin/reports/visits.csv?from=2026-11-27&to=2026-11-27&layout=9-nk&lang=en', cookie);
    expect(theatre.body).toContain('2,of which children aged 14 and under,1,1,0');
    expect(theatre.body).toContain('3,of which young people aged 15 to 28,1,1,0');
    // The row names its event, and the report narrowed to that event counts the same; another event counts nothing.
    const { rows: own } = await t.db.query<{ event_id: number }>('select event_id from categories where id = 9000');
    const eventId = own[0]?.event_id;
    expect(report.json().byCategory[0].eventId).toBe(eventId);
    const narrowed = (url: string) => adminCall(t, 'GET', `/api/admin/reports/visits?from=2026-11-27&to=2026-11-27&eventId=${url}`, cookie);
    expect((await narrowed(String(eventId))).json()).toMatchObject({ total: 3 });
    expect((await narrowed(String(Number(eventId) + 1000))).json()).toMatchObject({ total: 0, byCategory: [] });
    // Another day has no visits.
    expect((await adminCall(t, 'GET', '/api/admin/reports/visits?from=2026-11-28&to=2026-11-28', cookie)).json()).toMatchObject({
      total: 0,
    });
    // A reversed period is refused as every report's is.
    expect((await adminCall(t, 'GET', '/api/admin/reports/visits?from=2026-11-28&to=2026-11-01', cookie)).json()).toMatchObject({
      errorCode: '-2103',
    });
  });
});
