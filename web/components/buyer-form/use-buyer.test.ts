import { describe, expect, it } from 'vitest';
import { typedPhoneToE164 } from '../../../contract/phone.ts';
import { defaultCountry, findCountry } from '../phone-field/phone-countries.ts';
import { validateBuyer } from './buyer-validation.ts';
import { type BuyerValues, buyerPayload } from './use-buyer.ts';

const values = (over: Partial<BuyerValues> = {}): BuyerValues => ({
  fio: 'Иван Петров',
  country: defaultCountry('RUB'),
  phone: '999 901 02 03',
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
    {
      description: 'every empty field at once, ordinary',
      pushkin: false,
      over: { fio: '', phone: '', email: '', reEmail: '' },
      expected: { fio: 'required-fio', phone: 'required-phone', email: 'required-email' },
    },
    {
      description: 'every empty field at once, Pushkin, patronymic included',
      pushkin: true,
      over: { surname: '', name: '', patronymic: '', pushkinPhone: '', email: '', reEmail: '' },
      expected: {
        surname: 'not-valid-surname',
        name: 'not-valid-name',
        patronymic: 'not-valid-patronymic',
        phone: 'required-phone',
        email: 'required-email',
      },
    },
    { description: 'no patronymic with "Нет отчества"', pushkin: true, over: { patronymic: '', noPatronymic: true }, expected: {} },
    {
      description: 'a differing repeat next to another error',
      pushkin: false,
      over: { fio: 'Ив', reEmail: 'x@mail.ru' },
      expected: { fio: 'not-valid-fio', re_email: 're-email' },
    },
    { description: 'a national number of 1 digit', pushkin: false, over: { phone: '9' }, expected: { phone: 'not-valid-phone' } },
    { description: 'the +7 country code typed beside RU +7', pushkin: false, over: { phone: '+7 900 000-00-00' }, expected: {} },
    { description: 'the trunk prefix 8 typed beside RU +7', pushkin: false, over: { phone: '8 900 000 00 00' }, expected: {} },
    {
      description: 'an 11-digit Russian national number',
      pushkin: false,
      over: { phone: '900 000 00 000' },
      expected: { phone: 'not-valid-phone' },
    },
    {
      description: 'the country code typed twice',
      pushkin: false,
      over: { phone: '+7 7900 000 00 00' },
      expected: { phone: 'not-valid-phone' },
    },
  ];
  it.each(cases)('$description', ({ pushkin, over, expected }) => {
    expect(validateBuyer(values(over), pushkin)).toEqual(expected);
  });
});

describe('buyerPayload', () => {
  const phones = [
    { country: 'RU', typed: '+7 900 000-00-00', wire: '+79000000000' },
    { country: 'RU', typed: '8 900 000 00 00', wire: '+79000000000' },
    { country: 'RU', typed: '8 (900) 000-00-00', wire: '+79000000000' },
    { country: 'RU', typed: '900 000-00-00', wire: '+79000000000' },
    { country: 'KZ', typed: '8 700 123 45 67', wire: '+77001234567' },
    { country: 'RU', typed: '+7 7900 000 00 00', wire: '+7 7900 000 00 00' },
  ];
  it.each(phones)('sends $country "$typed" as $wire', ({ country, typed, wire }) => {
    const payload = buyerPayload(values({ country: findCountry(country) ?? defaultCountry('RUB'), phone: typed }), false, typedPhoneToE164);
    expect(payload.phone).toBe(wire);
  });
  it('sends fio and the E.164 phone for an ordinary card', () => {
    expect(buyerPayload(values(), false, typedPhoneToE164)).toEqual({
      pushkarta: 0,
      fio: 'Иван Петров',
      phone: '+79999010203',
      email: 'ivan@mail.ru',
      re_email: 'ivan@mail.ru',
    });
  });
  it('sends the names and no patronymic with "Нет отчества" for the Pushkin card', () => {
    expect(buyerPayload(values({ noPatronymic: true }), true, typedPhoneToE164)).toMatchObject({
      pushkarta: 1,
      surname: 'Иванов',
      name: 'Иван',
      patronymic: '',
      nopatronymic: true,
    });
  });
});
