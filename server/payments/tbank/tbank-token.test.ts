import { describe, expect, it } from 'vitest';
import { tbankToken } from './tbank-token.ts';

describe('T-Bank Token', () => {
  it('signs the root scalar fields and Password, sorted by name, concatenated, SHA-256 hex; Receipt and DATA are left out', () => {
    const request = {
      TerminalKey: 'TinkoffBankTest',
      Amount: 10000,
      OrderId: 'order-001',
      Description: 'test order 1',
      DATA: { Phone: '+71234567890' },
      Receipt: { Email: 'a@test.ru', Taxation: 'osn', Items: [] },
    };
    // Amount, Description, OrderId, Password, TerminalKey:
    // printf '%s' '10000test order 1order-001TinkoffBank_test_passwordTinkoffBankTest' | sha256sum
    expect(tbankToken(request, 'TinkoffBank_test_password')).toBe('a6b7d4b50f4b2d2ccbf1a145699d5d0b767553132f2a9a285463448a7008a3bf');
  });

  it('writes booleans as true/false and numbers as digits, and leaves out the Token itself', () => {
    // Password, PaymentId, Status, Success: printf '%s' 'secret42CONFIRMEDfalse' | sha256sum
    const expected = '4c28dba8934766c1d174b218836ced91926fcd1bfc5cae62cb2e2b9ab4362297';
    expect(tbankToken({ Success: false, PaymentId: 42, Status: 'CONFIRMED' }, 'secret')).toBe(expected);
    expect(tbankToken({ Success: false, PaymentId: 42, Status: 'CONFIRMED', Token: 'anything' }, 'secret')).toBe(expected);
    expect(tbankToken({ Success: true, PaymentId: 42, Status: 'CONFIRMED' }, 'secret')).not.toBe(expected);
  });
});
