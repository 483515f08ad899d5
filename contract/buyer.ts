import { z } from 'zod';

/**
 * The buyer rules of spec section 5 'Buyer (event and scheme)', shared by the event page, the
 * scheme cart and the server. Every issue carries an error code (never prose) as its message;
 * the web maps a code to the locale key `errors.<code>` in four languages, the server returns the
 * codes in the `fields` of its -1002 answer.
 */
export const BuyerError = {
  requiredFio: 'required-fio',
  notValidFio: 'not-valid-fio',
  requiredPhone: 'required-phone',
  notValidPhone: 'not-valid-phone',
  /** The Pushkin-card phone: 'Номер телефона не действителен, … Пример: +7 (999) 901-02-03'. */
  notValidPushkinPhone: 'not-valid-pushkin-phone',
  requiredEmail: 'required-email',
  notValidEmail: 'not-valid-email',
  reEmail: 're-email',
  notValidSurname: 'not-valid-surname',
  notValidName: 'not-valid-name',
  notValidPatronymic: 'not-valid-patronymic',
} as const;
export type BuyerErrorCode = (typeof BuyerError)[keyof typeof BuyerError];

/** Lengths of spec sections 3 and 5. */
export const BUYER_LIMITS = {
  fioMin: 4,
  fioMax: 70,
  fioMinLetters: 2,
  phoneMinExclusive: 5,
  phoneMax: 20,
  pushkinPhoneDigits: 11,
  pushkinPhoneMax: 18,
  emailMin: 6,
  emailMax: 70,
  surnameMax: 70,
  nameMax: 50,
  patronymicMax: 50,
} as const;

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

/** The general phone (with the country chooser): longer than 5 characters, at most 20. */
export const phoneSchema = z
  .string({ error: BuyerError.requiredPhone })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, BuyerError.requiredPhone)
      .min(BUYER_LIMITS.phoneMinExclusive + 1, BuyerError.notValidPhone)
      .max(BUYER_LIMITS.phoneMax, BuyerError.notValidPhone)
      .regex(/^\+?[\d\s()-]+$/, BuyerError.notValidPhone)
      .refine((value) => digitsOf(value).length > BUYER_LIMITS.phoneMinExclusive, BuyerError.notValidPhone),
  );

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

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

/**
 * Formats what a visitor typed into the Pushkin phone mask +7 (999) 901-02-03, as far as the
 * digits go. A leading 8 or 7 is read as the country code, so '89999010203', '79999010203' and
 * '9999010203' all become '+7 (999) 901-02-03'.
 */
export function formatPushkinPhone(input: string): string {
  let digits = digitsOf(input);
  if (digits.length === 0) return '';
  if (digits.startsWith('7') || (digits.startsWith('8') && digits.length === 11)) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  let out = '+7';
  if (digits.length > 0) out += ` (${digits.slice(0, 3)}`;
  if (digits.length >= 3) out += ')';
  if (digits.length > 3) out += ` ${digits.slice(3, 6)}`;
  if (digits.length > 6) out += `-${digits.slice(6, 8)}`;
  if (digits.length > 8) out += `-${digits.slice(8, 10)}`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// E-mail.

// The keys of the Russian ЙЦУКЕН layout and what the same key types in the Latin QWERTY layout.
const RU_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё' + 'ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ' + '"№;:?';
const EN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`" + 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>~' + '@#$^&';
const LAYOUT = new Map<string, string>([...RU_KEYS].map((ch, i) => [ch, EN_KEYS[i] ?? ch]));

/**
 * Converts text typed with the Russian layout switched on into what the same keys type in the
 * Latin layout ('шмфтщм' becomes 'ivanov'; Shift+2, which types '"' there, becomes '@').
 * Characters that are not on the Russian layout are kept.
 */
export function convertCyrillicLayout(value: string): string {
  let out = '';
  for (const ch of value) out += LAYOUT.get(ch) ?? ch;
  return out;
}

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return (
    value.length >= BUYER_LIMITS.emailMin &&
    value.length <= BUYER_LIMITS.emailMax &&
    EMAIL_PATTERN.test(value) &&
    !value.includes('..')
  );
}

/** The e-mail: Cyrillic-layout typing converted, trimmed, 6–70 characters, the standard pattern. */
export const emailSchema = z
  .string({ error: BuyerError.requiredEmail })
  .transform((value) => convertCyrillicLayout(value.trim()))
  .pipe(z.string().min(1, BuyerError.requiredEmail).refine(isValidEmail, BuyerError.notValidEmail));

// ---------------------------------------------------------------------------------------------
// Pushkin-card names: Russian letters and dashes only, no abbreviations, ё normalised to е.

/** ё normalised to е, as the state services account compares names. */
export function normalizeYo(value: string): string {
  return value.replaceAll('ё', 'е').replaceAll('Ё', 'Е');
}

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
    if (value.re_email !== undefined && convertCyrillicLayout(value.re_email.trim()) !== value.email) {
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
    if (value.re_email !== undefined && convertCyrillicLayout(value.re_email.trim()) !== value.email) {
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
