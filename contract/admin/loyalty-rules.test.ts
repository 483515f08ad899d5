import { describe, expect, it } from 'vitest';
import { loyaltyCardCreateRequest, loyaltyCorrectionRequest } from './loyalty.ts';
import { cardSearchKeys, isCardCode, movementSign, normalizeCardCode } from './loyalty-rules.ts';

describe('a card number', () => {
  it.each([
    { description: 'sixteen digits', code: '1000200030004000', valid: true },
    { description: 'four characters', code: 'AB12', valid: true },
    { description: 'letters of any script and a hyphen', code: 'КАРТА-0042', valid: true },
    { description: 'three characters', code: '123', valid: false },
    { description: 'a space inside', code: '1000 2000', valid: false },
    { description: 'an underscore', code: '1000_2000', valid: false },
    { description: '65 characters', code: '9'.repeat(65), valid: false },
  ])('$description: $valid', ({ code, valid }) => expect(isCardCode(normalizeCardCode(code))).toBe(valid));

  it('is trimmed as the storefront trims what the visitor types', () => {
    expect(loyaltyCardCreateRequest.parse({ code: ' 1000200030004000 ', holderName: 'Анна', email: '', accrualPercent: 5 })).toMatchObject({
      code: '1000200030004000',
      openingBalance: 0,
      blocked: false,
    });
  });
});

describe('the search box', () => {
  it.each([
    { q: ' 4000 ', keys: { code: '4000', last: '4000', text: '4000' } },
    { q: '1000200030004000', keys: { code: '1000200030004000', last: null, text: '1000200030004000' } },
    { q: 'а', keys: { code: 'а', last: null, text: null } },
    { q: 'anna@', keys: { code: 'anna@', last: null, text: 'anna@' } },
  ])('looks for $q as $keys', ({ q, keys }) => expect(cardSearchKeys(q)).toEqual(keys));
});

describe('a correction', () => {
  it.each([
    { body: { delta: 5, reason: ' Подарок ' }, ok: true },
    { body: { delta: -5, reason: 'Ошибка' }, ok: true },
    { body: { delta: 0, reason: 'Ноль' }, ok: false },
    { body: { delta: 5, reason: '  ' }, ok: false },
    { body: { delta: 5, reason: 'я'.repeat(501) }, ok: false },
  ])('$body: $ok', ({ body, ok }) => expect(loyaltyCorrectionRequest.safeParse(body).success).toBe(ok));

  it.each([
    ['spend', -1],
    ['revoke', -1],
    ['debit', -1],
    ['accrue', 1],
    ['restore', 1],
    ['open', 1],
    ['credit', 1],
  ] as const)('%s moves the balance by %i per bonus', (kind, sign) => expect(movementSign(kind)).toBe(sign));
});
