-- Failed sign-ins counted per e-mail and client address (an IPv6 client by its /64), not per
-- account: ten wrong passwords from one address lock that address out of that e-mail, and the
-- member signs in from anywhere else as usual. Keyed by the e-mail as typed (lower case), so an
-- unknown e-mail is counted and locked exactly like a known one and the answers never tell them
-- apart. A bounded counter, not a log: one row per e-mail and address, rows whose last failure
-- is older than the lock window are pruned when another failure is counted. Anonymous failures
-- (an e-mail no member has) no longer go to the audit log.
create table staff_sign_in_failures (
  email_key text not null,
  address_key text not null,
  failures integer not null check (failures > 0),
  last_failed_at timestamptz not null,
  locked_until timestamptz,
  primary key (email_key, address_key)
);
create index staff_sign_in_failures_last on staff_sign_in_failures (last_failed_at);

-- The old per-account lock is gone: a lock on the account let anyone lock any member out.
update staff set failed_attempts = 0, locked_until = null;

-- Re-authentication of the signed-in member (the current password, a current one-time code)
-- before changing the password or the codes: wrong answers counted per account, so a stolen
-- session cannot guess on.
create table staff_reauth_failures (
  staff_id integer not null references staff (id) on delete cascade,
  failed_at timestamptz not null
);
create index staff_reauth_failures_staff on staff_reauth_failures (staff_id, failed_at);
