import { describe, expect, it } from 'vitest';
import { holdClock } from './unpaid-order-notice.tsx';

describe('holdClock', () => {
  it.each([
    [1, '0:01'],
    [65, '1:05'],
    [605, '10:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%i s reads %s', (seconds, text) => {
    expect(holdClock(seconds)).toBe(text);
  });
});
