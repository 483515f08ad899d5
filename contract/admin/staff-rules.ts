/**
 * The rules of staff accounts and sign-in that the server, the command line and the back office's
 * pages share. Zod-free: the back office's first load imports it.
 */

/** A staff password is at least this long; nothing else is demanded of it (length is what counts). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/** Longer input is refused before hashing, so a huge password cannot tie up the server. */
export const STAFF_PASSWORD_MAX_LENGTH = 256;
/** Failed sign-ins in a row (no success in between) that lock an account. */
export const STAFF_LOCK_AFTER_FAILURES = 10;
/** How long a locked account stays locked. */
export const STAFF_LOCK_MS = 15 * 60_000;
/** A session nobody has used for this long is over. */
export const STAFF_SESSION_IDLE_MS = 12 * 3600_000;
/** Sign-in attempts one client address may make within STAFF_SIGN_IN_WINDOW_MS. */
export const STAFF_SIGN_IN_LIMIT = 20;
export const STAFF_SIGN_IN_WINDOW_MS = 10 * 60_000;

/** Field error codes of the sign-in form, mapped to texts by the back office's catalogs. */
export const StaffFieldError = {
  requiredEmail: 'required-email',
  notValidEmail: 'not-valid-email',
  requiredPassword: 'required-password',
  passwordTooShort: 'password-too-short',
  notValidTotp: 'not-valid-totp',
} as const;
