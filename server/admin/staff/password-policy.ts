import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { STAFF_PASSWORD_MIN_DISTINCT, STAFF_PASSWORD_MIN_OWN_REST, StaffFieldError } from '../../../contract/admin/staff-rules.ts';
import { BusinessError } from '../../http.ts';

/**
 * The 10,000 most common passwords, lower case, one a line: the head of the ranked list
 * `@zxcvbn-ts/language-common` 4.1.3 ships (MIT; from leaked-password frequency counts). Read
 * once; a set of 10,000 short strings is about a megabyte.
 */
const COMMON = new Set(
  // A path, not a URL object: under a test's jsdom, URL is jsdom's own, which fs does not take.
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt'), 'utf8')
    .split('\n')
    .filter(Boolean),
);

/** What the password is made of once digits and signs around it are taken off: `Password2024!` is `password`. */
function core(password: string): string {
  return password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

/** The account's own words: the e-mail, its local part and domain labels, the name's words (3 letters and more). */
function ownWords(account: { email: string; name?: string | undefined }): string[] {
  const email = account.email.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const words = [
    email,
    local,
    ...local.split(/[^\p{L}\p{N}]+/u),
    ...domain.split('.').slice(0, -1),
    ...(account.name ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u),
  ];
  return [...new Set(words.filter((word) => word.length >= 3))].sort((a, b) => b.length - a.length);
}

/**
 * Why a new staff password is refused, or undefined when it may be used: a common password (or
 * one with digits and signs merely added around it), too few different characters
 * (`aaaaaaaaaaaa`), or too little left when the account's e-mail and name are taken out of it.
 * Length limits are the schema's.
 */
export function passwordWeakness(
  password: string,
  account: { email: string; name?: string | undefined },
): (typeof StaffFieldError)['passwordCommon' | 'passwordOwnData'] | undefined {
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || COMMON.has(core(password)) || new Set(lower).size < STAFF_PASSWORD_MIN_DISTINCT)
    return StaffFieldError.passwordCommon;
  let rest = lower;
  for (const word of ownWords(account)) rest = rest.split(word).join('');
  if (rest.replace(/[^\p{L}\p{N}]/gu, '').length < STAFF_PASSWORD_MIN_OWN_REST) return StaffFieldError.passwordOwnData;
  return undefined;
}

/** Refuses a weak new password with 400 and the reason on its field (`field`: the form's name for it). */
export function refuseWeakPassword(password: string, account: { email: string; name?: string | undefined }, field: string): void {
  const weakness = passwordWeakness(password, account);
  if (weakness)
    throw new BusinessError(AdminErrorCode.weakPassword, { status: 400, details: { fields: [{ path: field, code: weakness }] } });
}
