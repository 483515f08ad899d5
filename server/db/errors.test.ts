import { describe, expect, it } from 'vitest';
import { isDatabaseBusy } from './errors.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDatabaseBusy', () => {
  it.each([
    [pgError('53300', 'too many clients'), true],
    [pgError('53200', 'out of memory'), true],
    [pgError('08006', 'connection failure'), true],
    [pgError('57P01', 'terminating connection due to administrator command'), true],
    [pgError('55P03', 'lock timeout'), true],
    [new Error('wrapped', { cause: pgError('40P01', 'deadlock detected') }), true],
    [pgError('57014', 'canceling statement due to statement timeout'), true],
    [new Error('Query read timeout'), true],
    [new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }), true],
    [new Error('timeout exceeded when trying to connect'), true],
    [pgError('23505', 'duplicate key'), false],
    [pgError('SF001', 'session'), false],
    [pgError('22012', 'division by zero'), false],
    [new Error('boom'), false],
    ['not an error', false],
  ])('%s → %s', (error, busy) => {
    expect(isDatabaseBusy(error)).toBe(busy);
  });
});
