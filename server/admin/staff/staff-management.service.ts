import { randomBytes } from 'node:crypto';
import type { AuditAction } from '../../../contract/admin/audit-actions.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { AddStaffRequest, StaffListEntry, UpdateStaffRequest } from '../../../contract/admin/staff-management.ts';
import { StaffFieldError } from '../../../contract/admin/staff-rules.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { auditWriter } from '../audit/audit.service.ts';
import { type ScryptCost, STAFF_SCRYPT_COST, hashPassword } from './password.ts';
import { refuseWeakPassword } from './password-policy.ts';
import type { Reauth } from './reauth.ts';
import { revokeDevicesMadeBy } from '../../checkin/checkin.repository.ts';
import {
  type StaffAccount,
  deleteSignInLocks,
  deleteStaffSessions,
  findStaffById,
  insertStaff,
  listStaff,
  lockActiveOwners,
  readStaffSettings,
  setTotpEnabled,
  updateStaffPassword,
  updateStaffProfile,
  writeStaffSettings,
} from './staff.repository.ts';
import type { SignedInStaff, StaffClient } from './staff.service.ts';

/** What the owner's list shows of a member: never the hash or the secret. */
export function listEntryOf(m: StaffAccount, at: number): StaffListEntry {
  const locked = m.lockedUntil !== null && m.lockedUntil.getTime() > at;
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    disabled: m.disabled,
    totpEnabled: m.totpEnabled,
    // Only a running lock: one that has run out locks nobody.
    lockedUntil: locked ? (m.lockedUntil?.toISOString() ?? null) : null,
    mustChangePassword: m.mustChangePassword,
  };
}

/** 16 characters of base64url: 96 random bits, for the owner to pass on and the member to change. */
function makeUpPassword(): string {
  return randomBytes(12).toString('base64url');
}

const notFound = () => new BusinessError(AdminErrorCode.staffNotFound, { status: 404 });

/** The owner's staff management: add, change, disable, reset a password, sign a member out; every change audited. */
export function createStaffManagement(deps: { db: Db; now: () => number; reauth: Reauth; scryptCost?: ScryptCost | undefined }) {
  const { db, now } = deps;
  const record = auditWriter(now);
  const cost = deps.scryptCost ?? STAFF_SCRYPT_COST;

  function audit(
    q: Queryable,
    actor: SignedInStaff,
    client: StaffClient,
    action: AuditAction,
    subjectId: number,
    before?: unknown,
    after?: unknown,
  ) {
    return record(q, {
      staffId: actor.id,
      action,
      subjectType: 'staff',
      subjectId: String(subjectId),
      before,
      after,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  }

  return {
    list: async () => (await listStaff(db)).map((m) => listEntryOf(m, now())),

    async add(actor: SignedInStaff, input: AddStaffRequest, client: StaffClient) {
      if (input.password !== undefined) refuseWeakPassword(input.password, input, 'password');
      const initialPassword = input.password === undefined ? makeUpPassword() : undefined;
      const passwordHash = await hashPassword(input.password ?? initialPassword ?? '', cost);
      const at = new Date(now());
      const member = await db.transaction(async (tx) => {
        const added = await insertStaff(tx, { email: input.email, name: input.name, role: input.role, passwordHash, at, temporary: true });
        if (!added) {
          throw new BusinessError(AdminErrorCode.emailTaken, {
            status: 409,
            details: { fields: [{ path: 'email', code: StaffFieldError.emailTaken }] },
          });
        }
        await audit(tx, actor, client, 'staff.add', added.id, undefined, {
          email: added.email,
          name: added.name,
          role: added.role,
          passwordMadeUp: initialPassword !== undefined,
        });
        return added;
      });
      return { member: listEntryOf(member, now()), initialPassword };
    },

    /**
     * Changes a member's name, role or whether they may sign in. A change that would leave no
     * active owner is refused; owners are locked first, so two owners demoting each other at once
     * cannot both succeed. Disabling ends the member's sessions at once.
     */
    async update(actor: SignedInStaff, id: number, change: UpdateStaffRequest, client: StaffClient) {
      const at = new Date(now());
      const member = await db.transaction(async (tx) => {
        const owners = await lockActiveOwners(tx);
        const before = await findStaffById(tx, id, { forUpdate: true });
        if (!before) throw notFound();
        const next = { name: change.name ?? before.name, role: change.role ?? before.role, disabled: change.disabled ?? before.disabled };
        const stillOwner = next.role === 'owner' && !next.disabled;
        if (owners.includes(id) && !stillOwner && owners.length <= 1) {
          throw new BusinessError(AdminErrorCode.lastOwner, { status: 409 });
        }
        const after = await updateStaffProfile(tx, id, next, at);
        if (!after) throw notFound();
        // Disabling ends the member's sessions and revokes the door device keys they made: nothing they set up acts on.
        const devicesRevoked =
          next.disabled && !before.disabled ? (await deleteStaffSessions(tx, id), await revokeDevicesMadeBy(tx, id, at)) : 0;
        const changed = (['name', 'role', 'disabled'] as const).filter((key) => before[key] !== after[key]);
        if (changed.length > 0) {
          await audit(tx, actor, client, 'staff.update', id, Object.fromEntries(changed.map((key) => [key, before[key]])), {
            ...Object.fromEntries(changed.map((key) => [key, after[key]])),
            ...(devicesRevoked > 0 ? { devicesRevoked } : {}),
          });
        }
        return after;
      });
      return listEntryOf(member, now());
    },

    /**
     * Sets the given password or makes one up; lifts a lock and ends the member's sessions. An
     * owner's password is reset only with the acting owner's own password: a stolen owner session
     * alone cannot take over another owner's account.
     */
    async resetPassword(
      actor: SignedInStaff,
      id: number,
      input: { password?: string | undefined; actorPassword?: string | undefined },
      client: StaffClient,
    ) {
      const { password } = input;
      const target = await findStaffById(db, id);
      if (!target) throw notFound();
      if (target.role === 'owner') {
        if (input.actorPassword === undefined) {
          throw new BusinessError(AdminErrorCode.ownerConfirmRequired, {
            status: 400,
            details: { fields: [{ path: 'actorPassword', code: StaffFieldError.requiredPassword }] },
          });
        }
        const self = await findStaffById(db, actor.id);
        if (!self) throw new BusinessError(AdminErrorCode.signInRequired, { status: 401 });
        await deps.reauth.confirm(self, { password: { value: input.actorPassword, field: 'actorPassword' } }, client);
      }
      if (password !== undefined) refuseWeakPassword(password, target, 'password');
      const initialPassword = password === undefined ? makeUpPassword() : undefined;
      const passwordHash = await hashPassword(password ?? initialPassword ?? '', cost);
      const at = new Date(now());
      const member = await db.transaction(async (tx) => {
        const before = await findStaffById(tx, id, { forUpdate: true });
        if (!before) throw notFound();
        await updateStaffPassword(tx, id, passwordHash, at, { temporary: true });
        const ended = await deleteStaffSessions(tx, id);
        await audit(
          tx,
          actor,
          client,
          'staff.password-reset',
          id,
          { lockedUntil: before.lockedUntil?.toISOString() ?? null },
          { lockedUntil: null, passwordMadeUp: initialPassword !== undefined, sessionsEnded: ended },
        );
        return (await findStaffById(tx, id)) ?? before;
      });
      return { member: listEntryOf(member, now()), initialPassword };
    },

    /** Turns a member's one-time codes off (a lost device); they sign in with the password and set codes up again. */
    async resetTotp(actor: SignedInStaff, id: number, client: StaffClient) {
      return db.transaction(async (tx) => {
        const before = await findStaffById(tx, id, { forUpdate: true });
        if (!before) throw notFound();
        await setTotpEnabled(tx, id, false, new Date(now()));
        await audit(tx, actor, client, 'staff.totp-reset', id, { totpEnabled: before.totpEnabled }, { totpEnabled: false });
        return listEntryOf({ ...before, totpEnabled: false, totpSecret: null }, now());
      });
    },

    /** Ends every session of a member, on every device. */
    async signOutEverywhere(actor: SignedInStaff, id: number, client: StaffClient) {
      return db.transaction(async (tx) => {
        const member = await findStaffById(tx, id);
        if (!member) throw notFound();
        const ended = await deleteStaffSessions(tx, id);
        await audit(tx, actor, client, 'staff.sign-out-everywhere', id, undefined, { sessionsEnded: ended });
        return listEntryOf(member, now());
      });
    },

    /**
     * Lifts the member's sign-in locks (per e-mail and address: every address at once) without
     * touching the password; audited with the addresses that were locked.
     */
    async unlock(actor: SignedInStaff, id: number, client: StaffClient) {
      const at = new Date(now());
      return db.transaction(async (tx) => {
        const before = await findStaffById(tx, id, { forUpdate: true });
        if (!before) throw notFound();
        const addresses = await deleteSignInLocks(tx, id, at);
        await audit(
          tx,
          actor,
          client,
          'staff.unlock',
          id,
          { lockedUntil: listEntryOf(before, at.getTime()).lockedUntil },
          { lockedAddresses: addresses },
        );
        return listEntryOf({ ...before, lockedUntil: null }, at.getTime());
      });
    },

    settings: () => readStaffSettings(db),

    /** Whether every member must use one-time codes; those without are sent to set them up. */
    async updateSettings(actor: SignedInStaff, settings: { totpRequired: boolean }, client: StaffClient) {
      await db.transaction(async (tx) => {
        const before = await readStaffSettings(tx, { forUpdate: true });
        if (before.totpRequired === settings.totpRequired) return;
        await writeStaffSettings(tx, settings, new Date(now()));
        await record(tx, {
          staffId: actor.id,
          action: 'settings.update',
          subjectType: 'settings',
          subjectId: null,
          before,
          after: settings,
          ip: client.ip,
          userAgent: client.userAgent,
        });
      });
      return settings;
    },
  };
}
export type StaffManagement = ReturnType<typeof createStaffManagement>;
