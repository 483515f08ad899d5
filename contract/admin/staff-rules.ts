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
  requiredName: 'required-name',
  nameTooLong: 'name-too-long',
  notValidRole: 'not-valid-role',
  passwordTooLong: 'password-too-long',
  emailTaken: 'email-taken',
  wrongCurrentPassword: 'wrong-current-password',
  wrongTotp: 'wrong-totp',
} as const;

/** A staff member's name: as people write it, within reason. */
export const STAFF_NAME_MAX_LENGTH = 200;

/** One-time codes (RFC 6238): a code of 6 digits per 30 seconds, the step before and after taken too. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Back office';

/** Entries per page of the audit log browser. */
export const AUDIT_PAGE_SIZE = 50;
