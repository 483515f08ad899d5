/**
 * Consents to the processing of personal data (docs/personal-data.md). Zod-free: the order forms
 * of the storefront check them on their first load, the server checks the same rule.
 *
 * A consent is a checkbox of a form marked with its scope; ticking it writes a row of the consent
 * ledger for the scope's current text. It is a tick of its own, never folded into the acceptance
 * of the purchase terms (the offer): the law wants the consent as a separate document.
 */
export const CONSENT_SCOPES = ['order', 'nominal', 'return', 'newsletter'] as const;
export type ConsentScope = (typeof CONSENT_SCOPES)[number];

/** The rules page's address of a scope's current consent text: /rules/{slug}. */
export const consentSlug = (scope: ConsentScope): string => `consent-${scope}`;

export function isConsentScope(value: unknown): value is ConsentScope {
  return typeof value === 'string' && (CONSENT_SCOPES as readonly string[]).includes(value);
}

/** A checkbox as the forms know it: filling = 1 means it must be ticked. */
type FormCheckbox = { id: number; filling?: number; required?: boolean; consent?: string | null };

/**
 * The first required consent of a form that is not ticked, or undefined: an order without it is
 * refused (-1050), whatever else the form holds.
 */
export function missingConsent<B extends FormCheckbox>(boxes: readonly B[], ticked: ReadonlySet<number>): B | undefined {
  return boxes.find((box) => isConsentScope(box.consent) && (box.required === true || box.filling === 1) && !ticked.has(box.id));
}
