import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES, defaultCountry, findCountryByTyping, lookupCountry, parseCountryLookup } from './phone-countries.ts';

describe('phone countries', () => {
  it.each([
    { currency: 'RUB', iso: 'RU' },
    { currency: 'KZT', iso: 'KZ' },
    { currency: 'CNY', iso: 'CN' },
    { currency: 'USD', iso: 'US' },
  ])('takes $iso as the default for $currency', ({ currency, iso }) => {
    expect(defaultCountry(currency).iso).toBe(iso);
  });

  it('lists each country once with a flag', () => {
    expect(new Set(PHONE_COUNTRIES.map((c) => c.iso)).size).toBe(PHONE_COUNTRIES.length);
    expect(PHONE_COUNTRIES[0]).toEqual({ iso: 'RU', dial: '7', flag: '🇷🇺' });
  });

  const iso = (index: number | undefined) => (index === undefined ? undefined : PHONE_COUNTRIES[index]?.iso);
  it.each([
    { description: 'a letter goes to the next country with that ISO code letter', typed: 'g', from: 'RU', iso: 'GE' },
    { description: 'the same letter again steps on to the next one', typed: 'gg', from: 'GE', iso: 'GB' },
    { description: 'past the last one it starts again from the top', typed: 'v', from: 'VN', iso: 'VN' },
    { description: 'two letters find the code that starts with them, from the active one on', typed: 'ru', from: 'RO', iso: 'RU' },
    { description: 'digits find the calling code', typed: '374', from: 'RU', iso: 'AM' },
    { description: 'capitals are the same as small letters', typed: 'US', from: 'RU', iso: 'US' },
    { description: 'nothing matches', typed: 'qq', from: 'RU', iso: undefined },
  ])('type-ahead: $description', ({ typed, from, iso: expected }) => {
    expect(
      iso(
        findCountryByTyping(
          typed,
          PHONE_COUNTRIES.findIndex((c) => c.iso === from),
        ),
      ),
    ).toBe(expected);
  });
});

describe('IP-to-country lookup', () => {
  it.each([
    { answer: '1RU', iso: 'RU' },
    { answer: '1kz;Kazakhstan', iso: 'KZ' },
  ])('reads $answer as $iso', ({ answer, iso }) => {
    expect(parseCountryLookup(answer)).toBe(iso);
  });

  it.each(['0RU', '', '1R', '1--', 'RU'])('fails with "unable to fetch the country" on %j', (answer) => {
    expect(() => parseCountryLookup(answer)).toThrow('unable to fetch the country');
  });

  it('makes no call when no service is configured', async () => {
    let called = false;
    const fetchImpl = (async () => {
      called = true;
      return new Response('1RU');
    }) as typeof fetch;
    expect(await lookupCountry(undefined, fetchImpl)).toBeUndefined();
    expect(called).toBe(false);
    expect(await lookupCountry('https://lookup.example', fetchImpl)).toBe('RU');
  });
});
