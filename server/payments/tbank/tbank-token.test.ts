import { describe, expect, it } from 'vitest';
import { fakeTbankToken } from '../../../tests/fakes/tbank-fake-token.ts';
import { tbankToken } from './tbank-token.ts';

/**
 * T-Bank's two worked examples of the Token («Формирование токена» for Init, and the check of a
 * notification's Token), copied from its Internet Acquiring reference: the request, the password
 * and the hash it gives. Both our adapter's function and the fake's own must reproduce them.
 */
const DOCUMENTED = [
  {
    description: 'Init: root scalars only (Receipt and DATA left out), Password added, sorted, values concatenated',
    password: 'usaf8fw8fsw21g',
    request: {
      TerminalKey: 'MerchantTerminalKey',
      Amount: 19200,
      OrderId: '21090',
      Description: 'Подарочная карта на 1000 рублей',
      DATA: { Phone: '+71234567890', Email: 'a@test.com' },
      Receipt: {
        Email: 'a@test.ru',
        Phone: '+79031234567',
        Taxation: 'osn',
        Items: [
          { Name: 'Наименование товара 1', Price: 10000, Quantity: 1, Amount: 10000, Tax: 'vat10', Ean13: '303130323930303030630333435' },
          { Name: 'Наименование товара 2', Price: 3500, Quantity: 2, Amount: 7000, Tax: 'vat20' },
          { Name: 'Наименование товара 3', Price: 550, Quantity: 4, Amount: 4200, Tax: 'vat10' },
        ],
      },
    },
    token: '0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9',
  },
  {
    description: 'a notification: booleans as true/false, the Token itself left out',
    password: 'Dfsfh56dgKl',
    request: {
      TerminalKey: '1321054611234DEMO',
      OrderId: '201709',
      Success: true,
      Status: 'AUTHORIZED',
      PaymentId: '8742591',
      ErrorCode: '0',
      Amount: 9855,
      CardId: '322264',
      Pan: '430000******0777',
      ExpDate: '1122',
      RebillId: '101709',
      Token: 'b906d28e76c6428e37b25fcf86c0adc52c63d503013fdd632e300593d165766b',
    },
    token: 'b906d28e76c6428e37b25fcf86c0adc52c63d503013fdd632e300593d165766b',
  },
];

describe('T-Bank Token: the reference’s own examples', () => {
  it.each(DOCUMENTED)('our adapter: $description', ({ request, password, token }) => {
    expect(tbankToken(request, password)).toBe(token);
  });

  it.each(DOCUMENTED)('the fake’s own check: $description', ({ request, password, token }) => {
    expect(fakeTbankToken(request, password)).toBe(token);
  });

  it('a changed value or password gives another token, on both sides', () => {
    const [init] = DOCUMENTED;
    if (!init) throw new Error('no example');
    for (const sign of [tbankToken, fakeTbankToken]) {
      expect(sign({ ...init.request, Amount: 19201 }, init.password)).not.toBe(init.token);
      expect(sign(init.request, 'another-password')).not.toBe(init.token);
    }
  });
});
