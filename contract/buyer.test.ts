import { describe, expect, it } from 'vitest';
import { type SchemaCase, checkSchemaCase } from '../tests/schema-cases.ts';
import type { z } from 'zod';
import {
  BUYER_LIMITS,
  BuyerError,
  buyerFieldErrors,
  buyerSchema,
  convertCyrillicLayout,
  emailRepeatMatches,
  emailSchema,
  fioSchema,
  formatPushkinPhone,
  phoneSchema,
  pushkinBuyerSchema,
  pushkinNameSchema,
  pushkinPatronymicSchema,
  pushkinPhoneSchema,
  pushkinSurnameSchema,
} from './buyer.ts';

type Case = SchemaCase;
const check = checkSchemaCase;

describe('fio', () => {
  const cases: Case[] = [
    { description: 'a Cyrillic full name', input: 'Иванов Иван Иванович', expected: 'Иванов Иван Иванович' },
    { description: 'a Latin name', input: 'John Smith', expected: 'John Smith' },
    { description: 'a Kazakh name', input: 'Әлихан Бөкейхан', expected: 'Әлихан Бөкейхан' },
    { description: 'a double surname with a dash', input: 'Петров-Водкин Кузьма', expected: 'Петров-Водкин Кузьма' },
    { description: 'exactly 4 characters', input: 'Ли Я', expected: 'Ли Я' },
    { description: 'exactly 70 characters', input: 'А'.repeat(70) },
    { description: 'surrounding and repeated spaces collapsed', input: '  Иван   Петров ', expected: 'Иван Петров' },
    { description: 'empty', input: '', error: BuyerError.requiredFio },
    { description: 'only spaces', input: '    ', error: BuyerError.requiredFio },
    { description: 'missing', input: undefined, error: BuyerError.requiredFio },
    { description: '3 characters', input: 'Ива', error: BuyerError.notValidFio },
    { description: '71 characters', input: 'А'.repeat(71), error: BuyerError.notValidFio },
    { description: 'digits', input: 'Иван 2', error: BuyerError.notValidFio },
    { description: 'a dot (abbreviation)', input: 'Иванов И.И.', error: BuyerError.notValidFio },
    { description: 'fewer than 2 letters', input: 'Я - -', error: BuyerError.notValidFio },
    { description: 'an apostrophe', input: "O'Brien", error: BuyerError.notValidFio },
  ];
  it.each(cases)('$description', (c) => check(fioSchema, c));
});

describe('general phone', () => {
  const cases: Case[] = [
    { description: 'E.164', input: '+79000000000', expected: '+79000000000' },
    { description: 'spaces and dashes kept out of the stored form', input: '+7 900 000-00-00', expected: '+79000000000' },
    { description: 'an international number', input: '+44 20 7946 0958', expected: '+442079460958' },
    { description: 'the Russian mask', input: '+7 (999) 901-02-03', expected: '+79999010203' },
    { description: 'a Kazakh number', input: '+7 700 123 45 67', expected: '+77001234567' },
    { description: 'a US number', input: '+1 212 555 0100', expected: '+12125550100' },
    { description: 'a Chinese mobile', input: '+86 138 0013 8000', expected: '+8613800138000' },
    { description: 'empty', input: '', error: BuyerError.requiredPhone },
    { description: '5 characters', input: '+7900', error: BuyerError.notValidPhone },
    { description: '21 characters', input: '+7 999 901 02 03 4567', error: BuyerError.notValidPhone },
    { description: 'letters', input: '+7 999 CALL ME', error: BuyerError.notValidPhone },
    { description: 'no country code', input: '9000000000', error: BuyerError.notValidPhone },
    { description: 'the trunk prefix instead of the country code', input: '89000000000', error: BuyerError.notValidPhone },
    { description: 'the country code typed twice (the reported bug)', input: '+7 79000000000', error: BuyerError.notValidPhone },
    { description: 'an 11-digit Russian national number', input: '+7 89000000000', error: BuyerError.notValidPhone },
    { description: 'a Russian number one digit short', input: '+7 900 000 00 0', error: BuyerError.notValidPhone },
    { description: 'an unknown country code', input: '+999 123 456 789', error: BuyerError.notValidPhone },
    { description: 'long but too few digits', input: '(1) - (2) - 3', error: BuyerError.notValidPhone },
  ];
  it.each(cases)('$description', (c) => check(phoneSchema, c));
});

describe('Pushkin-card phone', () => {
  const cases: Case[] = [
    { description: 'the mask', input: '+7 (999) 901-02-03', expected: '79999010203' },
    { description: '11 bare digits', input: '79999010203', expected: '79999010203' },
    { description: 'empty', input: '', error: BuyerError.requiredPhone },
    { description: '10 digits', input: '+7 (999) 901-02-0', error: BuyerError.notValidPushkinPhone },
    { description: '12 digits', input: '799990102034', error: BuyerError.notValidPushkinPhone },
    { description: 'not the +7 country code', input: '+1 (999) 901-02-03', error: BuyerError.notValidPushkinPhone },
    { description: 'longer than 18 characters', input: '+7  (999) 901-02-03', error: BuyerError.notValidPushkinPhone },
    { description: 'letters', input: '+7 (999) 9O1-02-03', error: BuyerError.notValidPushkinPhone },
  ];
  it.each(cases)('$description', (c) => check(pushkinPhoneSchema, c));
});

describe('formatPushkinPhone', () => {
  const cases = [
    { input: '', expected: '' },
    { input: '9', expected: '+7 (9' },
    { input: '999', expected: '+7 (999)' },
    { input: '9999', expected: '+7 (999) 9' },
    { input: '9999010', expected: '+7 (999) 901-0' },
    { input: '999901020', expected: '+7 (999) 901-02-0' },
    { input: '9999010203', expected: '+7 (999) 901-02-03' },
    { input: '79999010203', expected: '+7 (999) 901-02-03' },
    { input: '89999010203', expected: '+7 (999) 901-02-03' },
    { input: '+7 (999) 901-02-0399', expected: '+7 (999) 901-02-03' },
    { input: '+7 (999) 901-02-03', expected: '+7 (999) 901-02-03' },
  ];
  it.each(cases)('formats $input as $expected', ({ input, expected }) => {
    expect(formatPushkinPhone(input)).toBe(expected);
  });

  /** What the field shows after each key typed at its end, as the browser does: formatted on every input, no key past maxlength 18. */
  const typeKeys = (keys: string, start = '') => {
    const shown: string[] = [];
    let value = start;
    for (const key of keys) {
      if (value.length < BUYER_LIMITS.pushkinPhoneMax) value = formatPushkinPhone(value + key);
      shown.push(value);
    }
    return shown;
  };

  const typed = [
    { description: 'a leading 8 (the trunk prefix) becomes the country code', keys: '89999010203', expected: '+7 (999) 901-02-03' },
    { description: 'a leading 7 becomes the country code', keys: '79999010203', expected: '+7 (999) 901-02-03' },
    { description: 'the number alone', keys: '9999010203', expected: '+7 (999) 901-02-03' },
    { description: '+7 first', keys: '+79999010203', expected: '+7 (999) 901-02-03' },
    { description: 'the mask typed character by character', keys: '+7 (999) 901-02-03', expected: '+7 (999) 901-02-03' },
    { description: "after +7 the number's own first 8 stays", keys: '+78121234567', expected: '+7 (812) 123-45-67' },
    { description: "after the trunk 8 the number's own first 8 stays", keys: '88121234567', expected: '+7 (812) 123-45-67' },
    { description: "after the country code 7 the number's own first 7 stays", keys: '77001234567', expected: '+7 (700) 123-45-67' },
    { description: 'a key past the whole number is not taken', keys: '899990102034', expected: '+7 (999) 901-02-03' },
  ];
  it.each(typed)('typed key by key from empty: $description', ({ keys, expected }) => {
    expect(typeKeys(keys).at(-1)).toBe(expected);
  });

  it('shows +7 for the typed trunk 8 and then the number as it grows', () => {
    expect(typeKeys('89999')).toEqual(['+7', '+7 (9', '+7 (99', '+7 (999)', '+7 (999) 9']);
  });

  const pasted = [
    { description: '11 digits with the trunk 8', input: '89999010203', expected: '+7 (999) 901-02-03' },
    { description: 'the trunk 8 and the mask', input: '8 (999) 901-02-03', expected: '+7 (999) 901-02-03' },
    { description: '+7 and spaces', input: '+7 999 901 02 03', expected: '+7 (999) 901-02-03' },
    { description: 'the area code in brackets without a prefix', input: '(999) 901-02-03', expected: '+7 (999) 901-02-03' },
    { description: 'a whole national number starting with 8', input: '8001234567', expected: '+7 (800) 123-45-67' },
    { description: 'the same with the trunk 8', input: '88001234567', expected: '+7 (800) 123-45-67' },
    { description: "into the '+7' the typed trunk 8 left, with its own 8", input: '+789999010203', expected: '+7 (999) 901-02-03' },
    { description: "into the '+7' the typed trunk 8 left, without a prefix", input: '+79999010203', expected: '+7 (999) 901-02-03' },
  ];
  it.each(pasted)('pasted: $description', ({ input, expected }) => {
    expect(formatPushkinPhone(input)).toBe(expected);
  });

  // The text the field holds right after an edit in the middle of what it showed.
  const edited = [
    { description: 'a digit deleted mid-number', input: '+7 (999) 91-02-03', expected: '+7 (999) 910-20-3' },
    { description: "the area code replaced by the number's own 8", input: '+7 (8) 901-02-03', expected: '+7 (890) 102-03' },
    { description: "an 8 typed before the number's first digit", input: '+7 (899', expected: '+7 (899)' },
    { description: "the '+' deleted", input: '7 (999) 901-02-0', expected: '+7 (999) 901-02-0' },
    { description: "the '+7 ' deleted", input: '(999) 901-02-03', expected: '+7 (999) 901-02-03' },
    { description: "the whole '+7 (' deleted", input: '999) 901-02-03', expected: '+7 (999) 901-02-03' },
    { description: 'backspace after the first digit of the number', input: '+7 (', expected: '+7' },
    { description: "backspace on '+7'", input: '+', expected: '' },
  ];
  it.each(edited)('edited: $description', ({ input, expected }) => {
    expect(formatPushkinPhone(input)).toBe(expected);
  });

  it('gives exactly 18 characters for a whole number, which the Pushkin phone accepts', () => {
    const formatted = formatPushkinPhone('9999010203');
    expect(formatted).toHaveLength(18);
    expect(pushkinPhoneSchema.parse(formatted)).toBe('79999010203');
  });
});

describe('convertCyrillicLayout', () => {
  const cases = [
    { input: 'шмфтщм', expected: 'ivanov' },
    { input: 'шмфт"ьфшдюкг', expected: 'ivan@mail.ru' },
    { input: 'ШМФТ', expected: 'IVAN' },
    { input: 'ivan@mail.ru', expected: 'ivan@mail.ru' },
    { input: 'ivan_1985', expected: 'ivan_1985' },
    { input: 'хъжэбю', expected: "[];',." },
  ];
  it.each(cases)('turns $input into $expected', ({ input, expected }) => {
    expect(convertCyrillicLayout(input)).toBe(expected);
  });
});

describe('email', () => {
  const cases: Case[] = [
    { description: 'a plain address', input: 'ivan@mail.ru', expected: 'ivan@mail.ru' },
    { description: 'dots, plus and subdomains', input: 'ivan.petrov+tickets@post.example.com' },
    { description: 'exactly 6 characters', input: 'a@b.ru' },
    { description: 'typed with the Russian layout', input: 'шмфт"ьфшдюкг', expected: 'ivan@mail.ru' },
    { description: 'surrounding spaces trimmed', input: ' ivan@mail.ru ', expected: 'ivan@mail.ru' },
    { description: 'empty', input: '', error: BuyerError.requiredEmail },
    { description: '5 characters', input: 'a@b.r', error: BuyerError.notValidEmail },
    { description: '71 characters', input: `${'a'.repeat(63)}@mail.ru`, error: BuyerError.notValidEmail },
    { description: 'no @', input: 'ivan.mail.ru', error: BuyerError.notValidEmail },
    { description: 'no top-level domain', input: 'ivan@mail', error: BuyerError.notValidEmail },
    { description: 'a space inside', input: 'iv an@mail.ru', error: BuyerError.notValidEmail },
    { description: 'two dots in a row', input: 'ivan..p@mail.ru', error: BuyerError.notValidEmail },
    { description: 'two @', input: 'ivan@@mail.ru', error: BuyerError.notValidEmail },
  ];
  it.each(cases)('$description', (c) => check(emailSchema, c));
});

describe('emailRepeatMatches (the repeated e-mail, as typed, against the normalised e-mail)', () => {
  it.each([
    { description: 'the same address', email: 'ivan@mail.ru', repeat: 'ivan@mail.ru', matches: true },
    { description: 'surrounding spaces', email: 'ivan@mail.ru', repeat: ' ivan@mail.ru ', matches: true },
    { description: 'typed with the Russian layout', email: 'ivan@mail.ru', repeat: 'шмфт"ьфшдюкг', matches: true },
    { description: 'another address', email: 'ivan@mail.ru', repeat: 'ivan@mail.com', matches: false },
    { description: 'letter case differs', email: 'ivan@mail.ru', repeat: 'Ivan@mail.ru', matches: false },
    { description: 'empty repeat', email: 'ivan@mail.ru', repeat: '', matches: false },
  ])('$description: $matches', ({ email, repeat, matches }) => expect(emailRepeatMatches(email, repeat)).toBe(matches));
});

describe('Pushkin-card names', () => {
  const surnames: Case[] = [
    { description: 'a Russian surname', input: 'Иванов', expected: 'Иванов' },
    { description: 'a double surname', input: 'Петров-Водкин', expected: 'Петров-Водкин' },
    { description: 'ё normalised to е', input: 'Соловьёв', expected: 'Соловьев' },
    { description: 'Ё normalised to Е', input: 'Ёлкин', expected: 'Елкин' },
    { description: 'exactly 70 letters', input: 'Я'.repeat(70) },
    { description: 'empty', input: '', error: BuyerError.notValidSurname },
    { description: 'Latin letters', input: 'Ivanov', error: BuyerError.notValidSurname },
    { description: 'an abbreviation with a dot', input: 'Ив.', error: BuyerError.notValidSurname },
    { description: 'a single letter (initial)', input: 'И', error: BuyerError.notValidSurname },
    { description: 'a space', input: 'Иванов Петров', error: BuyerError.notValidSurname },
    { description: 'a leading dash', input: '-Иванов', error: BuyerError.notValidSurname },
    { description: 'two dashes', input: 'Петров--Водкин', error: BuyerError.notValidSurname },
    { description: 'a Kazakh letter', input: 'Әлиев', error: BuyerError.notValidSurname },
    { description: '71 letters', input: 'Я'.repeat(71), error: BuyerError.notValidSurname },
  ];
  it.each(surnames)('surname: $description', (c) => check(pushkinSurnameSchema, c));

  const names: Case[] = [
    { description: 'a Russian name', input: 'Артём', expected: 'Артем' },
    { description: 'a double name', input: 'Анна-Мария' },
    { description: 'exactly 50 letters', input: 'Я'.repeat(50) },
    { description: '51 letters', input: 'Я'.repeat(51), error: BuyerError.notValidName },
    { description: 'digits', input: 'Иван2', error: BuyerError.notValidName },
  ];
  it.each(names)('name: $description', (c) => check(pushkinNameSchema, c));

  const patronymics: Case[] = [
    { description: 'a Russian patronymic', input: 'Петрович' },
    { description: '51 letters', input: 'Я'.repeat(51), error: BuyerError.notValidPatronymic },
    { description: 'an initial', input: 'П.', error: BuyerError.notValidPatronymic },
  ];
  it.each(patronymics)('patronymic: $description', (c) => check(pushkinPatronymicSchema, c));
});

describe('buyerSchema', () => {
  const valid = { fio: 'Иван Петров', phone: '+79999010203', email: 'ivan@mail.ru', re_email: 'ivan@mail.ru' };

  it('accepts a complete buyer', () => {
    expect(buyerSchema.parse(valid)).toEqual(valid);
  });

  it('stores the phone as E.164', () => {
    expect(buyerSchema.parse({ ...valid, phone: '+7 999 901 02 03' }).phone).toBe('+79999010203');
  });

  const invalid = [
    { description: 're_email differs', patch: { re_email: 'ivan@mail.com' }, field: 're_email', code: BuyerError.reEmail },
    { description: 'fio too short', patch: { fio: 'Ив' }, field: 'fio', code: BuyerError.notValidFio },
    { description: 'phone empty', patch: { phone: '' }, field: 'phone', code: BuyerError.requiredPhone },
    { description: 'phone impossible for its country', patch: { phone: '+7 79000000000' }, field: 'phone', code: BuyerError.notValidPhone },
    { description: 'email invalid', patch: { email: 'ivan', re_email: 'ivan' }, field: 'email', code: BuyerError.notValidEmail },
  ];
  it.each(invalid)('refuses when $description', ({ patch, field, code }) => {
    const result = buyerSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(buyerFieldErrors(result.error as z.ZodError)[field]).toBe(code);
  });

  it('compares re_email after converting the Russian layout', () => {
    expect(buyerSchema.safeParse({ ...valid, re_email: 'шмфт"ьфшдюкг' }).success).toBe(true);
  });

  it('does not check re_email when it is not shown', () => {
    const { re_email: _omit, ...rest } = valid;
    expect(buyerSchema.safeParse(rest).success).toBe(true);
  });
});

describe('pushkinBuyerSchema', () => {
  const valid = {
    surname: 'Иванов',
    name: 'Иван',
    patronymic: 'Иванович',
    phone: '+7 (999) 901-02-03',
    email: 'ivan@mail.ru',
    re_email: 'ivan@mail.ru',
  };

  it('accepts a complete buyer and normalises the phone', () => {
    expect(pushkinBuyerSchema.parse(valid)).toEqual({
      surname: 'Иванов',
      name: 'Иван',
      patronymic: 'Иванович',
      phone: '79999010203',
      email: 'ivan@mail.ru',
    });
  });

  it("accepts no patronymic with 'Нет отчества'", () => {
    expect(pushkinBuyerSchema.parse({ ...valid, patronymic: '', noPatronymic: true }).patronymic).toBe('');
  });

  const invalid = [
    {
      description: 'patronymic empty without "Нет отчества"',
      patch: { patronymic: '' },
      field: 'patronymic',
      code: BuyerError.notValidPatronymic,
    },
    { description: 'surname in Latin letters', patch: { surname: 'Ivanov' }, field: 'surname', code: BuyerError.notValidSurname },
    { description: 'name abbreviated', patch: { name: 'И.' }, field: 'name', code: BuyerError.notValidName },
    { description: 'phone of 10 digits', patch: { phone: '+7 (999) 901-02' }, field: 'phone', code: BuyerError.notValidPushkinPhone },
    { description: 're_email differs', patch: { re_email: 'x@mail.ru' }, field: 're_email', code: BuyerError.reEmail },
  ];
  it.each(invalid)('refuses when $description', ({ patch, field, code }) => {
    const result = pushkinBuyerSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(buyerFieldErrors(result.error as z.ZodError)[field]).toBe(code);
  });
});
