import type { TextNamespace, TextKey } from './texts.ts';

/**
 * The `{{name}}` values each server text takes, by namespace and key (a text missing here takes
 * none). serverText's types read this table, so a call without a value fails tsc; texts.test.ts
 * checks that every language's text uses exactly these placeholders.
 */
export const textParams = {
  errors: { '-9995': ['code'], '-9996': ['code'] },
  payments: { description: ['number'] },
  paidMail: { subject: ['number'], intro: ['number'] },
  returnMail: { subject: ['number'], intro: ['number', 'count', 'amount'], action: ['count'], restored: ['bonuses'], revoked: ['bonuses'] },
  returnDoneMail: { subject: ['number'], intro: ['number', 'count', 'amount'] },
  cardProofMail: { text: ['number', 'card', 'code', 'count'] },
  places: { row: ['row'], seat: ['seat'] },
  seo: { listing: ['title'], event: ['name'], contactsDescription: ['title'] },
} as const satisfies { [N in TextNamespace]?: { [K in TextKey<N>]?: readonly string[] } };
