import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-policy.ts';

const account = { email: 'anna.petrova@museum-city.example', name: 'Анна Петрова' };

describe('passwordWeakness', () => {
  it.each([
    { description: 'a common password', password: 'qazwsxedcrfv', reason: 'password-common' },
    { description: 'a common password in capitals', password: '1QAZ2WSX3EDC', reason: 'password-common' },
    { description: 'a common word with digits and signs around it', password: 'Password2024!!', reason: 'password-common' },
    { description: 'one character repeated', password: 'aaaaaaaaaaaa', reason: 'password-common' },
    { description: 'two characters in turn', password: 'abababababab', reason: 'password-common' },
    { description: 'the e-mail itself', password: 'anna.petrova@museum-city.example', reason: 'password-own-data' },
    { description: 'the e-mail in capitals', password: 'ANNA.PETROVA@MUSEUM-CITY.EXAMPLE', reason: 'password-own-data' },
    { description: 'the local part with a year', password: 'anna.petrova2026', reason: 'password-own-data' },
    { description: 'the name with a little more', password: 'Анна Петрова 12', reason: 'password-own-data' },
  ])('refuses $description', ({ password, reason }) => {
    expect(passwordWeakness(password, account)).toBe(reason);
  });

  it.each([
    { description: 'a passphrase', password: 'correct horse battery' },
    { description: 'a passphrase naming the member among other words', password: 'anna likes long walks' },
    { description: 'a Cyrillic passphrase', password: 'зелёный чайник поёт' },
    { description: 'a made-up password', password: 'Xk3-pV9q_Lm2' },
  ])('takes $description', ({ password }) => {
    expect(passwordWeakness(password, account)).toBeUndefined();
  });
});
