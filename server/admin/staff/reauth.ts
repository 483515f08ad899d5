import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import {
  STAFF_REAUTH_LIMIT,
  STAFF_REAUTH_WINDOW_MS,
  STAFF_SIGN_IN_LIMIT,
  STAFF_SIGN_IN_WINDOW_MS,
  StaffFieldError,
} from '../../../contract/admin/staff-rules.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { addressKey } from '../../security/client-address.ts';
import { verifyPassword } from './password.ts';
import { type StaffAccount, clearReauthFailures, takeReauthTry, takeSignInAttempt, takeTotpStep } from './staff.repository.ts';
import type { StaffClient } from './staff.service.ts';
import { matchTotp } from './totp.ts';

/** 429 with Retry-After: the caller's tries are spent until `retryAt`. */
export function tooManyTries(retryAt: Date, at: Date): BusinessError {
  return new BusinessError(ErrorCode.tooManyRequests, {
    status: 429,
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - at.getTime()) / 1000)),
  });
}

/**
 * Every password check costs the server a scrypt run (about 0.3 s of a core at the production
 * cost): each is counted against the caller's address (an IPv6 client by its /64), sign-ins and
 * re-authentications alike, and one over the limit answers 429 before any hashing.
 */
export async function spendScryptBudget(db: Db, limit: number | undefined, client: StaffClient, at: Date): Promise<void> {
  const throttled = await db.transaction((tx) =>
    takeSignInAttempt(tx, addressKey(client.ip), {
      limit: limit ?? STAFF_SIGN_IN_LIMIT,
      windowStart: new Date(at.getTime() - STAFF_SIGN_IN_WINDOW_MS),
      at,
    }),
  );
  if (throttled) throw tooManyTries(throttled.retryAt, at);
}

/** What a signed-in member proves again before changing their account, and the fields the refusals name. */
export type ReauthProof = {
  password?: { value: string; field: string } | undefined;
  /** The current one-time code; asked for (and refused when missing) when the member has codes on. */
  code?: { value: string | undefined; field: string } | undefined;
};

/**
 * Re-authentication of a signed-in member before a change a stolen session must not make (the
 * password, the one-time codes, another owner's password): the password and, where the member
 * has codes on, a current code. Wrong answers are counted per member (STAFF_REAUTH_LIMIT per
 * STAFF_REAUTH_WINDOW_MS, then 429), each try is taken before any hashing, and each password
 * check is counted against the caller's address too.
 */
export function createReauth(deps: { db: Db; now: () => number; signInLimit?: number | undefined }) {
  const { db, now } = deps;
  /** Takes one try of the member (429 when the wrong ones are spent), runs the check, and forgets the tries when it passes. */
  async function attempt(staffId: number, at: Date, check: () => Promise<void>): Promise<void> {
    const spent = await db.transaction((tx) =>
      takeReauthTry(tx, staffId, { limit: STAFF_REAUTH_LIMIT, windowStart: new Date(at.getTime() - STAFF_REAUTH_WINDOW_MS), at }),
    );
    if (spent) throw tooManyTries(spent.retryAt, at);
    await check();
    await clearReauthFailures(db, staffId);
  }

  return {
    /** Checks the member's password and, where they have codes on, a current code. */
    async confirm(account: StaffAccount, proof: ReauthProof, client: StaffClient): Promise<void> {
      const at = new Date(now());
      if (proof.password) await spendScryptBudget(db, deps.signInLimit, client, at);
      await attempt(account.id, at, async () => {
        if (proof.password && !(await verifyPassword(proof.password.value, account.passwordHash))) {
          throw new BusinessError(AdminErrorCode.wrongCurrentPassword, {
            status: 400,
            details: { fields: [{ path: proof.password.field, code: StaffFieldError.wrongCurrentPassword }] },
          });
        }
        if (proof.code && account.totpEnabled) {
          const step = account.totpSecret && proof.code.value ? matchTotp(account.totpSecret, proof.code.value, at.getTime()) : null;
          if (step === null || !(await takeTotpStep(db, account.id, step))) {
            throw new BusinessError(AdminErrorCode.totpInvalid, {
              status: 400,
              details: { fields: [{ path: proof.code.field, code: StaffFieldError.wrongTotp }] },
            });
          }
        }
      });
    },

    /** A check of the caller's own (the first code of a new secret), counted against the member's tries like a wrong password. */
    counted: (staffId: number, check: () => Promise<void>) => attempt(staffId, new Date(now()), check),
  };
}
export type Reauth = ReturnType<typeof createReauth>;
