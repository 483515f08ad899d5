import { ApiError } from '../../../lib/api.ts';

/** Where the groups' calls live; the pages build addresses from these, never by hand. */
export const groupsPaths = {
  list: (lang: string) => `/api/admin/groups?lang=${encodeURIComponent(lang)}`,
  create: '/api/admin/groups',
  one: (id: number, lang: string) => `/api/admin/groups/${id}?lang=${encodeURIComponent(lang)}`,
  paid: (id: number) => `/api/admin/groups/${id}/paid`,
  document: (id: number, kind: 'invoice' | 'offer' | 'act') => `/api/admin/groups/${id}/${kind}.pdf`,
  tickets: (orderId: number, lang: string) => `/api/admin/desk/orders/${orderId}/tickets.pdf?lang=${encodeURIComponent(lang)}`,
  statements: '/api/admin/groups/statements',
  unmatched: '/api/admin/groups/statements/unmatched',
  bankDetails: '/api/admin/groups/bank-details',
  sessions: '/api/admin/desk/sessions?q=',
  session: (id: number) => `/api/admin/desk/sessions/${id}`,
} as const;

/** A refusal's field errors (-1002) as path → code, for the form's fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.body as { fields?: { path: string; code: string }[] } | undefined)?.fields ?? [];
  return Object.fromEntries(fields.map((f) => [f.path, f.code]));
}

/** A file's bytes as base64, read in the browser (the statement upload sends it in JSON). */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
