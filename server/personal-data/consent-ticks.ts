import { type ConsentScope, isConsentScope, missingConsent } from '../../contract/consent.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Lang } from '../../contract/lang.ts';
import { BusinessError } from '../http.ts';

/** A checkbox of a form as the catalog holds it. */
type CatalogBox = { id: number; required: boolean; consent: string | null };

/** A ticked consent as an order's checkboxes carry it to the database, which writes the ledger row (migration 1470). */
export type ConsentTick = { id: number; checked: true; consent: { scope: ConsentScope; address: string | null } };

/** A consent given outside a catalog checkbox (the return form's switch): no checkbox id. */
export type ConsentGiven = { id: number | null; consent: ConsentTick['consent'] };

/** The refusal of a form whose required consent is not given: -1050, naming the field (a checkbox, or the return's switch). */
export const consentRequired = (path: string, text?: (lang: Lang) => string) =>
  new BusinessError(ErrorCode.consentRequired, {
    status: 400,
    ...(text ? { text } : {}),
    details: { fields: [{ path, code: 'required-consent' }] },
  });

/** Refuses (-1050) a form whose required consent is not ticked; the same rule the forms check (contract/consent.ts). */
export function requireConsents(boxes: readonly CatalogBox[], ticked: ReadonlySet<number>): void {
  const missing = missingConsent(boxes, ticked);
  if (missing) throw consentRequired(`checkboxList.${missing.id}`);
}

/**
 * The ticked consents of a form, each with the client's address, for the order's checkboxes:
 * the database turns each into a ledger row for its scope's current text at the order's time.
 */
export function consentTicks(boxes: readonly CatalogBox[], ticked: ReadonlySet<number>, address: string | undefined): ConsentTick[] {
  return boxes.flatMap((box) =>
    isConsentScope(box.consent) && ticked.has(box.id)
      ? [{ id: box.id, checked: true as const, consent: { scope: box.consent, address: address ?? null } }]
      : [],
  );
}

/** The order's checkboxes: the visitor's answers, each ticked consent replaced by its ledger tick. */
export function withConsentTicks<A extends { id: number }>(answers: readonly A[], ticks: readonly ConsentTick[]): Array<A | ConsentTick> {
  const byId = new Map(ticks.map((tick) => [tick.id, tick]));
  return answers.map((answer) => byId.get(answer.id) ?? answer);
}
