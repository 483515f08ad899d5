import type { TextNamespace, TextKey } from './texts.ts';

/**
 * The `{{name}}` values each server text takes, by namespace and key (a text missing here takes
 * none). serverText's types read this table, so a call without a value fails tsc; texts.test.ts
 * checks that every language's text uses exactly these placeholders.
 */
export const textParams = {
  errors: { '-9995': ['code'], '-9996': ['code'] },
  payments: { description: ['number'], receiptEmailTooLong: ['max'], belowMinimum: ['min'], receiptTooLarge: ['max'] },
  paidMail: { subject: ['number'], intro: ['number'] },
  returnMail: { subject: ['number'], intro: ['number', 'count', 'amount'], action: ['count'], restored: ['bonuses'], revoked: ['bonuses'] },
  returnDoneMail: { subject: ['number'], intro: ['number', 'count', 'amount'] },
  cardProofMail: { text: ['number', 'card', 'code', 'count'] },
  places: { row: ['row'], seat: ['seat'] },
  seo: { listing: ['title'], event: ['name'], contactsDescription: ['title'] },
  adminErrors: { '-2255': ['detail'], '-2300': ['detail'], '-2301': ['detail'], '-2302': ['detail'], 'catalog-stale': ['detail'], '-2305': ['detail'], '-2306': ['detail'], '-2307': ['detail'], '-2308': ['detail'], '-2309': ['detail'], '-2403': ['detail'], '-2405': ['detail'], '-2460': ['detail'], '-2463': ['detail'], '-2501': ['detail'], '-2602': ['detail'] },
  adminCatalog: { 'below-sold': ['taken'], 'below-sold-blocked': ['taken', 'blocked'], 'in-use-session': ['id'], 'in-use-price': ['id'], 'in-use-category': ['id'], other: ['message'], 'in-subscription': ['name'], 'unknown-subscription-item': ['id'], 'hash-taken': ['id'], 'warning-past-session': ['time'], 'warning-price-change': ['before', 'after'] },
  adminEntryUses: { events: ['count'], mainMenus: ['count'], subMenus: ['count'], halls: ['count'], checkboxes: ['count'], orders: ['count'], named: ['use', 'names'], quoted: ['name'] },
  adminHalls: { seat: ['sector', 'row', 'seat'] },
} as const satisfies { [N in TextNamespace]?: { [K in TextKey<N>]?: readonly string[] } };
