import { describe, expect, it } from 'vitest';
import { type SchemaCase, checkSchemaCase } from '../tests/schema-cases.ts';
import type { z } from 'zod';
import {
  BuyerError,
  buyerFieldErrors,
  buyerSchema,
  convertCyrillicLayout,
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
    { description: '6 characters', input: '123456', expected: '123456' },
    { description: 'an international number', input: '+44 20 7946 0958', expected: '+44 20 7946 0958' },
    { description: 'the Russian mask', input: '+7 (999) 901-02-03' },
    { description: 'exactly 20 characters', input: '+7 999 901 02 03 456' },
    { description: 'empty', input: '', error: BuyerError.requiredPhone },
    { description: '5 characters', input: '12345', error: BuyerError.notValidPhone },
    { description: '21 characters', input: '+7 999 901 02 03 4567', error: BuyerError.notValidPhone },
    { description: 'letters', input: '+7 999 CALL ME', error: BuyerError.notValidPhone },
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
  const valid = { fio: 'Иван Петров', phone: '+7 999 901 02 03', email: 'ivan@mail.ru', re_email: 'ivan@mail.ru' };

  it('accepts a complete buyer', () => {
    expect(buyerSchema.parse(valid)).toEqual(valid);
  });

  const invalid = [
    { description: 're_email differs', patch: { re_email: 'ivan@mail.com' }, field: 're_email', code: BuyerError.reEmail },
    { description: 'fio too short', patch: { fio: 'Ив' }, field: 'fio', code: BuyerError.notValidFio },
    { description: 'phone empty', patch: { phone: '' }, field: 'phone', code: BuyerError.requiredPhone },
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
    { description: 'patronymic empty without "Нет отчества"', patch: { patronymic: '' }, field: 'patronymic', code: BuyerError.notValidPatronymic },
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
