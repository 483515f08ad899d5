import { createHash, randomBytes } from 'node:crypto';
import type { AuditAction } from '../../../contract/admin/audit-actions.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { toBcp47 } from '../../../contract/lang.ts';
import type { StaffRole } from '../../../contract/admin/roles.ts';
import {
  STAFF_LOCK_AFTER_FAILURES,
  STAFF_LOCK_MS,
  STAFF_SESSION_IDLE_MS,
  STAFF_SIGN_IN_LIMIT,
  STAFF_SIGN_IN_WINDOW_MS,
  StaffFieldError,
} from '../../../contract/admin/staff-rules.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { type ScryptCost, STAFF_SCRYPT_COST, hashPassword, verifyPassword } from './password.ts';
import {
  type StaffAccount,
  clearFailedSignIns,
  deleteStaffSession,
  deleteStaffSessions,
  findStaffByEmail,
  findStaffSession,
  insertStaffSession,
  readStaffSettings,
  recordFailedSignIn,
  takeSignInAttempt,
  takeTotpStep,
  touchStaffSession,
} from './staff.repository.ts';
import { matchTotp } from './totp.ts';

/** Where a staff call came from, for the audit log and the per-address limit. */
export type StaffClient = { ip: string; userAgent: string | null };

export type SignedInStaff = { id: number; email: string; name: string; role: StaffRole; sessionId: string };

/** A resolved session: the member, and whether the venue's rule sends them to set up one-time codes first. */
export type ResolvedSession = { staff: SignedInStaff; mustSetUpTotp: boolean };

/** last_seen_at is written at most this often: a session's every call must not be a write. */
export const SESSION_TOUCH_MS = 60_000;

/** The session id travels in the cookie; the database keeps only its SHA-256. */
export function sessionIdHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export function createStaffSessions(deps: {
  db: Db;
  now: () => number;
  /** The venue's time zone: a lock's end is told in its clock time. */
  timeZone: string;
  /** Tests pass a cheaper cost; stored hashes carry their own, so any cost verifies. */
  scryptCost?: ScryptCost;
  /** Sign-in attempts one client address may make per STAFF_SIGN_IN_WINDOW_MS (STAFF_SIGN_IN_LIMIT unless configured). */
  signInLimit?: number | undefined;
}) {
  const { db, now } = deps;
  // An unknown e-mail is checked against this hash, so its answer takes as long as a wrong password's.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'), deps.scryptCost ?? STAFF_SCRYPT_COST);

  async function audit(action: AuditAction, staffId: number | null, client: StaffClient, after?: unknown) {
    await insertAuditEntry(db, {
      at: new Date(now()),
      staffId,
      action,
      subjectType: 'staff',
      subjectId: staffId === null ? null : String(staffId),
      after,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  }

  /** A wrong password or code: counted towards the lock (a wrong code too, or codes could be guessed on). */
  async function refuseCredentials(
    account: StaffAccount | undefined,
    email: string,
    client: StaffClient,
    refusal: BusinessError = new BusinessError(AdminErrorCode.invalidCredentials, { status: 401 }),
  ): Promise<never> {
    const at = new Date(now());
    const locked = await db.transaction(async (tx) => {
      await insertAuditEntry(tx, {
        at,
        staffId: account?.id ?? null,
        action: 'staff.sign-in-failed',
        subjectType: 'staff',
        subjectId: account ? String(account.id) : null,
        after: { email },
        ip: client.ip,
        userAgent: client.userAgent,
      });
      if (!account || account.disabled) return null;
      const { lockedUntil } = await recordFailedSignIn(tx, account.id, {
        lockAfter: STAFF_LOCK_AFTER_FAILURES,
        lockUntil: new Date(at.getTime() + STAFF_LOCK_MS),
        at,
      });
      if (lockedUntil) {
        await insertAuditEntry(tx, {
          at,
          staffId: account.id,
          action: 'staff.lock',
          subjectType: 'staff',
          subjectId: String(account.id),
          after: { lockedUntil: lockedUntil.toISOString() },
          ip: client.ip,
          userAgent: client.userAgent,
        });
      }
      return lockedUntil;
    });
    if (locked) throw lockedError(locked, at, deps.timeZone);
    throw refusal;
  }

  return {
    /**
     * Signs a member of staff in: the address's attempt limit, the account's lock, the password,
     * then the one-time code. Answers the new session's id (for the cookie) and the member.
     */
    async signIn(input: { email: string; password: string; totpCode?: string | undefined }, client: StaffClient): Promise<SignedInStaff & { mustSetUpTotp: boolean }> {
      const at = new Date(now());
      const throttled = await db.transaction((tx) =>
        takeSignInAttempt(tx, client.ip, { limit: deps.signInLimit ?? STAFF_SIGN_IN_LIMIT, windowStart: new Date(at.getTime() - STAFF_SIGN_IN_WINDOW_MS), at }),
      );
      if (throttled) {
        throw new BusinessError(ErrorCode.tooManyRequests, {
          status: 429,
          retryAfterSeconds: Math.max(1, Math.ceil((throttled.retryAt.getTime() - at.getTime()) / 1000)),
        });
      }
      const account = await findStaffByEmail(db, input.email);
      if (account?.lockedUntil && account.lockedUntil.getTime() > at.getTime()) {
        // Locked: the password is not even looked at, so guessing on during the lock learns nothing.
        await verifyPassword(input.password, await dummyHash);
        await audit('staff.sign-in-refused-locked', account.id, client, { lockedUntil: account.lockedUntil.toISOString() });
        throw lockedError(account.lockedUntil, at, deps.timeZone);
      }
      const matches = await verifyPassword(input.password, account && !account.disabled ? account.passwordHash : await dummyHash);
      if (!account || account.disabled || !matches) return refuseCredentials(account, input.email, client);
      if (account.totpEnabled) {
        if (!input.totpCode) throw new BusinessError(AdminErrorCode.totpRequired, { status: 401, details: { totpRequired: true } });
        const step = account.totpSecret ? matchTotp(account.totpSecret, input.totpCode, at.getTime()) : null;
        if (step === null || !(await takeTotpStep(db, account.id, step))) {
          return refuseCredentials(
            account,
            input.email,
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
        await clearFailedSignIns(tx, account.id);
        await insertStaffSession(tx, { idHash: sessionIdHash(sessionId), staffId: account.id, at, ip: client.ip, userAgent: client.userAgent });
        await insertAuditEntry(tx, {
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
      return { id: account.id, email: account.email, name: account.name, role: account.role, sessionId, mustSetUpTotp };
    },

    /**
     * The member a session id belongs to, or undefined when it is unknown, signed out, idle for
     * longer than the limit, or the account is disabled. Marks the session used (at most once a
     * minute).
     */
    async resolve(sessionId: string): Promise<ResolvedSession | undefined> {
      const idHash = sessionIdHash(sessionId);
      const session = await findStaffSession(db, idHash);
      if (!session) return undefined;
      const at = now();
      if (at - session.lastSeenAt.getTime() >= STAFF_SESSION_IDLE_MS) {
        await deleteStaffSession(db, idHash);
        return undefined;
      }
      if (at - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) await touchStaffSession(db, idHash, new Date(at));
      return { staff: { ...session.staff, sessionId }, mustSetUpTotp: session.mustSetUpTotp };
    },

    /** Ends this session. */
    async signOut(staff: SignedInStaff, client: StaffClient): Promise<void> {
      await db.transaction(async (tx) => {
        await deleteStaffSession(tx, sessionIdHash(staff.sessionId));
        await insertAuditEntry(tx, {
          at: new Date(now()),
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
        await insertAuditEntry(tx, {
          at: new Date(now()),
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

/** 423 with the lock's end: in the answer as an instant, and in the text as the venue's clock time. */
function lockedError(until: Date, at: Date, timeZone: string): BusinessError {
  return new BusinessError(AdminErrorCode.accountLocked, {
    status: 423,
    details: { lockedUntil: until.toISOString() },
    text: (lang) =>
      adminErrorText(AdminErrorCode.accountLocked, lang, new Intl.DateTimeFormat(toBcp47(lang), { timeStyle: 'short', timeZone }).format(until)),
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000)),
  });
}
