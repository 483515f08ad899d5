import { describe, expect, it } from 'vitest';
import { signCrmToken, verifyCrmToken } from './crm-token.ts';

const SECRET = 'venue-secret-'.padEnd(40, 'x');
const NOW = Date.parse('2030-01-01T10:00:00Z');

describe('CRM token', () => {
  const valid = signCrmToken(SECRET, 42, NOW + 3600_000);

  it('gives back the client id of a valid token', () => {
    expect(verifyCrmToken(SECRET, valid, NOW)).toBe(42);
  });

  const refused = [
    { description: 'an expired token', token: signCrmToken(SECRET, 42, NOW - 1000) },
    { description: 'a token signed with another secret', token: signCrmToken('other-'.padEnd(40, 'y'), 42, NOW + 3600_000) },
    { description: 'a token whose client id was changed', token: valid.replace(/^42\./, '43.') },
    { description: 'a token whose expiry was pushed back', token: valid.replace(/\.(\d+)\./, (_m, e: string) => `.${Number(e) + 86400}.`) },
    { description: 'a bare client id', token: '42' },
    { description: 'an empty string', token: '' },
    { description: 'not a string', token: 42 },
    { description: 'client id 0', token: signCrmToken(SECRET, 0, NOW + 3600_000) },
  ];
  it.each(refused)('refuses $description', ({ token }) => {
    expect(verifyCrmToken(SECRET, token, NOW)).toBeUndefined();
  });
});
