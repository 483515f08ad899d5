/**
 * The rules of group bookings both sides need: free companions, the formats and control digits of
 * Russian tax and bank numbers, whether a payment needs a fiscal receipt, and the invoice number's
 * form. Zod-free and pure: the back office's forms and the server import the same functions.
 */

/** How a group is admitted: one code for the whole group, or a code per person. */
export const GROUP_TICKET_MODES = ['group', 'per-person'] as const;
export type GroupTicketMode = (typeof GROUP_TICKET_MODES)[number];

/** Who pays a group's invoice: an organisation (or a sole proprietor) by bank transfer, or a private person. */
export const GROUP_PAYERS = ['organisation', 'person'] as const;
export type GroupPayer = (typeof GROUP_PAYERS)[number];

/** A group's states as the back office shows them. */
export const GROUP_STATES = ['reserved', 'partial', 'paid', 'released'] as const;
export type GroupState = (typeof GROUP_STATES)[number];

export const GROUP_LIMITS = {
  /** The most places one group reserves. */
  placesMax: 500,
  /** The longest payment deadline from now, in days. */
  payDaysMax: 60,
  /** The largest statement file taken, in bytes (a month of a venue's account is far below). */
  statementBytesMax: 2_000_000,
} as const;

/**
 * Free companions for a group of children: `free` adults per `perChildren` children, rounded down
 * (1 per 10: 9 children get none, 10 get one, 25 get two). A rule with perChildren 0 or free 0
 * gives none. The adults beyond the free ones pay.
 */
export function freeCompanions(children: number, rule: { perChildren: number; free: number }): number {
  if (!Number.isInteger(children) || children <= 0) return 0;
  if (!Number.isInteger(rule.perChildren) || rule.perChildren <= 0 || !Number.isInteger(rule.free) || rule.free <= 0) return 0;
  return Math.floor(children / rule.perChildren) * rule.free;
}

const digits = (value: string) => [...value].map(Number);
const weighted = (value: string, weights: readonly number[]) => digits(value).reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0);

/**
 * An ИНН's control digits (the Federal Tax Service's algorithm): 10 digits for an organisation
 * (one check digit), 12 for a person or sole proprietor (two).
 */
export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) {
    return (weighted(inn, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === Number(inn[9]);
  }
  if (/^\d{12}$/.test(inn)) {
    const first = (weighted(inn, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
    const second = (weighted(inn, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
    return first === Number(inn[10]) && second === Number(inn[11]);
  }
  return false;
}

/** A КПП: 9 characters, the 5th and 6th may be capital Latin letters (the tax service's format). */
export const isValidKpp = (kpp: string) => /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);

/** A БИК: 9 digits, Russian ones begin with 04. */
export const isValidBik = (bik: string) => /^04\d{7}$/.test(bik);

/**
 * The Bank of Russia's control key of an account number (its order of 08.09.1997 No. 515): the
 * 23 digits of a prefix taken from the БИК and the 20-digit account, weighted 7, 1, 3 in turn;
 * the lowest digits of the products sum to a multiple of 10 when the key is right.
 */
function accountKeyHolds(prefix: string, account: string): boolean {
  if (!/^\d{20}$/.test(account)) return false;
  const weights = [7, 1, 3];
  const all = prefix + account;
  let sum = 0;
  for (let i = 0; i < all.length; i += 1) sum += (Number(all[i]) * (weights[i % 3] ?? 0)) % 10;
  return sum % 10 === 0;
}

/** A settlement account against its bank's БИК: the prefix is the БИК's last three digits. */
export const isValidSettlementAccount = (account: string, bik: string) => isValidBik(bik) && accountKeyHolds(bik.slice(6, 9), account);

/**
 * A correspondent account against its bank's БИК: the prefix is 0 and the БИК's 5th and 6th
 * digits; it begins with 30101. An empty one is allowed for the Bank of Russia's own accounts.
 */
export const isValidCorrespondentAccount = (account: string, bik: string) =>
  account === '' || (isValidBik(bik) && account.startsWith('30101') && accountKeyHolds(`0${bik.slice(4, 6)}`, account));

/**
 * Whether a payment needs a fiscal receipt (54-FZ): a cash register is not used for payments by
 * bank transfer between organisations and sole proprietors (art. 2 para 9, unless an electronic
 * means of payment is presented, as a card at a terminal); a private person's payment, by
 * transfer too, is a settlement under art. 1.1 and needs a receipt (art. 1.2 para 1).
 */
export const receiptNeeded = (payer: GroupPayer) => payer === 'person';

/** An invoice's number as printed and typed in payment purposes: the year, a dash, its sequence in that year. */
export const invoiceNumber = (year: number, sequence: number) => `${year}-${sequence}`;

/**
 * The invoice numbers a payment purpose names: «счёт № 2026-15», «сч. 2026-15», «по счету 2026/15 от
 * 05.12.2026». Only numbers after the word «счёт» (or «сч.», «invoice») count, so a date or an
 * amount is never taken for one.
 */
export function invoiceNumbersIn(purpose: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:сч[её]т\p{L}*|сч\.|invoice)\s*(?:на\s+оплату\s*)?(?:№|N|No\.?|#)?\s*(\d{4})\s*[-/]\s*(\d{1,6})(?!\d)/giu;
  for (const match of purpose.matchAll(pattern)) found.add(invoiceNumber(Number(match[1]), Number(match[2])));
  return [...found];
}
