import type { AuditAction } from '../../../contract/admin/audit-actions.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { StaffFieldError } from '../../../contract/admin/staff-rules.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { auditWriter } from '../audit/audit.service.ts';
import { type ScryptCost, STAFF_SCRYPT_COST, hashPassword } from './password.ts';
import { refuseWeakPassword } from './password-policy.ts';
import type { Reauth } from './reauth.ts';
import {
  type StaffAccount,
  deleteOtherStaffSessions,
  findStaffById,
  readStaffSettings,
  setPendingTotpSecret,
  setTotpEnabled,
  takeTotpStep,
  updateStaffPassword,
} from './staff.repository.ts';
import { type SignedInStaff, type StaffClient, sessionIdHash } from './staff.service.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';

const wrongCode = () =>
  new BusinessError(AdminErrorCode.totpInvalid, { status: 400, details: { fields: [{ path: 'code', code: StaffFieldError.wrongTotp }] } });
const stateConflict = () => new BusinessError(AdminErrorCode.totpStateConflict, { status: 409 });

/** A member's own account: their password and their one-time codes. */
export function createAccount(deps: { db: Db; now: () => number; reauth: Reauth; scryptCost?: ScryptCost | undefined }) {
  const { db, now } = deps;
  const record = auditWriter(now);

  async function accountOf(staff: SignedInStaff): Promise<StaffAccount> {
    const account = await findStaffById(db, staff.id);
    // The guard resolved the session a moment ago; a member deleted since is as good as signed out.
    if (!account) throw new BusinessError(AdminErrorCode.signInRequired, { status: 401 });
    return account;
  }

  function audit(q: Queryable, staff: SignedInStaff, client: StaffClient, action: AuditAction, after?: unknown) {
    return record(q, {
      staffId: staff.id,
      action,
      subjectType: 'staff',
      subjectId: String(staff.id),
      after,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  }

  return {
    async state(staff: SignedInStaff) {
      const [account, settings] = await Promise.all([accountOf(staff), readStaffSettings(db)]);
      return { totpEnabled: account.totpEnabled, totpRequired: settings.totpRequired };
    },

    /**
     * Checks the current password (and a current code where the member has codes on), then sets
     * the new one and ends every other session of the member.
     */
    async changePassword(
      staff: SignedInStaff,
      input: { currentPassword: string; newPassword: string; code?: string | undefined },
      client: StaffClient,
    ) {
      const account = await accountOf(staff);
      await deps.reauth.confirm(
        account,
        { password: { value: input.currentPassword, field: 'currentPassword' }, code: { value: input.code, field: 'code' } },
        client,
      );
      refuseWeakPassword(input.newPassword, account, 'newPassword');
      // The same password again changes nothing: a temporary one, which its owner knows, would stay.
      if (input.newPassword === input.currentPassword) {
        throw new BusinessError(AdminErrorCode.weakPassword, {
          status: 400,
          details: { fields: [{ path: 'newPassword', code: StaffFieldError.passwordUnchanged }] },
        });
      }
      const passwordHash = await hashPassword(input.newPassword, deps.scryptCost ?? STAFF_SCRYPT_COST);
      await db.transaction(async (tx) => {
        await updateStaffPassword(tx, staff.id, passwordHash, new Date(now()), { temporary: false });
        const ended = await deleteOtherStaffSessions(tx, staff.id, sessionIdHash(staff.sessionId));
        await audit(tx, staff, client, 'staff.password-change', { otherSessionsEnded: ended });
      });
    },

    /**
     * Starts (or starts again) setting up one-time codes, after the password: a fresh secret, off
     * until a first code confirms it. A stolen session cannot enrol an authenticator of its own.
     */
    async startTotp(staff: SignedInStaff, input: { password: string }, client: StaffClient) {
      const account = await accountOf(staff);
      if (account.totpEnabled) throw stateConflict();
      await deps.reauth.confirm(account, { password: { value: input.password, field: 'password' } }, client);
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        await setPendingTotpSecret(tx, staff.id, secret, new Date(now()));
        await audit(tx, staff, client, 'staff.totp-setup-start');
      });
      return { secret, uri: totpUri(secret, account.email) };
    },

    /** Turns codes on once the first code of the new secret is right (so the app has it); wrong codes count against the member's tries. */
    async confirmTotp(staff: SignedInStaff, code: string, client: StaffClient) {
      const account = await accountOf(staff);
      if (account.totpEnabled || !account.totpSecret) throw stateConflict();
      const secret = account.totpSecret;
      await deps.reauth.counted(staff.id, async () => {
        const step = matchTotp(secret, code, now());
        if (step === null) throw wrongCode();
        await db.transaction(async (tx) => {
          if (!(await takeTotpStep(tx, staff.id, step))) throw wrongCode();
          await setTotpEnabled(tx, staff.id, true, new Date(now()));
          await audit(tx, staff, client, 'staff.totp-enable');
        });
      });
    },

    /** Turns codes off with the password and a current code, unless the venue requires them. */
    async disableTotp(staff: SignedInStaff, input: { password: string; code: string }, client: StaffClient) {
      const account = await accountOf(staff);
      if (!account.totpEnabled || !account.totpSecret) throw stateConflict();
      if ((await readStaffSettings(db)).totpRequired) throw new BusinessError(AdminErrorCode.totpRequiredByVenue, { status: 409 });
      await deps.reauth.confirm(
        account,
        { password: { value: input.password, field: 'password' }, code: { value: input.code, field: 'code' } },
        client,
      );
      await db.transaction(async (tx) => {
        await setTotpEnabled(tx, staff.id, false, new Date(now()));
        await audit(tx, staff, client, 'staff.totp-disable');
      });
    },
  };
}
export type Account = ReturnType<typeof createAccount>;
