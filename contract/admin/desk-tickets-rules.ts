import { isTicketCode, normalizeScannedCode } from '../checkin-rules.ts';

/**
 * What a reprinted ticket does to the first print, the venue's choice: 'keep' leaves both valid
 * (the same code: whichever comes first is admitted, once); 'reissue' gives the duplicate a new
 * code, and the door refuses the old one, naming why. Zod-free: the desk's screens import it.
 */
export const DUPLICATE_POLICIES = ['keep', 'reissue'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];

/** The paper sizes a desk prints on: an 80 mm thermal roll, or A4. */
export const PAPER_SIZES = ['roll80', 'a4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** How a hand-out query is read: an e-mail has an @, a ticket code is its 16 digits, an order number up to 10 digits. */
export function handoutQueryKind(q: string): 'email' | 'code' | 'number' | undefined {
  const text = q.trim();
  if (text.includes('@')) return 'email';
  if (isTicketCode(normalizeScannedCode(text))) return 'code';
  if (/^\d{1,10}$/.test(text)) return 'number';
  return undefined;
}
