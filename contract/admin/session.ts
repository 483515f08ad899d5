import { z } from 'zod';
import { currencyCode } from '../setup.ts';
import { PERMISSIONS, STAFF_ROLES } from './roles.ts';
import { staffEmail, staffListEntry } from './staff-management.ts';
import { STAFF_PASSWORD_MAX_LENGTH, StaffFieldError } from './staff-rules.ts';

// Any value is taken and read as the storefront reads it (unknown means ru), never refused.
const langField = z.string().max(16).optional();

/** POST /api/admin/session: sign in. The password is not checked for length here: an old short one still signs in. */
export const staffSignInRequest = z.object({
  email: staffEmail,
  password: z
    .string({ error: StaffFieldError.requiredPassword })
    .min(1, StaffFieldError.requiredPassword)
    .max(STAFF_PASSWORD_MAX_LENGTH, StaffFieldError.requiredPassword),
  totpCode: z
    .string()
    .regex(/^\d{6}$/, StaffFieldError.notValidTotp)
    .optional(),
  lang: langField,
});
export type StaffSignInRequest = z.infer<typeof staffSignInRequest>;

export const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});

const permissionName = z.enum(Object.keys(PERMISSIONS) as [keyof typeof PERMISSIONS, ...(keyof typeof PERMISSIONS)[]]);

/** The signed-in member and what the role allows (the back office shows only those menu entries). */
export const staffSessionResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  staff: staffMember,
  permissions: z.array(permissionName),
  /** The venue requires one-time codes and this member has none: the back office shows only their set-up. */
  mustSetUpTotp: z.boolean(),
  /** The password is temporary (set by an owner): the back office shows only the change form until it is changed. */
  mustChangePassword: z.boolean(),
  /** The venue's time zone and currency: every date and sum staff see, default or compare is the venue's. */
  venue: z.object({ timeZone: z.string(), currency: currencyCode }),
});
export type StaffSessionResponse = z.infer<typeof staffSessionResponse>;

export const staffSignedOutResponse = z.object({ errorCode: z.literal('0'), errorText: z.string() });

/** Calls without a body (GET /api/admin/me, DELETE /api/admin/session) take the language in the query. */
export const adminLangQuery = z.object({ lang: langField });

/** GET /api/admin/staff: every member of staff, for the owner's staff management. */
export const staffListResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  staff: z.array(staffListEntry),
});
