import { z } from 'zod';

/**
 * Every refusal of an admin call: the storefront's `{ errorCode, errorText, fields? }`, plus what
 * a sign-in refusal tells the form (that a one-time code is needed).
 */
export const adminErrorResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  /** text: the server's own words for the field, where no code of the form's catalog says it. */
  fields: z.array(z.object({ path: z.string(), code: z.string(), text: z.string().optional() })).optional(),
  totpRequired: z.boolean().optional(),
});
export type AdminErrorResponse = z.infer<typeof adminErrorResponse>;
