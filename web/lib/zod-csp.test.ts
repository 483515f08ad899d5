import { describe, expect, it } from 'vitest';
import './zod-csp.ts';

describe('zod under the pages’ CSP', () => {
  it('runs zod without eval: jitless is what zod itself reads', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    // An object schema still parses (interpreted, not compiled).
    const { z } = await import('zod');
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
