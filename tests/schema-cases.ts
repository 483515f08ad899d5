import { expect } from 'vitest';
import type { z } from 'zod';

/** One row of a table-driven schema test: valid with an optional parsed value, or refused with an error code. */
export type SchemaCase = { description: string; input: unknown; expected?: unknown; error?: string };

/** Checks one row against a schema: the error code of the first issue, or success and the parsed value. */
export function checkSchemaCase(schema: z.ZodType, { input, expected, error }: SchemaCase) {
  const result = schema.safeParse(input);
  if (error) {
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(error);
  } else {
    expect(result.error?.issues).toBeUndefined();
    if (expected !== undefined) expect(result.data).toEqual(expected);
  }
}
