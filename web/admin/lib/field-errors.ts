import { ApiError } from '../../lib/api.ts';

/** The server's field errors by the field's top-level name ('reason', 'percent', 'ticketIds'...), the first per field. */
export type FieldErrors = Record<string, string>;

/** The field errors of a failed call ({} for anything but a refusal naming fields). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const body = error instanceof ApiError ? (error.body as { fields?: { path: string; code: string }[] } | undefined) : undefined;
  const out: FieldErrors = {};
  for (const field of body?.fields ?? []) {
    const name = field.path.split('.')[0] ?? field.path;
    out[name] ??= field.code;
  }
  return out;
}

/** The message of a failed call: the server's text in the member's language, or the catalog's generic one. */
export function messageOf(error: unknown, generic: string): string {
  return error instanceof ApiError && error.text ? error.text : generic;
}
