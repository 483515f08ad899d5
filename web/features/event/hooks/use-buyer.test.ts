import { describe, expect, it } from 'vitest';
import { defaultCountry } from '../lib/phone-countries.ts';
import { validateBuyer } from './buyer-validation.ts';
import { type BuyerValues, buyerPayload } from './use-buyer.ts';

const values = (over: Partial<BuyerValues> = {}): BuyerValues => ({
  fio: 'Иван Петров',
  country: defaultCountry('RUB'),
  national: '999 901 02 03',
  email: 'ivan@mail.ru',
  reEmail: 'ivan@mail.ru',
  surname: 'Иванов',
  name: 'Иван',
  patronymic: 'Иванович',
  noPatronymic: false,
  pushkinPhone: '+7 (999) 901-02-03',
  ...over,
});

describe('validateBuyer', () => {
  const cases = [
    { description: 'a complete ordinary buyer', pushkin: false, over: {}, expected: {} },
    { description: 'a complete Pushkin buyer', pushkin: true, over: {}, expected: {} },
    { description: 'every empty field at once, ordinary', pushkin: false, over: { fio: '', national: '', email: '', reEmail: '' }, expected: { fio: 'required-fio', phone: 'required-phone', email: 'required-email' } },
    {
      description: 'every empty field at once, Pushkin, patronymic included',
      pushkin: true,
      over: { surname: '', name: '', patronymic: '', pushkinPhone: '', email: '', reEmail: '' },
      expected: { surname: 'not-valid-surname', name: 'not-valid-name', patronymic: 'not-valid-patronymic', phone: 'required-phone', email: 'required-email' },
    },
    { description: 'no patronymic with "Нет отчества"', pushkin: true, over: { patronymic: '', noPatronymic: true }, expected: {} },
    { description: 'a differing repeat next to another error', pushkin: false, over: { fio: 'Ив', reEmail: 'x@mail.ru' }, expected: { fio: 'not-valid-fio', re_email: 're-email' } },
    { description: 'a national number of 1 digit', pushkin: false, over: { national: '9' }, expected: { phone: 'not-valid-phone' } },
  ];
  it.each(cases)('$description', ({ pushkin, over, expected }) => {
    expect(validateBuyer(values(over), pushkin)).toEqual(expected);
  });
});

describe('buyerPayload', () => {
  it('sends fio and the full phone for an ordinary card', () => {
    expect(buyerPayload(values(), false)).toEqual({ pushkarta: 0, fio: 'Иван Петров', phone: '+7 9999010203', email: 'ivan@mail.ru', re_email: 'ivan@mail.ru' });
  });
  it('sends the names and no patronymic with "Нет отчества" for the Pushkin card', () => {
    expect(buyerPayload(values({ noPatronymic: true }), true)).toMatchObject({ pushkarta: 1, surname: 'Иванов', name: 'Иван', patronymic: '', nopatronymic: true });
  });
});
