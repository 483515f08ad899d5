import { describe, expect, it } from 'vitest';
import { type SchemaCase, checkSchemaCase } from '../tests/schema-cases.ts';
import {
  type HolderContext,
  type HolderInput,
  NominalError,
  ageOn,
  ageSchema,
  birthDateSchema,
  confirmNominalRequest,
  firstNameSchema,
  holderSchema,
  isValidDocNum,
  isValidNamePattern,
  middleNameSchema,
  missingConsents,
  needsAgeWarning,
  normalizeDocNum,
  surnameSchema,
  validateHolder,
} from './nominal.ts';

type Case = SchemaCase;
const check = checkSchemaCase;

describe('surname (2–32, Latin or Cyrillic letters, spaces, hyphens)', () => {
  const cases: Case[] = [
    { description: 'a Cyrillic surname', input: 'Иванов', expected: 'Иванов' },
    { description: 'a Latin surname', input: 'Smith', expected: 'Smith' },
    { description: 'a Kazakh surname (Cyrillic script)', input: 'Әбілқасымов', expected: 'Әбілқасымов' },
    { description: 'a double surname with a hyphen', input: 'Петров-Водкин', expected: 'Петров-Водкин' },
    { description: 'a surname with a space', input: 'van Gogh', expected: 'van Gogh' },
    { description: 'a Latin letter with a diacritic', input: 'Müller', expected: 'Müller' },
    { description: 'exactly 2 letters', input: 'Ли', expected: 'Ли' },
    { description: 'exactly 32 letters', input: 'Ж'.repeat(32) },
    { description: 'surrounding and repeated spaces collapsed', input: '  Иванов   Петров ', expected: 'Иванов Петров' },
    { description: 'a decomposed й counted as one letter', input: 'Мари\u0438\u0306', expected: 'Марий' },
    { description: 'empty', input: '', error: NominalError.requiredSurname },
    { description: 'only spaces', input: '   ', error: NominalError.requiredSurname },
    { description: 'missing', input: undefined, error: NominalError.requiredSurname },
    { description: '1 letter', input: 'Я', error: NominalError.notValidSurname },
    { description: '33 letters', input: 'Ж'.repeat(33), error: NominalError.notValidSurname },
    { description: 'a digit', input: 'Иванов2', error: NominalError.notValidSurname },
    { description: 'a dot', input: 'Иванов И.', error: NominalError.notValidSurname },
    { description: 'an apostrophe', input: "O'Brien", error: NominalError.notValidSurname },
    { description: 'Greek letters', input: 'Παπαδόπουλος', error: NominalError.notValidSurname },
    { description: 'Chinese characters', input: '王小明', error: NominalError.notValidSurname },
    { description: 'fewer than 2 letters', input: 'Я-', error: NominalError.notValidSurname },
  ];
  it.each(cases)('$description', (c) => check(surnameSchema, c));
});

describe('name (3–64)', () => {
  const cases: Case[] = [
    { description: 'a Cyrillic name', input: 'Иван', expected: 'Иван' },
    { description: 'a Latin name', input: 'John', expected: 'John' },
    { description: 'a name with a hyphen', input: 'Анна-Мария', expected: 'Анна-Мария' },
    { description: 'exactly 3 letters', input: 'Яна' },
    { description: 'exactly 64 letters', input: 'a'.repeat(64) },
    { description: 'empty', input: '', error: NominalError.requiredName },
    { description: '2 letters', input: 'Ян', error: NominalError.notValidName },
    { description: '65 letters', input: 'a'.repeat(65), error: NominalError.notValidName },
    { description: 'an underscore', input: 'Ivan_', error: NominalError.notValidName },
    { description: 'hyphens and spaces only', input: '- - -', error: NominalError.notValidName },
  ];
  it.each(cases)('$description', (c) => check(firstNameSchema, c));
});

describe('middle name (3–64)', () => {
  const cases: Case[] = [
    { description: 'a patronymic', input: 'Иванович', expected: 'Иванович' },
    { description: 'a Kazakh patronymic with a space', input: 'Серік ұлы', expected: 'Серік ұлы' },
    { description: 'empty', input: '', error: NominalError.requiredMiddleName },
    { description: '2 letters', input: 'Ив', error: NominalError.notValidMiddleName },
    { description: '65 letters', input: 'б'.repeat(65), error: NominalError.notValidMiddleName },
    { description: 'a digit', input: 'Иванович1', error: NominalError.notValidMiddleName },
  ];
  it.each(cases)('$description', (c) => check(middleNameSchema, c));
});

// The holder name rule: 'Latin or Cyrillic letters, spaces, hyphens, at least 2'. A letter is an upper-
// or lower-case letter of either script in its NFC form (docs/nominal.md, 'Letters').
describe('letters of a name (surname, name and middle name alike)', () => {
  const accepted: { description: string; input: string }[] = [
    { description: 'every Kazakh letter', input: 'Әә Ғғ Ққ Ңң Өө Ұұ Үү Һһ Іі' },
    { description: 'the Ukrainian letters', input: 'Єє Іі Її Ґґ' },
    { description: 'the Belarusian ў', input: 'Ўў' },
    { description: 'ё and Ё', input: 'Ёлкин' },
    { description: 'the Russian alphabet', input: 'АаБбВвГгДдЕеЖжЗзИиЙйКкЛлМмНнОоПпРрСсТтУуФфХхЦцЧчШшЩщЪъЫыЬьЭэЮюЯя' },
    { description: 'the Latin alphabet', input: 'AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRrSsTtUuVvWwXxYyZz' },
    { description: 'precomposed accented Latin letters', input: 'Renée Muñoz Müller' },
    { description: 'Latin letters of other alphabets', input: 'Łukasz Dvořák Ørsted Straße Nguyễn İlhan' },
    { description: 'a decomposed é (e + U+0301), read in its NFC form', input: 'Rene\u0301e' },
    { description: 'a decomposed й (и + U+0306)', input: 'Мари\u0438\u0306' },
  ];
  it.each(accepted)('accepts $description', ({ input }) => {
    expect(isValidNamePattern(input)).toBe(true);
  });

  const refused: { description: string; input: string }[] = [
    { description: 'a Cyrillic titlo (combining U+0483) after a letter', input: 'Иван\u0483' },
    { description: 'a combining millions sign (U+0489) after a letter', input: 'Иван\u0489' },
    { description: 'combining marks alone', input: '\u0483\u0489' },
    { description: 'an acute that composes with nothing (ы + U+0301)', input: 'Ры\u0301бин' },
    { description: 'Roman numeral symbols', input: 'ⅠⅡ' },
    { description: 'a Roman numeral symbol after a name', input: 'Иван Ⅳ' },
    { description: 'modifier letters', input: 'ʰʰ' },
    { description: 'a modifier apostrophe (U+02BC)', input: 'Дʼартаньян' },
    { description: 'superscript modifier letters', input: 'ᵃᵇ' },
    { description: 'fullwidth Latin letters', input: 'ＡＢ' },
    { description: 'a fullwidth name', input: 'Ｉｖａｎ' },
    { description: 'a Latin ligature', input: 'ﬁnn' },
    { description: 'a titlecase digraph', input: 'ǅuro' },
    { description: 'an ordinal indicator', input: 'Maªa' },
    { description: 'the Cyrillic thousands sign', input: '҂Иван' },
    { description: 'small Roman numeral symbols', input: 'ⅰⅱ' },
  ];
  it.each(refused)('refuses $description', ({ input }) => {
    expect(isValidNamePattern(input)).toBe(false);
  });

  it.each([
    { field: 'surname', schema: surnameSchema, error: NominalError.notValidSurname },
    { field: 'name', schema: firstNameSchema, error: NominalError.notValidName },
    { field: 'middle name', schema: middleNameSchema, error: NominalError.notValidMiddleName },
  ])('the $field schema stores a decomposed é in NFC and refuses ⅠⅡⅢ', ({ schema, error }) => {
    check(schema, { description: '', input: 'Rene\u0301e', expected: 'Renée' });
    check(schema, { description: '', input: 'ⅠⅡⅢ', error });
  });
});

describe('age (1–2 digits, at least 1)', () => {
  const cases: Case[] = [
    { description: '1', input: '1', expected: 1 },
    { description: '99', input: '99', expected: 99 },
    { description: 'a leading zero', input: '07', expected: 7 },
    { description: 'a JSON number', input: 42, expected: 42 },
    { description: 'surrounding spaces', input: ' 30 ', expected: 30 },
    { description: 'empty', input: '', error: NominalError.requiredAge },
    { description: 'missing', input: undefined, error: NominalError.requiredAge },
    { description: '0', input: '0', error: NominalError.notValidAge },
    { description: '00', input: '00', error: NominalError.notValidAge },
    { description: '3 digits', input: '100', error: NominalError.notValidAge },
    { description: 'a negative number', input: '-5', error: NominalError.notValidAge },
    { description: 'a fraction', input: '2.5', error: NominalError.notValidAge },
    { description: 'letters', input: 'десять', error: NominalError.notValidAge },
  ];
  it.each(cases)('$description', (c) => check(ageSchema, c));
});

describe('birth date (dd.mm.yyyy, 1900–2051, not in the future)', () => {
  const today = '2026-03-15';
  const cases: Case[] = [
    { description: 'an ordinary date', input: '24.05.1987', expected: '1987-05-24' },
    { description: 'the first allowed year', input: '01.01.1900', expected: '1900-01-01' },
    { description: 'a 29 February of a leap year', input: '29.02.2024', expected: '2024-02-29' },
    { description: 'today', input: '15.03.2026', expected: '2026-03-15' },
    { description: 'empty', input: '', error: NominalError.requiredBirthDate },
    { description: 'missing', input: undefined, error: NominalError.requiredBirthDate },
    { description: 'an unfinished mask', input: '24.05.19', error: NominalError.notValidBirthDate },
    { description: 'a single-digit day', input: '4.05.1987', error: NominalError.notValidBirthDate },
    { description: 'another separator', input: '24/05/1987', error: NominalError.notValidBirthDate },
    { description: 'ISO order', input: '1987-05-24', error: NominalError.notValidBirthDate },
    { description: '31 April', input: '31.04.1990', error: NominalError.notValidBirthDate },
    { description: '29 February of a common year', input: '29.02.2023', error: NominalError.notValidBirthDate },
    { description: 'month 13', input: '01.13.1990', error: NominalError.notValidBirthDate },
    { description: 'day 0', input: '00.01.1990', error: NominalError.notValidBirthDate },
    { description: 'year 1899', input: '31.12.1899', error: NominalError.notValidBirthDate },
    { description: 'year 2052', input: '01.01.2052', error: NominalError.notValidBirthDate },
    { description: 'tomorrow', input: '16.03.2026', error: NominalError.futureBirthDate },
    { description: 'a future year within the range', input: '01.01.2051', error: NominalError.futureBirthDate },
  ];
  it.each(cases)('$description', (c) => check(birthDateSchema(today), c));
});

describe('document number by type (spaces removed first, at most 32)', () => {
  const cases: { description: string; type: number; input: string; valid: boolean }[] = [
    { description: 'type 1: 4+6 digits with a space', type: 1, input: '4510 123456', valid: true },
    { description: 'type 1: 10 digits', type: 1, input: '4510123456', valid: true },
    { description: 'type 1: spaces anywhere', type: 1, input: '45 10 123 456', valid: true },
    { description: 'type 1: 9 digits', type: 1, input: '451012345', valid: false },
    { description: 'type 1: 11 digits', type: 1, input: '45101234567', valid: false },
    { description: 'type 1: a letter', type: 1, input: '4510 12345A', valid: false },
    { description: 'type 1: a hyphen', type: 1, input: '4510-123456', valid: false },
    { description: 'type 3: two Cyrillic capitals and 7 digits', type: 3, input: 'АБ 1234567', valid: true },
    { description: 'type 3: with Ё', type: 3, input: 'ЁЖ1234567', valid: true },
    { description: 'type 3: lower-case letters', type: 3, input: 'аб 1234567', valid: false },
    { description: 'type 3: Latin look-alikes', type: 3, input: 'AB 1234567', valid: false },
    { description: 'type 3: 6 digits', type: 3, input: 'АБ 123456', valid: false },
    { description: 'type 3: three letters', type: 3, input: 'АБВ 1234567', valid: false },
    { description: 'type 4: roman numerals, hyphen, two Cyrillic capitals, 6 digits', type: 4, input: 'IV-МЮ 123456', valid: true },
    { description: 'type 4: a long roman numeral', type: 4, input: 'XVIII-АА 654321', valid: true },
    { description: 'type 4: no hyphen', type: 4, input: 'IVМЮ 123456', valid: false },
    { description: 'type 4: Arabic digits for the series', type: 4, input: '4-МЮ 123456', valid: false },
    { description: 'type 4: Cyrillic Х for the roman ten', type: 4, input: 'Х-МЮ 123456', valid: false },
    { description: 'type 4: 7 digits', type: 4, input: 'IV-МЮ 1234567', valid: false },
    { description: 'type 4: Latin letters', type: 4, input: 'IV-MU 123456', valid: false },
    { description: 'type 5: roman numerals and 7 digits', type: 5, input: 'II 1234567', valid: true },
    { description: 'type 5: without a space', type: 5, input: 'XI1234567', valid: true },
    { description: 'type 5: 6 digits', type: 5, input: 'II 123456', valid: false },
    { description: 'type 5: letters instead of numerals', type: 5, input: 'АБ 1234567', valid: false },
    { description: 'type 5: a hyphen', type: 5, input: 'II-1234567', valid: false },
    { description: 'type 6: Latin letters and digits', type: 6, input: 'N1234567', valid: true },
    { description: 'type 6: underscore and hyphen', type: 6, input: 'AB_12-34', valid: true },
    { description: 'type 6: exactly 2 characters', type: 6, input: 'A1', valid: true },
    { description: 'type 6: exactly 32 characters', type: 6, input: 'A'.repeat(32), valid: true },
    { description: 'type 6: 33 characters', type: 6, input: 'A'.repeat(33), valid: false },
    { description: 'type 6: 32 characters plus spaces', type: 6, input: `${'A'.repeat(16)} ${'B'.repeat(16)}`, valid: true },
    { description: 'type 6: one character', type: 6, input: 'A', valid: false },
    { description: 'type 6: Cyrillic letters', type: 6, input: 'АБ123', valid: false },
    { description: 'type 6: a slash', type: 6, input: 'AB/123', valid: false },
    { description: 'unknown type: validated as type 6', type: 42, input: 'X-99', valid: true },
    { description: 'unknown type: Cyrillic refused as by type 6', type: 42, input: 'Ж99', valid: false },
    { description: 'any type: empty', type: 6, input: '   ', valid: false },
  ];
  it.each(cases)('$description', ({ type, input, valid }) => {
    expect(isValidDocNum(type, normalizeDocNum(input))).toBe(valid);
  });
});

describe('age on a date and the 65-or-over warning', () => {
  it.each([
    { birth: '1961-03-15', today: '2026-03-15', age: 65 },
    { birth: '1961-03-16', today: '2026-03-15', age: 64 },
    { birth: '2000-02-29', today: '2026-02-28', age: 25 },
    { birth: '2000-02-29', today: '2026-03-01', age: 26 },
  ])('born $birth is $age on $today', ({ birth, today, age }) => {
    expect(ageOn(birth, today)).toBe(age);
  });

  it.each([
    { description: 'age 65', input: { needage: 1, age: '65' }, warn: true },
    { description: 'age 99', input: { needage: 1, age: 99 }, warn: true },
    { description: 'age 64', input: { needage: 1, age: '64' }, warn: false },
    { description: 'an invalid age', input: { needage: 1, age: '650' }, warn: false },
    { description: 'born 65 years ago today', input: { needage: 2, date: '15.03.1961' }, warn: true },
    { description: 'turning 65 tomorrow', input: { needage: 2, date: '16.03.1961' }, warn: false },
    { description: 'an unfinished date', input: { needage: 2, date: '15.03.19' }, warn: false },
    { description: 'no age asked', input: { needage: 0, age: '80' }, warn: false },
  ])('$description: warning $warn', ({ input, warn }) => {
    expect(needsAgeWarning(input, '2026-03-15')).toBe(warn);
  });
});

const RU = 643;
const KZ = 398;
const MONACO = 492; // a country with no regions listed
const context = (flags: Partial<HolderContext['flags']> = {}): HolderContext => ({
  flags: { needage: 0, needmiddlename: 0, needdocument: 0, needcountry: 0, needregion: 0, ...flags },
  today: '2026-03-15',
  docTypeIds: new Set([1, 3, 4, 5, 6]),
  regionsByCountry: new Map<number, number[]>([
    [RU, [1, 2, 3]],
    [KZ, [101, 102]],
    [MONACO, []],
    [999, [500]],
  ]),
});

const valid: HolderInput = {
  surname: 'Иванов',
  name: 'Иван',
  middleName: 'Иванович',
  age: '30',
  date: '24.05.1987',
  docTypeId: 1,
  docNum: '4510 123456',
  countryId: RU,
  regionId: 2,
};
const all = { needage: 1, needmiddlename: 1, needdocument: 1, needcountry: 1, needregion: 1 };

describe('validateHolder: which fields the flags ask for', () => {
  it('accepts a complete holder and stores clean values', () => {
    expect(validateHolder(valid, context(all))).toEqual({
      holder: {
        surname: 'Иванов',
        name: 'Иван',
        middleName: 'Иванович',
        age: 30,
        birthDate: null,
        docTypeId: 1,
        docNumber: '4510123456',
        countryId: RU,
        regionId: 2,
      },
      issues: [],
    });
  });

  it('ignores every field the flags do not ask for', () => {
    const result = validateHolder(
      { surname: 'Smith', name: 'John', middleName: '1', age: 'x', date: 'x', docTypeId: 77, docNum: '!', countryId: 5, regionId: 5 },
      context(),
    );
    expect(result.holder).toEqual({
      surname: 'Smith',
      name: 'John',
      middleName: null,
      age: null,
      birthDate: null,
      docTypeId: null,
      docNumber: null,
      countryId: null,
      regionId: null,
    });
  });

  const cases: { description: string; flags: Partial<HolderContext['flags']>; input: Partial<HolderInput>; field: string; code: string }[] =
    [
      { description: 'a missing surname', flags: {}, input: { surname: '' }, field: 'surname', code: NominalError.requiredSurname },
      { description: 'a short name', flags: {}, input: { name: 'Ян' }, field: 'name', code: NominalError.notValidName },
      {
        description: 'a missing middle name when needmiddlename = 1',
        flags: { needmiddlename: 1 },
        input: { middleName: '' },
        field: 'middleName',
        code: NominalError.requiredMiddleName,
      },
      {
        description: 'a missing age when needage = 1',
        flags: { needage: 1 },
        input: { age: '' },
        field: 'age',
        code: NominalError.requiredAge,
      },
      { description: 'age 0 when needage = 1', flags: { needage: 1 }, input: { age: 0 }, field: 'age', code: NominalError.notValidAge },
      {
        description: 'a missing birth date when needage = 2',
        flags: { needage: 2 },
        input: { date: '' },
        field: 'date',
        code: NominalError.requiredBirthDate,
      },
      {
        description: 'a future birth date when needage = 2',
        flags: { needage: 2 },
        input: { date: '01.01.2030' },
        field: 'date',
        code: NominalError.futureBirthDate,
      },
      {
        description: 'a missing document type',
        flags: { needdocument: 1 },
        input: { docTypeId: null },
        field: 'docTypeId',
        code: NominalError.requiredDocType,
      },
      {
        description: 'an unknown document type',
        flags: { needdocument: 1 },
        input: { docTypeId: 2 },
        field: 'docTypeId',
        code: NominalError.notValidDocType,
      },
      {
        description: 'a missing document number',
        flags: { needdocument: 1 },
        input: { docNum: ' ' },
        field: 'docNum',
        code: NominalError.requiredDocNum,
      },
      {
        description: 'a number that does not fit its type',
        flags: { needdocument: 1 },
        input: { docTypeId: 3, docNum: '4510 123456' },
        field: 'docNum',
        code: NominalError.notValidDocNum,
      },
      {
        description: 'a missing country',
        flags: { needcountry: 1 },
        input: { countryId: null },
        field: 'countryId',
        code: NominalError.requiredCountry,
      },
      {
        description: 'an unknown country',
        flags: { needcountry: 1 },
        input: { countryId: 4 },
        field: 'countryId',
        code: NominalError.notValidCountry,
      },
      {
        description: 'a missing region of a country with regions',
        flags: { needcountry: 1, needregion: 1 },
        input: { regionId: null },
        field: 'regionId',
        code: NominalError.requiredRegion,
      },
      {
        description: 'a region of another country',
        flags: { needcountry: 1, needregion: 1 },
        input: { regionId: 101 },
        field: 'regionId',
        code: NominalError.notValidRegion,
      },
    ];
  it.each(cases)('refuses $description', ({ flags, input, field, code }) => {
    const result = validateHolder({ ...valid, ...input }, context(flags));
    expect(result.issues).toEqual([{ field, code }]);
    expect(result.holder).toBeUndefined();
  });

  it('stores a birth date when needage = 2', () => {
    expect(validateHolder(valid, context({ needage: 2 })).holder?.birthDate).toBe('1987-05-24');
  });

  it('does not ask a region of a country without regions', () => {
    expect(
      validateHolder({ ...valid, countryId: MONACO, regionId: null }, context({ needcountry: 1, needregion: 1 })).holder?.regionId,
    ).toBeNull();
  });

  it('takes the only region of a country with one region without asking', () => {
    expect(validateHolder({ ...valid, countryId: 999, regionId: null }, context({ needcountry: 1, needregion: 1 })).holder?.regionId).toBe(
      500,
    );
  });

  it('does not ask a region when needregion = 0', () => {
    expect(validateHolder({ ...valid, regionId: null }, context({ needcountry: 1 })).holder?.regionId).toBeNull();
  });

  it('reports every invalid field at once', () => {
    const result = validateHolder({ surname: '', name: '', docTypeId: null, docNum: '' }, context({ needdocument: 1 }));
    expect(result.issues.map((i) => i.field)).toEqual(['surname', 'name', 'docTypeId', 'docNum']);
  });

  it('as a zod schema puts each issue on its field', () => {
    const result = holderSchema(context(all)).safeParse({ ...valid, surname: 'И', regionId: null });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['surname', NominalError.notValidSurname],
      ['regionId', NominalError.requiredRegion],
    ]);
  });
});

describe('consents', () => {
  const boxes = [
    { id: 1, filling: 1 },
    { id: 2, filling: 0 },
    { id: 3, filling: 1 },
  ];
  it.each([
    { description: 'all required ticked', ticked: [1, 3], missing: [] },
    { description: 'optional left unticked', ticked: [1, 3], missing: [] },
    { description: 'one required unticked', ticked: [1, 2], missing: [3] },
    { description: 'none ticked', ticked: [], missing: [1, 3] },
  ])('$description', ({ ticked, missing }) => {
    expect(missingConsents(boxes, new Set(ticked))).toEqual(missing);
  });
});

describe('confirm-nominal request', () => {
  const body = { hash: 'a'.repeat(32), lang: 'ru', id: [1, 2], surname: ['А', 'Б'], name: ['В', 'Г'] };
  it('accepts lists as long as id', () => {
    expect(confirmNominalRequest.safeParse(body).success).toBe(true);
  });
  it('refuses a list of another length', () => {
    expect(confirmNominalRequest.safeParse({ ...body, docNum: ['1'] }).success).toBe(false);
  });
  it('refuses an empty id list', () => {
    expect(confirmNominalRequest.safeParse({ ...body, id: [], surname: [], name: [] }).success).toBe(false);
  });
});
