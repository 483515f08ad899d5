import { describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown } from './countdown.ts';

describe('countdownParts and formatCountdown', () => {
  it.each([
    { seconds: 0, days: 0, clock: '00:00:00', text: '00:00:00' },
    { seconds: 59, days: 0, clock: '00:00:59', text: '00:00:59' },
    { seconds: 15 * 60, days: 0, clock: '00:15:00', text: '00:15:00' },
    { seconds: 3600 + 61, days: 0, clock: '01:01:01', text: '01:01:01' },
    { seconds: 3725.9, days: 0, clock: '01:02:05', text: '01:02:05' },
    { seconds: 86_399, days: 0, clock: '23:59:59', text: '23:59:59' },
    { seconds: 86_400, days: 1, clock: '00:00:00', text: '1 д. 00:00:00' },
    { seconds: 90_061, days: 1, clock: '01:01:01', text: '1 д. 01:01:01' },
    { seconds: 2 * 86_400 + 3 * 3600 + 4 * 60 + 5, days: 2, clock: '03:04:05', text: '2 д. 03:04:05' },
    { seconds: -5, days: 0, clock: '00:00:00', text: '00:00:00' },
  ])('$seconds s → $text', ({ seconds, days, clock, text }) => {
    expect(countdownParts(seconds)).toEqual({ days, clock });
    expect(formatCountdown(seconds, (d) => `${d} д.`)).toBe(text);
  });
});
