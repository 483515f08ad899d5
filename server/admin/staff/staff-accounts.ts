import type { StaffRole } from '../../../contract/admin/roles.ts';
import { STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH, StaffFieldError } from '../../../contract/admin/staff-rules.ts';
import { passwordWeakness } from './password-policy.ts';
import { isValidEmail } from '../../../contract/buyer-format.ts';
import type { Db } from '../../db/client.ts';
import { auditWriter } from '../audit/audit.service.ts';
import { type ScryptCost, STAFF_SCRYPT_COST, hashPassword } from './password.ts';
import { findStaffByEmail, insertStaff, setTotpEnabled, updateStaffPassword } from './staff.repository.ts';

/** A refusal of the staff command line, said as one clear line. */
export class StaffAccountError extends Error {}

/** Who made a change from outside the back office: the command line, for one. */
export type AccountActor = { staffId: number | null; ip: string; userAgent: string | null };

export function checkStaffPassword(password: string, account: { email: string; name?: string | undefined }): void {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
    throw new StaffAccountError(`The password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long.`);
  }
  if (password.length > STAFF_PASSWORD_MAX_LENGTH) {
    throw new StaffAccountError(`The password must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters long.`);
  }
  const weakness = passwordWeakness(password, account);
  if (weakness === StaffFieldError.passwordCommon)
    throw new StaffAccountError('The password is too easy to guess: it is a common one, or too repetitive.');
  if (weakness === StaffFieldError.passwordOwnData)
    throw new StaffAccountError('The password is too easy to guess: it is made of the e-mail or the name.');
}

/** Adds a member of staff; the audit log records who added whom with which role. */
export async function addStaffMember(
  db: Db,
  input: { email: string; name: string; role: StaffRole; password: string },
  actor: AccountActor,
  options: { now: () => number; cost?: ScryptCost },
) {
  const email = input.email.trim();
  if (!isValidEmail(email)) throw new StaffAccountError(`Not a valid e-mail address: ${email}`);
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) throw new StaffAccountError('The name must be 1 to 200 characters long.');
  checkStaffPassword(input.password, { email, name });
  const passwordHash = await hashPassword(input.password, options.cost ?? STAFF_SCRYPT_COST);
  const at = new Date(options.now());
  return db.transaction(async (tx) => {
    const added = await insertStaff(tx, { email, name, role: input.role, passwordHash, at });
    if (!added) throw new StaffAccountError(`A member of staff with the e-mail ${email} exists already.`);
    await auditWriter(options.now)(tx, {
      at,
      staffId: actor.staffId,
      action: 'staff.add',
      subjectType: 'staff',
      subjectId: String(added.id),
      after: { email: added.email, name: added.name, role: added.role },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return added;
  });
}

/** Sets a new password (and lifts a lock); the audit log records the reset, never the password. */
export async function resetStaffPassword(
  db: Db,
  input: { email: string; password: string },
  actor: AccountActor,
  options: { now: () => number; cost?: ScryptCost },
) {
  const existing = await findStaffByEmail(db, input.email.trim());
  checkStaffPassword(input.password, existing ?? { email: input.email });
  const passwordHash = await hashPassword(input.password, options.cost ?? STAFF_SCRYPT_COST);
  const at = new Date(options.now());
  return db.transaction(async (tx) => {
    const account = await findStaffByEmail(tx, input.email.trim());
    if (!account) throw new StaffAccountError(`No member of staff has the e-mail ${input.email.trim()}.`);
    await updateStaffPassword(tx, account.id, passwordHash, at, { temporary: false });
    await auditWriter(options.now)(tx, {
      at,
      staffId: actor.staffId,
      action: 'staff.password-reset',
      subjectType: 'staff',
      subjectId: String(account.id),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return account;
  });
}

/**
 * Turns a member's one-time codes off: the way back in for an owner who lost the device and has
 * no other owner to do it in the back office. The member sets codes up again after signing in.
 */
export async function turnOffStaffTotp(db: Db, input: { email: string }, actor: AccountActor, options: { now: () => number }) {
  const at = new Date(options.now());
  return db.transaction(async (tx) => {
    const account = await findStaffByEmail(tx, input.email.trim());
    if (!account) throw new StaffAccountError(`No member of staff has the e-mail ${input.email.trim()}.`);
    await setTotpEnabled(tx, account.id, false, at);
    await auditWriter(options.now)(tx, {
      at,
      staffId: actor.staffId,
      action: 'staff.totp-reset',
      subjectType: 'staff',
      subjectId: String(account.id),
      before: { totpEnabled: account.totpEnabled },
      after: { totpEnabled: false },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return account;
  });
}
