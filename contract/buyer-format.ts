/**
 * The buyer rules' plain parts, without zod: error codes, lengths and the helpers the
 * order forms apply while the visitor types, so the event and scheme pages render before the
 * schema library loads. contract/buyer.ts re-exports everything here beside its schemas.
 */

/**
 * Error codes of the buyer rules: every issue carries one as its message; the
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

/** Lengths. */
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

const PREFIX = /^[78]/;

/**
 * The national number (the 10 digits after the country code 7) in what the Pushkin phone field
 * holds after an edit: the mask itself, a number typed into the empty field, or one pasted.
 * - Digits before a '(' are the country code or the trunk prefix: '+7 (999) …', '8 (999) …'.
 * - A text starting with '+' is the mask or a pasted '+7 999…': its first digit, 7, is the
 *   country code.
 * - Otherwise a leading 8 (the Russian trunk prefix) or 7 is the prefix, not the number, unless
 *   the digits are exactly a whole national number ('8001234567', '9999010203').
 * Typing '8' into the empty field therefore shows '+7': the 8 became the country code, and the
 * next key starts the number. Once the field shows '+7' (after '7', '8' or '+7' typed first), a
 * 7 or 8 typed next is the number's own first digit ('+7 (812'), as the mask shows it.
 */
function nationalDigits(text: string): string {
  const paren = text.indexOf('(');
  let digits = digitsOf(paren >= 0 ? text.slice(paren) : text);
  if (paren < 0 && (text.startsWith('+') || digits.length !== 10) && PREFIX.test(digits)) digits = digits.slice(1);
  // More than a whole number after the prefix: the visitor typed '8' (the field showed '+7')
  // and then pasted '89999010203'; its own 8 is a prefix too, rather than the last digit lost.
  if (digits.length > 10 && PREFIX.test(digits)) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/**
 * Formats what the Pushkin phone field holds after the visitor's edit into the mask
 * +7 (999) 901-02-03, as far as the digits go (nationalDigits says which digits are the number):
 * typing 8 9 9 9 9 0 1 0 2 0 3 key by key, pasting '89999010203', '79999010203' or
 * '9999010203' all give '+7 (999) 901-02-03'. A text without digits gives '' (erasing '+7').
 */
export function formatPushkinPhone(input: string): string {
  const text = input.trim();
  if (digitsOf(text).length === 0) return '';
  const digits = nationalDigits(text);
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

/** The e-mail as the rules check it: trimmed, Cyrillic-layout typing converted. */
export const normalizeEmail = (value: string) => convertCyrillicLayout(value.trim());

/** Whether the repeated e-mail, as typed, is the e-mail (already normalised by normalizeEmail). */
export const emailRepeatMatches = (email: string, repeat: string) => normalizeEmail(repeat) === email;

const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return (
    value.length >= BUYER_LIMITS.emailMin && value.length <= BUYER_LIMITS.emailMax && EMAIL_PATTERN.test(value) && !value.includes('..')
  );
}

/** ё normalised to е, as the state services account compares names. */
export function normalizeYo(value: string): string {
  return value.replaceAll('ё', 'е').replaceAll('Ё', 'Е');
}
