import { describe, expect, it } from 'vitest';
import { createCsrf } from './csrf.ts';

describe('CSRF tokens', () => {
  it('accepts a token it issued', () => {
    const csrf = createCsrf('s'.repeat(32));
    expect(csrf.verify(csrf.issue())).toBe(true);
  });

  it.each([
    { description: 'a missing token', token: undefined },
    { description: 'an empty token', token: '' },
    { description: 'garbage', token: 'abc' },
    { description: 'a number', token: 42 },
    { description: 'a token with a forged signature', token: 'AAAA.lq2x3.forged' },
  ])('refuses $description', ({ token }) => {
    expect(createCsrf('s'.repeat(32)).verify(token)).toBe(false);
  });

  it('refuses a token signed with another secret', () => {
    const token = createCsrf('a'.repeat(32)).issue();
    expect(createCsrf('b'.repeat(32)).verify(token)).toBe(false);
  });

  it('takes a bound token only with its binding, and an unbound one only without', () => {
    const csrf = createCsrf('s'.repeat(32));
    const bound = csrf.issue('session-a');
    expect(csrf.verify(bound, 'session-a')).toBe(true);
    expect(csrf.verify(bound, 'session-b')).toBe(false);
    expect(csrf.verify(bound)).toBe(false);
    const anonymous = csrf.issue();
    expect(csrf.verify(anonymous)).toBe(true);
    expect(csrf.verify(anonymous, 'session-a')).toBe(false);
  });

  it('refuses a token after seven days', () => {
    let now = 1_700_000_000_000;
    const csrf = createCsrf('s'.repeat(32), () => now);
    const token = csrf.issue();
    now += 7 * 24 * 3600 * 1000 + 1;
    expect(csrf.verify(token)).toBe(false);
  });
});
