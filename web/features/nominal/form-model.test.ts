import { describe, expect, it } from 'vitest';
import { NominalError } from '../../../contract/nominal.ts';
import { emptyHolder, initialValues, maskAge, maskBirthDate, maskDocNum, nominalResolver, toConfirmBody, todayIn } from './form-model.ts';
import { orderDataFixture } from './test-data.ts';

describe('birth date mask dd.mm.yyyy', () => {
  it.each([
    { input: '', expected: '' },
    { input: '2', expected: '2' },
    { input: '24', expected: '24' },
    { input: '240', expected: '24.0' },
    { input: '2405', expected: '24.05' },
    { input: '24051', expected: '24.05.1' },
    { input: '24051987', expected: '24.05.1987' },
    { input: '240519871', expected: '24.05.1987' },
    { input: '24.05.1987', expected: '24.05.1987' },
    { input: '24/05/1987', expected: '24.05.1987' },
    { input: 'ab24cd', expected: '24' },
  ])('$input → $expected', ({ input, expected }) => {
    expect(maskBirthDate(input)).toBe(expected);
  });
});

describe('age and document masks', () => {
  it.each([
    { input: '7', expected: '7' },
    { input: '123', expected: '12' },
    { input: '4a', expected: '4' },
    { input: '-1', expected: '1' },
  ])('age $input → $expected', ({ input, expected }) => {
    expect(maskAge(input)).toBe(expected);
  });

  it.each([
    { type: '3', input: 'аб 1234567', expected: 'АБ 1234567' },
    { type: '4', input: 'iv-мю 123456', expected: 'IV-МЮ 123456' },
    { type: '5', input: 'ii 1234567', expected: 'II 1234567' },
    { type: '1', input: '4510 123456', expected: '4510 123456' },
    { type: '6', input: 'ab_12', expected: 'ab_12' },
  ])('document type $type: $input → $expected', ({ type, input, expected }) => {
    expect(maskDocNum(input, type)).toBe(expected);
  });
});

describe('today in the venue time zone', () => {
  it.each([
    { at: '2026-03-15T20:59:59Z', zone: 'Europe/Moscow', expected: '2026-03-15' },
    { at: '2026-03-15T21:00:00Z', zone: 'Europe/Moscow', expected: '2026-03-16' },
    { at: '2026-03-15T21:00:00Z', zone: 'UTC', expected: '2026-03-15' },
  ])('$at in $zone is $expected', ({ at, zone, expected }) => {
    expect(todayIn(zone, new Date(at))).toBe(expected);
  });
});

const data = orderDataFixture();

const filled = () => ({
  holders: [
    {
      ...emptyHolder(),
      surname: 'Иванов',
      name: 'Иван',
      date: '24.05.1987',
      docTypeId: '1',
      docNum: '4510 123456',
      countryId: '643',
      regionId: '643077',
    },
    {
      ...emptyHolder(),
      surname: 'Smith',
      name: 'John',
      middleName: 'Peter',
      age: '70',
      docTypeId: '6',
      docNum: 'N1234567',
      countryId: '492',
    },
  ],
  consents: { c3: true, c7: false },
});

type Values = ReturnType<typeof filled>;
const at = (values: Values, index: number) => {
  const holder = values.holders[index];
  if (!holder) throw new Error(`no holder ${index}`);
  return holder;
};

describe('the form resolver (the shared rules per ticket)', () => {
  const resolve = nominalResolver(data, () => '2026-03-15');
  const run = (values: ReturnType<typeof filled>) => resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('accepts a complete form', async () => {
    expect((await run(filled())).errors).toEqual({});
  });

  it('starts empty with every consent unticked', () => {
    expect(initialValues(data)).toEqual({ holders: [emptyHolder(), emptyHolder()], consents: { c3: false, c7: false } });
  });

  it.each([
    {
      description: 'a surname too short on the first ticket',
      change: (v: Values) => (at(v, 0).surname = 'И'),
      path: ['holders', 0, 'surname'],
      code: NominalError.notValidSurname,
    },
    {
      description: 'a missing middle name where the ticket asks for it',
      change: (v: Values) => (at(v, 1).middleName = ''),
      path: ['holders', 1, 'middleName'],
      code: NominalError.requiredMiddleName,
    },
    {
      description: 'an age of 0',
      change: (v: Values) => (at(v, 1).age = '0'),
      path: ['holders', 1, 'age'],
      code: NominalError.notValidAge,
    },
    {
      description: 'a future birth date',
      change: (v: Values) => (at(v, 0).date = '01.01.2027'),
      path: ['holders', 0, 'date'],
      code: NominalError.futureBirthDate,
    },
    {
      description: 'a passport number of the wrong shape',
      change: (v: Values) => (at(v, 0).docNum = 'AB 1234567'),
      path: ['holders', 0, 'docNum'],
      code: NominalError.notValidDocNum,
    },
    {
      description: 'no region for Russia',
      change: (v: Values) => (at(v, 0).regionId = ''),
      path: ['holders', 0, 'regionId'],
      code: NominalError.requiredRegion,
    },
    {
      description: 'an unticked required consent',
      change: (v: Values) => (v.consents.c3 = false),
      path: ['consents', 'c3'],
      code: NominalError.requiredConsent,
    },
  ])('marks $description', async ({ change, path, code }) => {
    const values = filled();
    change(values);
    const { errors } = await run(values);
    let node: unknown = errors;
    for (const key of path) node = (node as Record<string | number, unknown>)[key];
    expect(node).toEqual({ type: 'custom', message: code });
  });

  it('builds the confirm-nominal lists in ticket order', () => {
    expect(toConfirmBody(data, filled(), 'h'.repeat(32), 'en')).toEqual({
      hash: 'h'.repeat(32),
      lang: 'en',
      id: [11, 12],
      surname: ['Иванов', 'Smith'],
      name: ['Иван', 'John'],
      middleName: ['', 'Peter'],
      age: ['', '70'],
      date: ['24.05.1987', ''],
      docTypeId: [1, 6],
      docNum: ['4510 123456', 'N1234567'],
      countryId: [643, 492],
      regionId: [643077, null],
      checkboxList: [
        { id: 3, checked: true },
        { id: 7, checked: false },
      ],
    });
  });
});
