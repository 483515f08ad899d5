/**
 * The rules of staff accounts and sign-in that the server, the command line and the back office's
 * pages share. Zod-free: the back office's first load imports it.
 */

/**
 * A staff password is at least this long, is not one of the commonly used passwords (nor one with
 * digits or signs merely added around it), has at least STAFF_PASSWORD_MIN_DISTINCT different
 * characters, and keeps at least STAFF_PASSWORD_MIN_OWN_REST characters when the account's own
 * e-mail and name are taken out of it (server/admin/staff/password-policy.ts).
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MIN_DISTINCT = 5;
export const STAFF_PASSWORD_MIN_OWN_REST = 8;
/** Longer input is refused before hashing, so a huge password cannot tie up the server. */
export const STAFF_PASSWORD_MAX_LENGTH = 256;
/**
 * Failed sign-ins of one e-mail from one client address (no success in between, none more than
 * STAFF_LOCK_MS apart) that lock that address out of that e-mail; other addresses sign in as usual.
 */
export const STAFF_LOCK_AFTER_FAILURES = 10;
/** How long a locked e-mail stays locked at that address. */
export const STAFF_LOCK_MS = 15 * 60_000;
/** A session nobody has used for this long is over. */
export const STAFF_SESSION_IDLE_MS = 12 * 3600_000;
/** A session is over this long after its sign-in, however busy: a stolen cookie does not last. */
export const STAFF_SESSION_MAX_MS = 24 * 3600_000;
/**
 * Wrong answers (the current password, a current one-time code) a signed-in member may give
 * within STAFF_REAUTH_WINDOW_MS before changing their password or codes; then 429 until the oldest
 * ages out.
 */
export const STAFF_REAUTH_LIMIT = 5;
export const STAFF_REAUTH_WINDOW_MS = 15 * 60_000;
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
  passwordCommon: 'password-common',
  passwordOwnData: 'password-own-data',
  /** The new password is the current one (a temporary password typed again is still the owner's). */
  passwordUnchanged: 'password-unchanged',
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
