import { describe, expect, it } from 'vitest';
import { formatTypedPhone, typedPhoneToE164, wirePhoneToE164 } from './phone.ts';

describe('typedPhoneToE164: what the visitor typed beside the chosen country', () => {
  const cases: { country: string; typed: string; expected: string | undefined }[] = [
    { country: 'RU', typed: '+7 900 000-00-00', expected: '+79000000000' },
    { country: 'RU', typed: '8 900 000 00 00', expected: '+79000000000' },
    { country: 'RU', typed: '7 900 000 00 00', expected: '+79000000000' },
    { country: 'RU', typed: '900 000-00-00', expected: '+79000000000' },
    { country: 'RU', typed: '8 (900) 000-00-00', expected: '+79000000000' },
    { country: 'KZ', typed: '8 700 123 45 67', expected: '+77001234567' },
    { country: 'KZ', typed: '700 123 45 67', expected: '+77001234567' },
    { country: 'BY', typed: '29 123 45 67', expected: '+375291234567' },
    { country: 'CN', typed: '138 0013 8000', expected: '+8613800138000' },
    { country: 'US', typed: '(212) 555-0100', expected: '+12125550100' },
    // Another country's code typed beside the chooser wins over the chooser.
    { country: 'RU', typed: '+44 20 7946 0958', expected: '+442079460958' },
    { country: 'RU', typed: '', expected: undefined },
    { country: 'RU', typed: '8', expected: undefined },
    { country: 'RU', typed: '+7 900 000 00', expected: undefined },
    { country: 'RU', typed: '900 000 00 000 0', expected: undefined },
  ];
  it.each(cases)('$country "$typed" -> $expected', ({ country, typed, expected }) => {
    expect(typedPhoneToE164(country, typed)).toBe(expected);
  });

  it('every E.164 it gives passes the server check', () => {
    for (const { country, typed, expected } of cases) {
      if (expected) expect(wirePhoneToE164(typedPhoneToE164(country, typed) as string)).toBe(expected);
    }
  });
});

describe('formatTypedPhone: the mask of the chosen country', () => {
  const cases = [
    { country: 'RU', typed: '+7 900 000-00-00', expected: '+7 900 000 00 00' },
    { country: 'RU', typed: '89000000000', expected: '8 (900) 000-00-00' },
    { country: 'RU', typed: '9000000000', expected: '900 000-00-00' },
    { country: 'RU', typed: '+', expected: '+' },
    { country: 'RU', typed: 'abc', expected: '' },
    { country: 'RU', typed: '9a0b0', expected: '900' },
    { country: 'RU', typed: '+7+9', expected: '+7 9' },
    { country: 'US', typed: '2125550100', expected: '(212) 555-0100' },
  ];
  it.each(cases)('$country "$typed" -> "$expected"', ({ country, typed, expected }) => {
    expect(formatTypedPhone(country, typed)).toBe(expected);
  });
});

describe('wirePhoneToE164: the server rule', () => {
  const cases: { wire: string; expected: string | undefined }[] = [
    { wire: '+79000000000', expected: '+79000000000' },
    { wire: '+7 (900) 000-00-00', expected: '+79000000000' },
    { wire: '+7 79000000000', expected: undefined },
    { wire: '+7 89000000000', expected: undefined },
    { wire: '89000000000', expected: undefined },
    { wire: '+7 900', expected: undefined },
    { wire: '+7 900 000 00 00 ext 1', expected: undefined },
    { wire: '', expected: undefined },
  ];
  it.each(cases)('"$wire" -> $expected', ({ wire, expected }) => {
    expect(wirePhoneToE164(wire)).toBe(expected);
  });
});
