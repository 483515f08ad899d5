import { z } from 'zod';
import { isValidEmail } from '../buyer-format.ts';
import { currencyCode } from '../setup.ts';
import { STAFF_ROLES } from './roles.ts';
import {
  AUDIT_PAGE_SIZE,
  STAFF_NAME_MAX_LENGTH,
  STAFF_PASSWORD_MAX_LENGTH,
  STAFF_PASSWORD_MIN_LENGTH,
  StaffFieldError,
} from './staff-rules.ts';

// Any value is taken and read as the storefront reads it (unknown means ru), never refused.
const langField = z.string().max(16).optional();

const newPassword = z
  .string({ error: StaffFieldError.requiredPassword })
  .min(STAFF_PASSWORD_MIN_LENGTH, StaffFieldError.passwordTooShort)
  .max(STAFF_PASSWORD_MAX_LENGTH, StaffFieldError.passwordTooLong);

const staffName = z
  .string({ error: StaffFieldError.requiredName })
  .trim()
  .min(1, StaffFieldError.requiredName)
  .max(STAFF_NAME_MAX_LENGTH, StaffFieldError.nameTooLong);

const role = z.enum(STAFF_ROLES, { error: StaffFieldError.notValidRole });

const totpCode = z.string({ error: StaffFieldError.notValidTotp }).regex(/^\d{6}$/, StaffFieldError.notValidTotp);

const done = { errorCode: z.literal('0'), errorText: z.string() };

/** A member as the owner's staff management shows them. */
export const staffListEntry = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  /** The end of a running sign-in lock of the member's e-mail (at some address), or null. */
  lockedUntil: z.string().nullable(),
  /** The password was set by an owner and the member has not changed it yet. */
  mustChangePassword: z.boolean(),
});
export type StaffListEntry = z.infer<typeof staffListEntry>;

/** A member's e-mail, as they sign in with it and as the owner adds them (254: the longest address SMTP carries). */
export const staffEmail = z
  .string({ error: StaffFieldError.requiredEmail })
  .trim()
  .min(1, StaffFieldError.requiredEmail)
  .max(254, StaffFieldError.notValidEmail)
  .refine(isValidEmail, StaffFieldError.notValidEmail);

/** POST /api/admin/staff: adds a member; without a password one is made up and answered once. */
export const addStaffRequest = z.object({
  email: staffEmail,
  name: staffName,
  role,
  password: newPassword.optional(),
  lang: langField,
});
export type AddStaffRequest = z.infer<typeof addStaffRequest>;

export const staffChangedResponse = z.object({
  ...done,
  member: staffListEntry,
  /** A password the server made up: shown to the owner this once, stored only as a hash. */
  initialPassword: z.string().optional(),
});

/** PATCH /api/admin/staff/:id: the role, the name, or whether the account may sign in. */
export const updateStaffRequest = z.object({
  name: staffName.optional(),
  role: role.optional(),
  disabled: z.boolean().optional(),
  lang: langField,
});
export type UpdateStaffRequest = z.infer<typeof updateStaffRequest>;

export const staffIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

// The password a member proves again (their own, as typed): never checked for length, an old short one still proves.
const currentPassword = z
  .string({ error: StaffFieldError.requiredPassword })
  .min(1, StaffFieldError.requiredPassword)
  .max(STAFF_PASSWORD_MAX_LENGTH, StaffFieldError.wrongCurrentPassword);

/**
 * POST /api/admin/staff/:id/password: sets the given password, or makes one up and answers it
 * once. Resetting an owner's password needs the acting owner's own password (`actorPassword`).
 */
export const resetStaffPasswordRequest = z.object({
  password: newPassword.optional(),
  actorPassword: currentPassword.optional(),
  lang: langField,
});

/** GET and PUT /api/admin/settings: what the owner decides for every member. */
export const staffSettingsRequest = z.object({ totpRequired: z.boolean(), lang: langField });
export const staffSettingsResponse = z.object({ ...done, totpRequired: z.boolean() });

// --- the member's own account --------------------------------------------------------------

/** POST /api/admin/account/password: the current password, and a current code where the member has codes on. */
export const changeOwnPasswordRequest = z.object({
  currentPassword,
  newPassword,
  code: totpCode.optional(),
  lang: langField,
});
export type ChangeOwnPasswordRequest = z.infer<typeof changeOwnPasswordRequest>;

export const accountResponse = z.object({ ...done, totpEnabled: z.boolean(), totpRequired: z.boolean() });

/** POST /api/admin/account/totp/setup: a fresh secret, shown for typing and as an otpauth:// URI (the QR). */
export const totpSetupResponse = z.object({ ...done, secret: z.string(), uri: z.string() });
export const totpCodeRequest = z.object({ code: totpCode, lang: langField });
export type TotpCodeRequest = z.infer<typeof totpCodeRequest>;
/** POST /api/admin/account/totp/setup: the password first, so a stolen session cannot enrol an authenticator of its own. */
export const totpSetupRequest = z.object({ password: currentPassword, lang: langField });
/** POST /api/admin/account/totp/disable: the password and a current code. */
export const totpDisableRequest = z.object({ password: currentPassword, code: totpCode, lang: langField });

export const doneResponse = z.object(done);

// --- the audit log ---------------------------------------------------------------------------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not-valid-date');

/** GET /api/admin/audit: filters (all optional) and the page, newest first. */
export const auditQuery = z.object({
  staffId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  action: z.string().max(100).optional(),
  subjectType: z.string().max(50).optional(),
  subjectId: z.string().max(100).optional(),
  /** Days in the venue's time zone, both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  lang: langField,
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  /** The order's number when the subject is an order (staff quote numbers, not ids). */
  orderNumber: z.number().int().nullable(),
  /** The staff member's name when the subject is a staff member. */
  subjectName: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  ...done,
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(AUDIT_PAGE_SIZE),
  /** Every action recorded so far, for the filter. */
  actions: z.array(z.string()),
  /** The venue's currency, for the amounts the entries hold (kopecks). */
  currency: currencyCode,
  /** Scanned codes of the tickets this page's entries name by id (an id without a code is absent). */
  ticketCodes: z.record(z.string(), z.string()),
});
