import { z } from 'zod';
import {
  BUYER_LIMITS,
  BuyerError,
  type BuyerErrorCode,
  digitsOf,
  emailRepeatMatches,
  isValidEmail,
  normalizeEmail,
  normalizeYo,
} from './buyer-format.ts';
import { wirePhoneToE164 } from './phone.ts';

/**
 * The buyer rules, shared by the event page, the
 * scheme cart and the server. Every issue carries an error code (never prose) as its message;
 * the web maps a code to the locale key `errors.<code>` in four languages, the server returns the
 * codes in the `fields` of its -1002 answer. The plain parts live in contract/buyer-format.ts.
 */
export {
  BUYER_LIMITS,
  BuyerError,
  type BuyerErrorCode,
  convertCyrillicLayout,
  digitsOf,
  emailRepeatMatches,
  formatPushkinPhone,
  isValidEmail,
  normalizeEmail,
  normalizeYo,
} from './buyer-format.ts';

// ---------------------------------------------------------------------------------------------
// Full name (fio): letters of any script (Cyrillic, Latin, Kazakh...), dash and space only.

const FIO_CHARS = /^[\p{L}\s-]+$/u;
const LETTER = /\p{L}/gu;

export const fioSchema = z
  .string({ error: BuyerError.requiredFio })
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, BuyerError.requiredFio)
      .min(BUYER_LIMITS.fioMin, BuyerError.notValidFio)
      .max(BUYER_LIMITS.fioMax, BuyerError.notValidFio)
      .regex(FIO_CHARS, BuyerError.notValidFio)
      .refine((value) => (value.match(LETTER)?.length ?? 0) >= BUYER_LIMITS.fioMinLetters, BuyerError.notValidFio),
  );

// ---------------------------------------------------------------------------------------------
// Phones.

/**
 * The general phone (with the country chooser): longer than 5 characters, at most 20, and a
 * possible number for its country by the shared phone library (contract/phone.ts): an
 * international number, stored as E.164 ('+7 900 000-00-00' becomes '+79000000000'). A number
 * that cannot exist in its country ('+7 79000000000', an 11-digit Russian national number) gets
 * the spec's phone message, not a silent save.
 */
export const phoneSchema = z
  .string({ error: BuyerError.requiredPhone })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, BuyerError.requiredPhone)
      .min(BUYER_LIMITS.phoneMinExclusive + 1, BuyerError.notValidPhone)
      .max(BUYER_LIMITS.phoneMax, BuyerError.notValidPhone)
      .transform((value, ctx) => {
        const e164 = wirePhoneToE164(value);
        if (e164 === undefined) {
          ctx.addIssue({ code: 'custom', message: BuyerError.notValidPhone });
          return z.NEVER;
        }
        return e164;
      }),
  );

/**
 * The Pushkin-card phone: the mask +7 (999) 901-02-03 (at most 18 characters) holding exactly
 * 11 digits, the first being the country code 7. Normalised to its 11 digits.
 */
export const pushkinPhoneSchema = z
  .string({ error: BuyerError.requiredPhone })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, BuyerError.requiredPhone)
      .max(BUYER_LIMITS.pushkinPhoneMax, BuyerError.notValidPushkinPhone)
      .regex(/^\+?[\d\s()-]+$/, BuyerError.notValidPushkinPhone)
      .refine((value) => /^7\d{10}$/.test(digitsOf(value)), BuyerError.notValidPushkinPhone)
      .transform(digitsOf),
  );

// ---------------------------------------------------------------------------------------------
// E-mail.

/** The e-mail: Cyrillic-layout typing converted, trimmed, 6–70 characters, the standard pattern. */
export const emailSchema = z
  .string({ error: BuyerError.requiredEmail })
  .transform(normalizeEmail)
  .pipe(z.string().min(1, BuyerError.requiredEmail).refine(isValidEmail, BuyerError.notValidEmail));

// ---------------------------------------------------------------------------------------------
// Pushkin-card names: Russian letters and dashes only, no abbreviations, ё normalised to е.

// Parts of at least two letters joined by single dashes: 'Петров-Водкин'; no dots, no initials.
const RUSSIAN_NAME = /^[А-Яа-я]{2,}(?:-[А-Яа-я]{2,})*$/;

function russianName(max: number, code: BuyerErrorCode) {
  return z
    .string({ error: code })
    .transform((value) => normalizeYo(value.trim()))
    .pipe(z.string().min(1, code).max(max, code).regex(RUSSIAN_NAME, code));
}

export const pushkinSurnameSchema = russianName(BUYER_LIMITS.surnameMax, BuyerError.notValidSurname);
export const pushkinNameSchema = russianName(BUYER_LIMITS.nameMax, BuyerError.notValidName);
export const pushkinPatronymicSchema = russianName(BUYER_LIMITS.patronymicMax, BuyerError.notValidPatronymic);

// ---------------------------------------------------------------------------------------------
// The buyer blocks of the order forms.

/** The personal data of the ordinary order form: fio, phone, email and (when shown) re_email. */
export const buyerSchema = z
  .object({
    fio: fioSchema,
    phone: phoneSchema,
    email: emailSchema,
    re_email: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.re_email !== undefined && !emailRepeatMatches(value.email, value.re_email)) {
      ctx.addIssue({ code: 'custom', path: ['re_email'], message: BuyerError.reEmail });
    }
  });
export type BuyerInput = z.input<typeof buyerSchema>;
export type Buyer = z.output<typeof buyerSchema>;

/**
 * The Pushkin-card buyer: surname, name, patronymic (or noPatronymic, 'Нет отчества'), the
 * 11-digit phone, and the e-mail pair. The names must match the visitor's state services account.
 */
export const pushkinBuyerSchema = z
  .object({
    surname: pushkinSurnameSchema,
    name: pushkinNameSchema,
    patronymic: z.string().max(BUYER_LIMITS.patronymicMax, BuyerError.notValidPatronymic).optional(),
    noPatronymic: z.boolean().optional(),
    phone: pushkinPhoneSchema,
    email: emailSchema,
    re_email: z.string().optional(),
  })
  .transform((value, ctx) => {
    let patronymic = '';
    if (!value.noPatronymic) {
      const parsed = pushkinPatronymicSchema.safeParse(value.patronymic ?? '');
      if (parsed.success) patronymic = parsed.data;
      else ctx.addIssue({ code: 'custom', path: ['patronymic'], message: BuyerError.notValidPatronymic });
    }
    if (value.re_email !== undefined && !emailRepeatMatches(value.email, value.re_email)) {
      ctx.addIssue({ code: 'custom', path: ['re_email'], message: BuyerError.reEmail });
    }
    return {
      surname: value.surname,
      name: value.name,
      patronymic,
      phone: value.phone,
      email: value.email,
    };
  });
export type PushkinBuyerInput = z.input<typeof pushkinBuyerSchema>;
export type PushkinBuyer = z.output<typeof pushkinBuyerSchema>;

/** Field errors of a failed parse as { field: code }, the first code per field. */
export function buyerFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
