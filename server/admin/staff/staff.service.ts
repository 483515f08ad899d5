import { createHash, randomBytes } from 'node:crypto';
import type { AuditAction } from '../../../contract/admin/audit-actions.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { StaffRole } from '../../../contract/admin/roles.ts';
import {
  STAFF_LOCK_AFTER_FAILURES,
  STAFF_LOCK_MS,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_MAX_MS,
  StaffFieldError,
} from '../../../contract/admin/staff-rules.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { auditWriter } from '../audit/audit.service.ts';
import { type ScryptCost, STAFF_SCRYPT_COST, hashPassword, verifyPassword } from './password.ts';
import {
  type StaffAccount,
  clearSignInFailures,
  deleteStaffSession,
  deleteStaffSessions,
  findSignInLock,
  findStaffByEmail,
  findStaffSession,
  insertStaffSession,
  readStaffSettings,
  recordSignInFailure,
  takeTotpStep,
  touchStaffSession,
} from './staff.repository.ts';
import { addressKey } from '../../security/client-address.ts';
import { spendScryptBudget } from './reauth.ts';
import { matchTotp } from './totp.ts';

/** Where a staff call came from, for the audit log and the per-address limit. */
export type StaffClient = { ip: string; userAgent: string | null };

export type SignedInStaff = { id: number; email: string; name: string; role: StaffRole; sessionId: string };

/** A resolved session: the member, and whether the venue's rule sends them to set up one-time codes first. */
export type ResolvedSession = { staff: SignedInStaff; mustSetUpTotp: boolean; mustChangePassword: boolean };

/** last_seen_at is written at most this often: a session's every call must not be a write. */
export const SESSION_TOUCH_MS = 60_000;

/** The session id travels in the cookie; the database keeps only its SHA-256. */
export function sessionIdHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export function createStaffSessions(deps: {
  db: Db;
  now: () => number;
  /** Tests pass a cheaper cost; stored hashes carry their own, so any cost verifies. */
  scryptCost?: ScryptCost;
  /** Sign-in attempts one client address may make per STAFF_SIGN_IN_WINDOW_MS (STAFF_SIGN_IN_LIMIT unless configured). */
  signInLimit?: number | undefined;
}) {
  const { db, now } = deps;
  const record = auditWriter(now);
  // An unknown e-mail is checked against this hash, so its answer takes as long as a wrong password's.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'), deps.scryptCost ?? STAFF_SCRYPT_COST);

  async function audit(action: AuditAction, staffId: number | null, client: StaffClient, after?: unknown) {
    await record(db, {
      staffId,
      action,
      subjectType: 'staff',
      subjectId: staffId === null ? null : String(staffId),
      after,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  }

  /**
   * A wrong password or code: counted towards the lock of this e-mail at this address (a wrong
   * code too, or codes could be guessed on). A failure for a member's e-mail is audited; one for
   * an e-mail no member has is only counted, so strangers' guesses do not grow the audit log.
   */
  async function refuseCredentials(
    account: StaffAccount | undefined,
    key: { email: string; address: string },
    client: StaffClient,
    refusal: BusinessError = invalidCredentials(),
  ): Promise<never> {
    const at = new Date(now());
    await db.transaction(async (tx) => {
      const { lockedUntil } = await recordSignInFailure(tx, key.email, key.address, {
        lockAfter: STAFF_LOCK_AFTER_FAILURES,
        lockUntil: new Date(at.getTime() + STAFF_LOCK_MS),
        at,
        forgetBefore: new Date(at.getTime() - STAFF_LOCK_MS),
      });
      if (!account) return;
      await record(tx, {
        at,
        staffId: account.id,
        action: 'staff.sign-in-failed',
        subjectType: 'staff',
        subjectId: String(account.id),
        after: { email: key.email },
        ip: client.ip,
        userAgent: client.userAgent,
      });
      if (lockedUntil) {
        await record(tx, {
          at,
          staffId: account.id,
          action: 'staff.lock',
          subjectType: 'staff',
          subjectId: String(account.id),
          after: { lockedUntil: lockedUntil.toISOString(), address: key.address },
          ip: client.ip,
          userAgent: client.userAgent,
        });
      }
    });
    throw refusal;
  }

  return {
    /**
     * Signs a member of staff in: the address's attempt limit, the lock of this e-mail at this
     * address, the password, then the one-time code. Answers the new session's id (for the
     * cookie) and the member. A locked e-mail answers exactly as an unknown one and a wrong
     * password do (401, -2000), so the lock tells nobody which e-mails are staff.
     */
    async signIn(
      input: { email: string; password: string; totpCode?: string | undefined },
      client: StaffClient,
    ): Promise<SignedInStaff & { mustSetUpTotp: boolean; mustChangePassword: boolean }> {
      const at = new Date(now());
      const key = { email: input.email.trim().toLowerCase(), address: addressKey(client.ip) };
      await spendScryptBudget(db, deps.signInLimit, client, at);
      const account = await findStaffByEmail(db, input.email);
      const lockedUntil = await findSignInLock(db, key.email, key.address, at);
      if (lockedUntil) {
        // Locked here: the password is not even looked at, so guessing on during the lock learns nothing.
        await verifyPassword(input.password, await dummyHash);
        if (account)
          await audit('staff.sign-in-refused-locked', account.id, client, { lockedUntil: lockedUntil.toISOString(), address: key.address });
        throw invalidCredentials();
      }
      const matches = await verifyPassword(input.password, account && !account.disabled ? account.passwordHash : await dummyHash);
      if (!account || account.disabled || !matches) return refuseCredentials(account, key, client);
      if (account.totpEnabled) {
        if (!input.totpCode) throw new BusinessError(AdminErrorCode.totpRequired, { status: 401, details: { totpRequired: true } });
        const step = account.totpSecret ? matchTotp(account.totpSecret, input.totpCode, at.getTime()) : null;
        if (step === null || !(await takeTotpStep(db, account.id, step))) {
          return refuseCredentials(
            account,
            key,
            client,
            new BusinessError(AdminErrorCode.totpInvalid, {
              status: 401,
              details: { totpRequired: true, fields: [{ path: 'totpCode', code: StaffFieldError.wrongTotp }] },
            }),
          );
        }
      }
      const sessionId = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await clearSignInFailures(tx, key.email, key.address);
        await insertStaffSession(tx, {
          idHash: sessionIdHash(sessionId),
          staffId: account.id,
          at,
          ip: client.ip,
          userAgent: client.userAgent,
        });
        await record(tx, {
          at,
          staffId: account.id,
          action: 'staff.sign-in',
          subjectType: 'staff',
          subjectId: String(account.id),
          ip: client.ip,
          userAgent: client.userAgent,
        });
      });
      const mustSetUpTotp = !account.totpEnabled && (await readStaffSettings(db)).totpRequired;
      return {
        id: account.id,
        email: account.email,
        name: account.name,
        role: account.role,
        sessionId,
        mustSetUpTotp,
        mustChangePassword: account.mustChangePassword,
      };
    },

    /**
     * The member a session id belongs to, or undefined when it is unknown, signed out, idle for
     * longer than the limit, older than its absolute lifetime, or the account is disabled. Marks the session used (at most once a
     * minute).
     */
    async resolve(sessionId: string): Promise<ResolvedSession | undefined> {
      const idHash = sessionIdHash(sessionId);
      const session = await findStaffSession(db, idHash);
      if (!session) return undefined;
      const at = now();
      if (at - session.lastSeenAt.getTime() >= STAFF_SESSION_IDLE_MS || at - session.createdAt.getTime() >= STAFF_SESSION_MAX_MS) {
        await deleteStaffSession(db, idHash);
        return undefined;
      }
      if (at - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) await touchStaffSession(db, idHash, new Date(at));
      return {
        staff: { ...session.staff, sessionId },
        mustSetUpTotp: session.mustSetUpTotp,
        mustChangePassword: session.mustChangePassword,
      };
    },

    /** Ends this session. */
    async signOut(staff: SignedInStaff, client: StaffClient): Promise<void> {
      await db.transaction(async (tx) => {
        await deleteStaffSession(tx, sessionIdHash(staff.sessionId));
        await record(tx, {
          staffId: staff.id,
          action: 'staff.sign-out',
          subjectType: 'staff',
          subjectId: String(staff.id),
          ip: client.ip,
          userAgent: client.userAgent,
        });
      });
    },

    /** Ends every session of the member, on every device, this one included. */
    async signOutEverywhere(staff: SignedInStaff, client: StaffClient): Promise<number> {
      return db.transaction(async (tx) => {
        const ended = await deleteStaffSessions(tx, staff.id);
        await record(tx, {
          staffId: staff.id,
          action: 'staff.sign-out-everywhere',
          subjectType: 'staff',
          subjectId: String(staff.id),
          after: { sessionsEnded: ended },
          ip: client.ip,
          userAgent: client.userAgent,
        });
        return ended;
      });
    },
  };
}
export type StaffSessions = ReturnType<typeof createStaffSessions>;

const invalidCredentials = () => new BusinessError(AdminErrorCode.invalidCredentials, { status: 401 });
