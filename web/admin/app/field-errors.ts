import { ApiError } from '../../lib/api.ts';

/** The server's field errors of a failed call, the first per field, by the form's field names. */
export function fieldErrorsOf<F extends string>(error: unknown, names: readonly F[]): Partial<Record<F, string>> {
  const body = error instanceof ApiError ? (error.body as { fields?: { path: string; code: string }[] } | undefined) : undefined;
  const out: Partial<Record<F, string>> = {};
  for (const field of body?.fields ?? []) {
    const name = names.find((n) => n === field.path);
    if (name && !out[name]) out[name] = field.code;
  }
  return out;
}

/** The message of a failed call: the server's text in the member's language, or the catalog's generic one. */
export function messageOf(error: unknown, generic: string): string {
  return error instanceof ApiError && error.text ? error.text : generic;
}
