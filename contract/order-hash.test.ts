import { describe, expect, it } from 'vitest';
import { orderHash, ticketHash } from './common.ts';
import { isOrderHash } from './order-hash.ts';

describe('isOrderHash', () => {
  it.each([
    { description: 'a hash as orders are given (32 URL-safe base64 characters)', value: 'P1VFUPpY4wpkDolfXZNJ0X2GifCaD3l-', valid: true },
    { description: 'the shortest, 16 characters', value: 'a'.repeat(16), valid: true },
    { description: 'the longest, 64 characters', value: 'a'.repeat(64), valid: true },
    { description: 'too short to carry 128 random bits', value: 'abc', valid: false },
    { description: '15 characters', value: 'a'.repeat(15), valid: false },
    { description: '65 characters', value: 'a'.repeat(65), valid: false },
    { description: 'a character outside URL-safe base64', value: `${'a'.repeat(20)}.`, valid: false },
    { description: 'an empty hash', value: '', valid: false },
  ])('$description: $valid, as the schemas of the calls say', ({ value, valid }) => {
    expect(isOrderHash(value)).toBe(valid);
    expect(orderHash.safeParse(value).success).toBe(valid);
    expect(ticketHash.safeParse(value).success).toBe(valid);
  });
});
