import { z } from 'zod';
import { CONSENT_SCOPES } from '../consent.ts';
import { localized, partialLocalized } from '../common.ts';
import { LANGS, type Lang } from '../lang.ts';

/** Most characters of a reason staff give for erasing a visitor's data. */
export const ERASE_REASON_MAX = 500;

/** A visitor as staff name them in a request: one e-mail or one phone (the desk's spelling of either). */
export const visitorQuery = z.object({
  email: z.string().trim().max(70).optional(),
  phone: z.string().trim().max(20).optional(),
});
export type VisitorQuery = z.infer<typeof visitorQuery>;

/** Digits a phone needs to name one visitor (its last ten are compared). */
export const VISITOR_PHONE_DIGITS = 10;

/** The visitor a query names, or undefined when it names none or both (-2750). */
export function visitorOf(q: VisitorQuery): { email: string } | { phone: string } | undefined {
  const email = q.email?.trim() ?? '';
  const phone = q.phone?.trim() ?? '';
  const phoneOk = phone.replace(/\D/g, '').length >= VISITOR_PHONE_DIGITS;
  if (email !== '' && phone === '') return { email };
  if (phoneOk && email === '') return { phone };
  return undefined;
}

export const exportQuery = z.object({
  email: z.string().trim().max(70).optional(),
  phone: z.string().trim().max(20).optional(),
  format: z.enum(['json', 'html']).default('json'),
});

export const eraseRequest = z.object({
  email: z.string().trim().max(70).optional(),
  phone: z.string().trim().max(20).optional(),
  reason: z.string().trim().max(ERASE_REASON_MAX),
});

const heldOrder = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: z.number().int(),
  event: partialLocalized,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  sessionAt: z.string().nullable(),
  total: z.number().int(),
  anonymisedAt: z.string().nullable(),
  erasable: z.boolean(),
  buyer: z.object({
    name: z.string(),
    surname: z.string(),
    firstName: z.string(),
    patronymic: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  tickets: z.array(z.object({ id: z.number().int(), status: z.number().int(), holder: z.record(z.string(), z.unknown()).nullable() })),
  consents: z.array(
    z.object({
      scope: z.string(),
      version: z.number().int(),
      lang: z.string(),
      textSha256: z.string(),
      givenAt: z.string(),
      clientAddress: z.string().nullable(),
    }),
  ),
  mails: z.array(z.object({ to: z.string(), subject: z.string(), createdAt: z.string(), sentAt: z.string().nullable() })),
});

/** What the storefront holds about one visitor: every order and ticket of the e-mail or phone. */
export const visitorDataResponse = z.object({ errorCode: z.string(), errorText: z.string(), orders: z.array(heldOrder) });
export type VisitorData = z.infer<typeof visitorDataResponse>;

export const eraseResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  /** Orders whose personal data was erased now. */
  erased: z.array(z.number().int()),
  /** Paid orders whose session is still to come: kept, the tickets admit and may be returned. */
  kept: z.array(z.number().int()),
});

export const consentDocument = z.object({
  id: z.number().int(),
  scope: z.string(),
  version: z.number().int(),
  title: partialLocalized,
  body: partialLocalized,
  sha256: partialLocalized,
  createdAt: z.string(),
});
export const consentDocumentsResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  documents: z.array(consentDocument),
  /** reCAPTCHA is on: visitors' data goes to Google, outside Russia (the page warns). */
  recaptcha: z.boolean(),
  /** PERSONAL_DATA_RETENTION_DAYS: days after its session when an order is anonymised. */
  retentionDays: z.number().int(),
});
export type ConsentDocumentsAnswer = z.infer<typeof consentDocumentsResponse>;
/**
 * The languages a new consent text lacks a title or a body in (blank counts as missing): a text
 * is published only in all four (-2753), and the back office's form flags the same tabs.
 */
export function consentTextGaps(title: Partial<Record<Lang, string>>, body: Partial<Record<Lang, string>>): Lang[] {
  return LANGS.filter((lang) => !title[lang]?.trim() || !body[lang]?.trim());
}

export const publishConsentRequest = z.object({
  scope: z.enum(CONSENT_SCOPES),
  title: localized,
  body: localized,
  /**
   * The version the editor started from (the current one when the form loaded): when another
   * was published since, nothing is written (409, -2790). Without it the text is published over
   * whatever is current.
   */
  version: z.number().int().min(0).optional(),
});
export const publishConsentResponse = z.object({ errorCode: z.string(), errorText: z.string(), document: consentDocument });
