import type { StaffRole } from '../../../contract/admin/roles.ts';
import type { Queryable } from '../../db/client.ts';

export type StaffAccount = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string;
  totpSecret: string | null;
  totpEnabled: boolean;
  disabled: boolean;
  failedAttempts: number;
  lockedUntil: Date | null;
  totpLastStep: number | null;
  /** The password was set by an owner (on adding or a reset): the member must change it before anything else. */
  mustChangePassword: boolean;
};

type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled: boolean;
  disabled: boolean;
  failed_attempts: number;
  locked_until: Date | null;
  totp_last_step: string | null;
  must_change_password: boolean;
};

// lockedUntil: the latest sign-in lock of the member's e-mail at any address (locks are per e-mail and address).
const STAFF_COLUMNS = `id, email, name, role, password_hash, totp_secret, totp_enabled, disabled, failed_attempts,
  (select max(f.locked_until) from staff_sign_in_failures f where f.email_key = lower(staff.email)) as locked_until, totp_last_step,
  must_change_password`;

function toAccount(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpEnabled: row.totp_enabled,
    disabled: row.disabled,
    failedAttempts: row.failed_attempts,
    lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    mustChangePassword: row.must_change_password,
  };
}

/** The account of an e-mail, whatever its case. */
export async function findStaffByEmail(q: Queryable, email: string): Promise<StaffAccount | undefined> {
  const { rows } = await q.query<StaffRow>(`select ${STAFF_COLUMNS} from staff where lower(email) = lower($1)`, [email]);
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** Adds an account; undefined when the e-mail is taken already (in any case). `temporary`: the member must change the password first. */
export async function insertStaff(
  q: Queryable,
  staff: { email: string; name: string; role: StaffRole; passwordHash: string; at: Date; temporary?: boolean },
): Promise<StaffAccount | undefined> {
  const { rows } = await q.query<StaffRow>(
    `insert into staff (email, name, role, password_hash, created_at, updated_at, must_change_password) values ($1, $2, $3, $4, $5, $5, $6)
     on conflict ((lower(email))) do nothing
     returning ${STAFF_COLUMNS}`,
    [staff.email, staff.name, staff.role, staff.passwordHash, staff.at, staff.temporary === true],
  );
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/**
 * Sets a new password and lifts every sign-in lock of the member's e-mail (a reset unlocks too).
 * `temporary`: set by an owner, so the member must change it before anything else; the member's
 * own change clears that.
 */
export async function updateStaffPassword(
  q: Queryable,
  id: number,
  passwordHash: string,
  at: Date,
  options: { temporary: boolean },
): Promise<void> {
  await q.query(
    'update staff set password_hash = $2, failed_attempts = 0, locked_until = null, updated_at = $3, must_change_password = $4 where id = $1',
    [id, passwordHash, at, options.temporary],
  );
  await deleteSignInLocks(q, id);
}

/**
 * Lifts the sign-in locks (and the counts towards one) of a member's e-mail at every address;
 * answers how many addresses were locked at `at` (none without `at`).
 */
export async function deleteSignInLocks(q: Queryable, id: number, at?: Date): Promise<number> {
  const { rows } = await q.query<{ locked: boolean }>(
    `delete from staff_sign_in_failures where email_key = (select lower(email) from staff where id = $1)
     returning (locked_until is not null and locked_until > $2::timestamptz) as locked`,
    [id, at ?? null],
  );
  return rows.filter((row) => row.locked).length;
}

// ---------------------------------------------------------------------------------------------
// Failed sign-ins per e-mail (as typed, lower case) and client address.

/** The end of a running lock of this e-mail at this address, if there is one. */
export async function findSignInLock(q: Queryable, emailKey: string, addressKey: string, at: Date): Promise<Date | null> {
  const { rows } = await q.query<{ locked_until: Date }>(
    'select locked_until from staff_sign_in_failures where email_key = $1 and address_key = $2 and locked_until > $3',
    [emailKey, addressKey, at],
  );
  return rows[0] ? new Date(rows[0].locked_until) : null;
}

/**
 * Counts a failed sign-in of an e-mail at an address; the one that reaches `lockAfter` locks that
 * pair until `lockUntil` (and so does each further failure after the lock). A count whose last
 * failure is older than `forgetBefore` starts again. One statement, so failures racing on several
 * instances are all counted; rows of any pair gone quiet are pruned, so the table stays bounded.
 * Answers the lock's end when this failure locked.
 */
export async function recordSignInFailure(
  q: Queryable,
  emailKey: string,
  addressKey: string,
  options: { lockAfter: number; lockUntil: Date; at: Date; forgetBefore: Date },
): Promise<{ lockedUntil: Date | null }> {
  await q.query('delete from staff_sign_in_failures where last_failed_at <= $1 and (locked_until is null or locked_until <= $2)', [
    options.forgetBefore,
    options.at,
  ]);
  const { rows } = await q.query<{ locked_until: Date | null; locked_now: boolean }>(
    `insert into staff_sign_in_failures as f (email_key, address_key, failures, last_failed_at, locked_until)
     values ($1, $2, 1, $5, case when 1 >= $3 then $4::timestamptz end)
     on conflict (email_key, address_key) do update set
       failures = f.failures + 1,
       last_failed_at = $5,
       locked_until = case when f.failures + 1 >= $3 then $4::timestamptz else f.locked_until end
     returning locked_until, (locked_until = $4::timestamptz) as locked_now`,
    [emailKey, addressKey, options.lockAfter, options.lockUntil, options.at],
  );
  const row = rows[0];
  return { lockedUntil: row?.locked_now && row.locked_until ? new Date(row.locked_until) : null };
}

/** A sign-in succeeded: its e-mail's count at that address starts again. */
export async function clearSignInFailures(q: Queryable, emailKey: string, addressKey: string): Promise<void> {
  await q.query('delete from staff_sign_in_failures where email_key = $1 and address_key = $2', [emailKey, addressKey]);
}

// ---------------------------------------------------------------------------------------------
// Re-authentication of a signed-in member (password, code) before a change to their account.

/**
 * Takes one re-authentication try of a member unless `limit` tries have failed within the window:
 * the try is written first as a failure (so tries racing at once count each other) and cleared by
 * `clearReauthFailures` when it succeeds. Serialised per member. Answers when the oldest counted
 * failure ages out if the limit is reached, else undefined.
 */
export async function takeReauthTry(
  q: Queryable,
  staffId: number,
  options: { limit: number; windowStart: Date; at: Date },
): Promise<{ retryAt: Date } | undefined> {
  await q.query("select pg_advisory_xact_lock(hashtext('staff-reauth:' || $1::text))", [staffId]);
  await q.query('delete from staff_reauth_failures where staff_id = $1 and failed_at <= $2', [staffId, options.windowStart]);
  const { rows } = await q.query<{ n: number; oldest: Date | null }>(
    'select count(*)::int as n, min(failed_at) as oldest from staff_reauth_failures where staff_id = $1',
    [staffId],
  );
  const counted = rows[0];
  if (counted && counted.n >= options.limit && counted.oldest) {
    return { retryAt: new Date(new Date(counted.oldest).getTime() + (options.at.getTime() - options.windowStart.getTime())) };
  }
  await q.query('insert into staff_reauth_failures (staff_id, failed_at) values ($1, $2)', [staffId, options.at]);
  return undefined;
}

export async function clearReauthFailures(q: Queryable, staffId: number): Promise<void> {
  await q.query('delete from staff_reauth_failures where staff_id = $1', [staffId]);
}

// ---------------------------------------------------------------------------------------------
// Sessions: stored under the hash of their id.

export type StaffSessionRow = {
  idHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  staff: { id: number; email: string; name: string; role: StaffRole };
  /** The venue requires one-time codes and this member has none yet. */
  mustSetUpTotp: boolean;
  /** The member's password was set by an owner and not changed since. */
  mustChangePassword: boolean;
};

export async function insertStaffSession(
  q: Queryable,
  session: { idHash: string; staffId: number; at: Date; ip: string; userAgent: string | null },
): Promise<void> {
  await q.query(
    'insert into staff_sessions (id_hash, staff_id, created_at, last_seen_at, ip, user_agent) values ($1, $2, $3, $3, $4, $5)',
    [session.idHash, session.staffId, session.at, session.ip, session.userAgent],
  );
}

/** A session and its member, unless the member's account has been disabled. */
export async function findStaffSession(q: Queryable, idHash: string): Promise<StaffSessionRow | undefined> {
  const { rows } = await q.query<{
    id_hash: string;
    created_at: Date;
    last_seen_at: Date;
    id: number;
    email: string;
    name: string;
    role: StaffRole;
    must_set_up_totp: boolean;
    must_change_password: boolean;
  }>(
    `select s.id_hash, s.created_at, s.last_seen_at, m.id, m.email, m.name, m.role, m.must_change_password,
            (not m.totp_enabled and (select totp_required from staff_settings)) as must_set_up_totp
     from staff_sessions s join staff m on m.id = s.staff_id
     where s.id_hash = $1 and not m.disabled`,
    [idHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    idHash: row.id_hash,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    staff: { id: row.id, email: row.email, name: row.name, role: row.role },
    mustSetUpTotp: row.must_set_up_totp,
    mustChangePassword: row.must_change_password,
  };
}

export async function touchStaffSession(q: Queryable, idHash: string, at: Date): Promise<void> {
  await q.query('update staff_sessions set last_seen_at = $2 where id_hash = $1 and last_seen_at < $2', [idHash, at]);
}

export async function deleteStaffSession(q: Queryable, idHash: string): Promise<boolean> {
  return (await q.query('delete from staff_sessions where id_hash = $1', [idHash])).rowCount > 0;
}

/** Ends every session of a member; answers how many there were. */
export async function deleteStaffSessions(q: Queryable, staffId: number): Promise<number> {
  return (await q.query('delete from staff_sessions where staff_id = $1', [staffId])).rowCount;
}

// ---------------------------------------------------------------------------------------------
// Sign-in attempts per client address.

/**
 * Records a sign-in attempt from an address unless it has made `limit` within the window already.
 * Attempts are serialized per address (an advisory lock), so racing requests cannot all slip
 * under the limit. Answers undefined when recorded, or when the oldest counted attempt ages out.
 */
export async function takeSignInAttempt(
  q: Queryable,
  ip: string,
  options: { limit: number; windowStart: Date; at: Date },
): Promise<{ retryAt: Date } | undefined> {
  await q.query("select pg_advisory_xact_lock(hashtext('staff-sign-in:' || $1))", [ip]);
  // Every address's old attempts go, not only this one's: the table holds one window's worth.
  await q.query('delete from staff_sign_in_attempts where attempted_at <= $1', [options.windowStart]);
  const { rows } = await q.query<{ n: number; oldest: Date | null }>(
    'select count(*)::int as n, min(attempted_at) as oldest from staff_sign_in_attempts where ip = $1',
    [ip],
  );
  const counted = rows[0];
  if (counted && counted.n >= options.limit && counted.oldest) {
    return { retryAt: new Date(new Date(counted.oldest).getTime() + (options.at.getTime() - options.windowStart.getTime())) };
  }
  await q.query('insert into staff_sign_in_attempts (ip, attempted_at) values ($1, $2)', [ip, options.at]);
  return undefined;
}

/** Every member of staff, by name. */
export async function listStaff(q: Queryable): Promise<StaffAccount[]> {
  const { rows } = await q.query<StaffRow>(`select ${STAFF_COLUMNS} from staff order by lower(name), id`);
  return rows.map(toAccount);
}

export async function findStaffById(q: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<StaffAccount | undefined> {
  const { rows } = await q.query<StaffRow>(`select ${STAFF_COLUMNS} from staff where id = $1${options.forUpdate ? ' for update' : ''}`, [
    id,
  ]);
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/**
 * Active owners, their rows locked: two owners demoting each other at once are serialized here,
 * so the second sees the first's change and the last owner always stays.
 */
export async function lockActiveOwners(q: Queryable): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>("select id from staff where role = 'owner' and not disabled order by id for update");
  return rows.map((r) => r.id);
}

export async function updateStaffProfile(
  q: Queryable,
  id: number,
  change: { name: string; role: StaffRole; disabled: boolean },
  at: Date,
): Promise<StaffAccount | undefined> {
  const { rows } = await q.query<StaffRow>(
    `update staff set name = $2, role = $3, disabled = $4, updated_at = $5 where id = $1 returning ${STAFF_COLUMNS}`,
    [id, change.name, change.role, change.disabled, at],
  );
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** Ends every session of a member but one (the one changing their own password stays signed in). */
export async function deleteOtherStaffSessions(q: Queryable, staffId: number, keepIdHash: string): Promise<number> {
  return (await q.query('delete from staff_sessions where staff_id = $1 and id_hash <> $2', [staffId, keepIdHash])).rowCount;
}

/** Keeps a secret being set up (codes stay off until a first code confirms it). */
export async function setPendingTotpSecret(q: Queryable, id: number, secret: string, at: Date): Promise<void> {
  await q.query('update staff set totp_secret = $2, totp_last_step = null, updated_at = $3 where id = $1 and not totp_enabled', [
    id,
    secret,
    at,
  ]);
}

/**
 * Takes a code's time step if it is later than the last one taken: one statement, so the same
 * code sent twice at once is taken once. Answers whether it was taken.
 */
export async function takeTotpStep(q: Queryable, id: number, step: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'update staff set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2)',
    [id, step],
  );
  return rowCount > 0;
}

export async function setTotpEnabled(q: Queryable, id: number, enabled: boolean, at: Date): Promise<void> {
  await q.query(
    `update staff set totp_enabled = $2, totp_secret = case when $2 then totp_secret else null end, updated_at = $3 where id = $1`,
    [id, enabled, at],
  );
}

export async function readStaffSettings(q: Queryable, options: { forUpdate?: boolean } = {}): Promise<{ totpRequired: boolean }> {
  const { rows } = await q.query<{ totp_required: boolean }>(
    `select totp_required from staff_settings${options.forUpdate ? ' for update' : ''}`,
  );
  return { totpRequired: rows[0]?.totp_required ?? false };
}

export async function writeStaffSettings(q: Queryable, settings: { totpRequired: boolean }, at: Date): Promise<void> {
  await q.query('update staff_settings set totp_required = $1, updated_at = $2', [settings.totpRequired, at]);
}
