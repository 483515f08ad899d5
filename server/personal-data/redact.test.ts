import { describe, expect, it } from 'vitest';
import { maskEmail, maskEmailsIn } from './redact.ts';

describe('maskEmail', () => {
  it.each([
    { email: 'buyer7@example.com', masked: 'b***@example.com' },
    { email: 'a@b.ru', masked: 'a***@b.ru' },
    { email: '', masked: '' },
    { email: 'not-an-address', masked: '***' },
  ])('$email → $masked', ({ email, masked }) => expect(maskEmail(email)).toBe(masked));
});

describe('maskEmailsIn', () => {
  it('masks every address an SMTP refusal names and keeps the rest', () => {
    expect(maskEmailsIn('550 5.1.1 <secret.buyer@mail.example>: user unknown')).toBe('550 5.1.1 <s***@mail.example>: user unknown');
  });
});
