import { type Holder, type HolderContext, type HolderInput, NominalError, missingConsents, validateHolder } from '../nominal.ts';

/**
 * Named tickets sold at the desk: the storefront's holder rules (contract/nominal.ts, the same
 * `validateHolder` the named-ticket page and POST /api/confirm-nominal use), one holder per place
 * of the sale, and the event's required consents. The cashier's form checks a sale with it before
 * it is sent, the server checks it again; an issue's path names the holder by its place in the sale
 * (`holders.1.docNum`) or the consent (`checkboxList.7`), its code is the storefront's.
 */
export type DeskHolderIssue = { path: string; code: string };

export function deskHolderIssues(
  input: {
    holders: readonly HolderInput[];
    /** The places of the sale: one holder each, in the order the sale lists them. */
    places: number;
    /** Consent checkboxes ticked (their ids). */
    consents: readonly number[];
  },
  ctx: HolderContext,
  checkboxes: readonly { id: number; filling: number }[],
): { holders: Holder[]; issues: [] } | { holders: undefined; issues: DeskHolderIssue[] } {
  const issues: DeskHolderIssue[] = [];
  if (input.holders.length !== input.places) issues.push({ path: 'holders', code: 'not-valid-ticket-list' });
  const holders: Holder[] = [];
  input.holders.forEach((value, index) => {
    const result = validateHolder(value, ctx);
    if (result.holder) holders.push(result.holder);
    else for (const issue of result.issues) issues.push({ path: `holders.${index}.${issue.field}`, code: issue.code });
  });
  for (const id of missingConsents(checkboxes, new Set(input.consents)))
    issues.push({ path: `checkboxList.${id}`, code: NominalError.requiredConsent });
  return issues.length > 0 ? { holders: undefined, issues } : { holders, issues: [] };
}

/** How the sale lists its places, one holder each: line by line (a line's quantity in a row), or seat by seat. */
export function deskPlaceCount(sale: { lines: readonly { quantity: number }[]; seats: readonly unknown[] }): number {
  return sale.seats.length > 0 ? sale.seats.length : sale.lines.reduce((sum, line) => sum + line.quantity, 0);
}
