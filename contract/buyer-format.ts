/**
 * The buyer rules' plain parts, without zod (issue #10): error codes, lengths and the helpers the
 * order forms apply while the visitor types, so the event and scheme pages render before the
 * schema library loads. contract/buyer.ts re-exports everything here beside its schemas.
 */

/**
 * Error codes of the buyer rules (spec section 5): every issue carries one as its message; the
 * web maps a code to the locale key `errors.<code>`, the server returns the codes in the
 * `fields` of its -1002 answer.
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

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

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

/** ё normalised to е, as the state services account compares names. */
export function normalizeYo(value: string): string {
  return value.replaceAll('ё', 'е').replaceAll('Ё', 'Е');
}
