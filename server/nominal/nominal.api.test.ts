import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NominalError } from '../../contract/nominal.ts';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { insertNamedTicketCatalog, placeNamedOrder } from './nominal-test-kit.ts';

const START = new Date('2026-03-15T09:00:00Z');
const RUSSIA = 643;
const MOSCOW = 643077;
const KAZAKHSTAN = 398;
const ALMATY = 398019;
const MONACO = 492;

let t: TestApp;
let order: { id: number; hash: string; number: number };
let ticketIds: number[];

// One app and catalog for the file (migrations are the slow part); a fresh order for every test.
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await insertNamedTicketCatalog(t.db);
  await t.csrfToken(); // issued at START: tests move the clock forward only from there
});
afterAll(() => t.close());

beforeEach(async () => {
  t.clock.set(START);
  await t.db.query('update events set need_age = 2, need_middle_name = true where id = 9000');
  order = await placeNamedOrder(t.db, t.clock.date(), 2);
  const { rows } = await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [order.id]);
  ticketIds = rows.map((r) => r.id);
});

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    hash: order.hash,
    lang: 'ru',
    id: ticketIds,
    surname: ['Иванов', 'Smith'],
    name: ['Иван', 'John'],
    middleName: ['Иванович', 'Peter'],
    age: ['', ''],
    date: ['24.05.1987', '01.02.1950'],
    docTypeId: [1, 6],
    docNum: ['4510 123456', 'N1234567'],
    countryId: [RUSSIA, MONACO],
    regionId: [MOSCOW, null],
    checkboxList: [
      { id: 9001, checked: true },
      { id: 9002, checked: false },
    ],
    ...overrides,
  };
}

async function state() {
  const { rows } = await t.db.query<{ status: number; confirmed_at: Date | null; nominal_consents: unknown }>(
    'select status, confirmed_at, nominal_consents from orders where id = $1',
    [order.id],
  );
  const tickets = await t.db.query<{ holder: unknown }>('select holder from tickets where order_id = $1 order by id', [order.id]);
  return { ...rows[0], holders: tickets.rows.map((r) => r.holder) };
}

describe('POST /api/order-data', () => {
  it('answers the tickets with their flags, the reserve left and the reference lists', async () => {
    const res = await t.post('/api/order-data', { hash: order.hash, lang: 'ru' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errorCode).toBe('0');
    expect(body.response).toHaveLength(2);
    expect(body.response[0]).toMatchObject({
      id: ticketIds[0],
      ord_num: order.number,
      action: { ru: 'Событие' },
      reservetime: 15 * 60,
      summa: 530, // 500 ₽ + 30 ₽ service fee
      clientcategory: { ru: 'Взрослый' },
      needage: 2,
      needmiddlename: 1,
      needdocument: 1,
      needcountry: 1,
      needregion: 1,
      demandstatusid: 10,
      hash_id: order.hash,
      usereturn: 1,
    });
    expect(body.response[0].day).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(body.response[0].time).toMatch(/^\d{2}:\d{2}$/);
    expect(body.response[0].tickethash_id).not.toBe(body.response[1].tickethash_id);
    expect(body.demsumma).toBe(1060);
    expect(body.checkboxList).toEqual([
      { id: 9001, name: expect.objectContaining({ ru: 'Согласен на обработку персональных данных' }), url: {}, filling: 1 },
      { id: 9002, name: expect.objectContaining({ ru: 'Хочу получать новости' }), url: {}, filling: 0 },
    ]);
    expect(body.docTypes.map((d: { id: number }) => d.id)).toEqual([1, 3, 4, 5, 6]);
    expect(body.docTypes[0]).toMatchObject({
      country_id: RUSSIA,
      name: { ru: 'Паспорт гражданина РФ' },
      note: { ru: expect.stringContaining('10 цифр') },
    });
  });

  it('lists every ISO country in four languages and every region of Russia and Kazakhstan', async () => {
    const body = (await t.post('/api/order-data', { hash: order.hash, lang: 'en' })).json();
    expect(body.countries.length).toBe(249);
    expect(body.countries[0]).toEqual({
      id: RUSSIA,
      code: 'RU',
      sortnum: 1,
      name: { ru: 'Россия', en: 'Russia', kz: 'Ресей', ch: '俄罗斯' },
    });
    expect(body.countries[1]).toMatchObject({ id: KAZAKHSTAN, name: { ru: 'Казахстан', kz: 'Қазақстан' } });
    for (const country of body.countries)
      expect(Object.values(country.name).every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
    const regionsOf = (id: number) => body.regions.filter((r: { country_id: number }) => r.country_id === id);
    expect(regionsOf(RUSSIA)).toHaveLength(89);
    expect(regionsOf(KAZAKHSTAN)).toHaveLength(20);
    expect(regionsOf(RUSSIA).find((r: { id: number }) => r.id === MOSCOW).name).toMatchObject({ ru: 'Москва', en: 'Moscow' });
    expect(regionsOf(KAZAKHSTAN).find((r: { id: number }) => r.id === ALMATY).name).toEqual({
      ru: 'Алматы',
      en: 'Almaty',
      kz: 'Алматы',
      ch: '阿拉木图',
    });
  });

  it('counts the reserve down with the clock and answers 0 once it ended', async () => {
    t.clock.advance(5 * 60_000 + 1500);
    expect((await t.post('/api/order-data', { hash: order.hash })).json().response[0].reservetime).toBe(10 * 60 - 2);
    t.clock.advance(11 * 60_000);
    expect((await t.post('/api/order-data', { hash: order.hash })).json().response[0].reservetime).toBe(0);
  });

  it('answers the status of a confirmed order (and its reserve left to pay) so the page goes to the order view', async () => {
    const confirmed = await placeNamedOrder(t.db, t.clock.date(), 1, OrderStatus.confirmed);
    const body = (await t.post('/api/order-data', { hash: confirmed.hash })).json();
    expect(body.response[0]).toMatchObject({ demandstatusid: 20, reservetime: 15 * 60 });
  });

  it('answers no reserve for a paid order', async () => {
    await t.db.query('update orders set status = 30 where id = $1', [order.id]);
    expect((await t.post('/api/order-data', { hash: order.hash })).json().response[0]).toMatchObject({
      demandstatusid: 30,
      reservetime: 0,
    });
  });

  // 20 and 90 returned on load send the page to the order view, so the answer
  // must carry the status even after the expiry job has put every place back on sale.
  it.each([
    { description: 'awaiting its holders', confirmFirst: false },
    { description: 'confirmed but unpaid', confirmFirst: true },
  ])('answers the canceled status (90) of an order $description once the expiry job released it', async ({ confirmFirst }) => {
    if (confirmFirst) expect((await t.post('/api/confirm-nominal', validBody())).json().errorCode).toBe('0');
    t.clock.advance(15 * 60_000);
    await expireUnpaidOrders(t.db, t.clock.date());
    expect((await state()).status).toBe(90);
    const { rows } = await t.db.query<{ released: boolean }>('select released from order_lines where order_id = $1', [order.id]);
    expect(rows.map((line) => line.released)).toEqual([true]);

    const res = await t.post('/api/order-data', { hash: order.hash, lang: 'ru' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.response).toHaveLength(2);
    expect(body.response.map((item: { id: number }) => item.id)).toEqual(ticketIds);
    expect(body.response[0]).toMatchObject({ demandstatusid: 90, reservetime: 0, hash_id: order.hash });
  });

  it("answers 'order deleted' for an unknown hash", async () => {
    const res = await t.post('/api/order-data', { hash: 'x'.repeat(32), lang: 'ru' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: '-1004', errorText: 'Заказ удалён или не найден' });
  });

  it('refuses a malformed hash', async () => {
    const res = await t.post('/api/order-data', { hash: '../etc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('-1002');
  });
});

describe('POST /api/confirm-nominal', () => {
  it('stores the holders, confirms the order (20) and answers 0 with the hash', async () => {
    const res = await t.post('/api/confirm-nominal', validBody());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errorCode: '0', errorText: '', hash: order.hash });
    const after = await state();
    expect(after.status).toBe(20);
    expect(after.confirmed_at).not.toBeNull();
    expect(after.nominal_consents).toEqual([
      { id: 9001, checked: true },
      { id: 9002, checked: false },
    ]);
    expect(after.holders).toEqual([
      {
        surname: 'Иванов',
        name: 'Иван',
        middleName: 'Иванович',
        age: null,
        birthDate: '1987-05-24',
        docTypeId: 1,
        docNumber: '4510123456',
        countryId: RUSSIA,
        regionId: MOSCOW,
      },
      {
        surname: 'Smith',
        name: 'John',
        middleName: 'Peter',
        age: null,
        birthDate: '1950-02-01',
        docTypeId: 6,
        docNumber: 'N1234567',
        countryId: MONACO,
        regionId: null,
      },
    ]);
  });

  it('accepts the age instead of a birth date when needage = 1', async () => {
    await t.db.query('update events set need_age = 1, need_middle_name = false where id = 9000');
    const res = await t.post('/api/confirm-nominal', validBody({ age: ['30', 70], date: ['', ''], middleName: ['', ''] }));
    expect(res.json().errorCode).toBe('0');
    expect((await state()).holders).toMatchObject([{ age: 30, birthDate: null, middleName: null }, { age: 70 }]);
  });

  type Overrides = Record<string, unknown> | ((ids: number[]) => Record<string, unknown>);
  const invalid: { description: string; overrides: Overrides; path: string; code: string }[] = [
    { description: 'a missing surname', overrides: { surname: ['', 'Smith'] }, path: 'surname.0', code: NominalError.requiredSurname },
    {
      description: 'a surname of 33 letters',
      overrides: { surname: ['Иванов', 'S'.repeat(33)] },
      path: 'surname.1',
      code: NominalError.notValidSurname,
    },
    { description: 'a name of 2 letters', overrides: { name: ['Ян', 'John'] }, path: 'name.0', code: NominalError.notValidName },
    { description: 'a name with digits', overrides: { name: ['Иван', 'J0hn'] }, path: 'name.1', code: NominalError.notValidName },
    {
      description: 'a surname of Roman numeral symbols',
      overrides: { surname: ['ⅠⅡ', 'Smith'] },
      path: 'surname.0',
      code: NominalError.notValidSurname,
    },
    {
      description: 'a name in fullwidth letters',
      overrides: { name: ['Иван', 'Ｊｏｈｎ'] },
      path: 'name.1',
      code: NominalError.notValidName,
    },
    {
      description: 'a missing middle name',
      overrides: { middleName: ['Иванович', ''] },
      path: 'middleName.1',
      code: NominalError.requiredMiddleName,
    },
    {
      description: 'a middle name of 65 letters',
      overrides: { middleName: ['И'.repeat(65), 'Peter'] },
      path: 'middleName.0',
      code: NominalError.notValidMiddleName,
    },
    { description: 'a missing birth date', overrides: { date: ['', '01.02.1950'] }, path: 'date.0', code: NominalError.requiredBirthDate },
    {
      description: 'a birth date in the future',
      overrides: { date: ['16.03.2026', '01.02.1950'] },
      path: 'date.0',
      code: NominalError.futureBirthDate,
    },
    {
      description: 'a birth date of 1899',
      overrides: { date: ['24.05.1987', '01.02.1899'] },
      path: 'date.1',
      code: NominalError.notValidBirthDate,
    },
    {
      description: 'a birth date 31 April',
      overrides: { date: ['31.04.1987', '01.02.1950'] },
      path: 'date.0',
      code: NominalError.notValidBirthDate,
    },
    {
      description: 'a missing document type',
      overrides: { docTypeId: [null, 6] },
      path: 'docTypeId.0',
      code: NominalError.requiredDocType,
    },
    { description: 'an unknown document type', overrides: { docTypeId: [2, 6] }, path: 'docTypeId.0', code: NominalError.notValidDocType },
    {
      description: 'a missing document number',
      overrides: { docNum: ['4510 123456', '  '] },
      path: 'docNum.1',
      code: NominalError.requiredDocNum,
    },
    {
      description: 'a passport number of 9 digits',
      overrides: { docNum: ['4510 12345', 'N1234567'] },
      path: 'docNum.0',
      code: NominalError.notValidDocNum,
    },
    {
      description: 'a military ID in Latin letters',
      overrides: { docTypeId: [3, 6], docNum: ['AB 1234567', 'N1234567'] },
      path: 'docNum.0',
      code: NominalError.notValidDocNum,
    },
    {
      description: 'a birth certificate without the hyphen',
      overrides: { docTypeId: [4, 6], docNum: ['IVМЮ 123456', 'N1234567'] },
      path: 'docNum.0',
      code: NominalError.notValidDocNum,
    },
    {
      description: "a seafarer's passport of 6 digits",
      overrides: { docTypeId: [5, 6], docNum: ['II 123456', 'N1234567'] },
      path: 'docNum.0',
      code: NominalError.notValidDocNum,
    },
    {
      description: 'a foreign document in Cyrillic',
      overrides: { docNum: ['4510 123456', 'Н1234567'] },
      path: 'docNum.1',
      code: NominalError.notValidDocNum,
    },
    {
      description: 'a foreign document of 33 characters',
      overrides: { docNum: ['4510 123456', 'N'.repeat(33)] },
      path: 'docNum.1',
      code: NominalError.notValidDocNum,
    },
    { description: 'a missing country', overrides: { countryId: [RUSSIA, null] }, path: 'countryId.1', code: NominalError.requiredCountry },
    { description: 'an unknown country', overrides: { countryId: [RUSSIA, 1] }, path: 'countryId.1', code: NominalError.notValidCountry },
    {
      description: 'a missing region of Russia',
      overrides: { regionId: [null, null] },
      path: 'regionId.0',
      code: NominalError.requiredRegion,
    },
    {
      description: 'a region of Kazakhstan for Russia',
      overrides: { regionId: [ALMATY, null] },
      path: 'regionId.0',
      code: NominalError.notValidRegion,
    },
    {
      description: 'an unticked required consent',
      overrides: { checkboxList: [{ id: 9002, checked: true }] },
      path: 'checkboxList.9001',
      code: NominalError.requiredConsent,
    },
    {
      description: 'a required consent sent unchecked',
      overrides: { checkboxList: [{ id: 9001, checked: 0 }] },
      path: 'checkboxList.9001',
      code: NominalError.requiredConsent,
    },
    { description: 'a ticket of another order', overrides: (ids) => ({ id: [ids[0], 1] }), path: 'id', code: 'not-valid-ticket-list' },
  ];
  it.each(invalid)('refuses $description and changes nothing', async ({ overrides, path, code }) => {
    const before = await state();
    const res = await t.post('/api/confirm-nominal', validBody(typeof overrides === 'function' ? overrides(ticketIds) : overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: '-1002',
      errorText: 'Проверьте правильность заполнения полей.',
      fields: [{ path, code }],
    });
    expect(await state()).toEqual(before);
    expect(before).toMatchObject({ status: 10, holders: [null, null] });
  });

  it('refuses one ticket of two (every ticket needs its holder)', async () => {
    const one = (list: unknown[]) => list.slice(0, 1);
    const body = validBody();
    const res = await t.post('/api/confirm-nominal', {
      ...body,
      id: one(body.id),
      surname: one(body.surname),
      name: one(body.name),
      middleName: one(body.middleName),
      age: one(body.age),
      date: one(body.date),
      docTypeId: one(body.docTypeId),
      docNum: one(body.docNum),
      countryId: one(body.countryId),
      regionId: one(body.regionId),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'id', code: 'not-valid-ticket-list' }]);
    expect((await state()).status).toBe(10);
  });

  it('refuses lists of different lengths', async () => {
    const res = await t.post('/api/confirm-nominal', validBody({ docNum: ['4510 123456'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('-1002');
    expect((await state()).status).toBe(10);
  });

  it('reports every invalid field of every holder at once', async () => {
    const res = await t.post('/api/confirm-nominal', validBody({ surname: ['', ''], docNum: ['1', 'N1234567'], checkboxList: [] }));
    expect(res.json().fields).toEqual([
      { path: 'surname.0', code: NominalError.requiredSurname },
      { path: 'docNum.0', code: NominalError.notValidDocNum },
      { path: 'surname.1', code: NominalError.requiredSurname },
      { path: 'checkboxList.9001', code: NominalError.requiredConsent },
    ]);
  });

  it('answers the error text in the request language', async () => {
    const res = await t.post('/api/confirm-nominal', validBody({ lang: 'en', surname: ['', 'Smith'] }));
    expect(res.json().errorText).toBe('Please check the fields you filled in.');
  });

  it('confirms once: a repeated confirm answers 0 and changes nothing', async () => {
    expect((await t.post('/api/confirm-nominal', validBody())).json().errorCode).toBe('0');
    const first = await state();
    const again = await t.post('/api/confirm-nominal', validBody({ surname: ['Петров', 'Jones'] }));
    expect(again.json()).toEqual({ errorCode: '0', errorText: '', hash: order.hash });
    expect(await state()).toEqual(first);
  });

  it('sends a paid order to the order view without changing it', async () => {
    await t.db.query('update orders set status = 30 where id = $1', [order.id]);
    expect((await t.post('/api/confirm-nominal', validBody())).json()).toMatchObject({ errorCode: '0', hash: order.hash });
    expect((await state()).holders).toEqual([null, null]);
  });

  it('refuses a canceled order (90) with its hash, so the page goes to the order view', async () => {
    await t.db.query('update orders set status = 90, canceled_at = now() where id = $1', [order.id]);
    const res = await t.post('/api/confirm-nominal', validBody());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: '-1013', hash: order.hash });
    expect((await state()).holders).toEqual([null, null]);
  });

  it('refuses once the reserve has expired, and changes nothing', async () => {
    t.clock.advance(15 * 60_000);
    const res = await t.post('/api/confirm-nominal', validBody());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: '-1012', errorText: 'Время бронирования истекло. Оформите заказ заново.' });
    expect(await state()).toMatchObject({ status: 10, confirmed_at: null, holders: [null, null] });
  });

  it('confirms a second before the reserve ends', async () => {
    t.clock.advance(15 * 60_000 - 1000);
    expect((await t.post('/api/confirm-nominal', validBody())).json().errorCode).toBe('0');
  });

  it('refuses an order whose places were released', async () => {
    await t.db.query('update orders set released_at = now() where id = $1', [order.id]);
    expect((await t.post('/api/confirm-nominal', validBody())).json().errorCode).toBe('-1012');
  });

  it("answers 'order deleted' for an unknown hash", async () => {
    const res = await t.post('/api/confirm-nominal', validBody({ hash: 'y'.repeat(32) }));
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('-1004');
  });

  it('refuses a call without the CSRF token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/confirm-nominal', payload: validBody() });
    expect(res.statusCode).toBe(403);
    expect((await state()).status).toBe(10);
  });
});
