-- Members of staff of the back office. The e-mail is unique whatever its case, since people type
-- it in any case at sign-in. The password hash carries its own salt and parameters, so they can
-- grow later without invalidating stored hashes.
create table staff (
  id serial primary key,
  email text not null,
  name text not null,
  role text not null check (role in ('owner', 'manager', 'support', 'controller')),
  password_hash text not null,
  totp_secret text,
  totp_enabled boolean not null default false,
  disabled boolean not null default false,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index staff_email_ci on staff (lower(email));

-- Signed-in sessions, in the database so every instance of the server shares them. Only a hash of
-- the random session id is stored: a copy of this table does not let anyone sign in.
create table staff_sessions (
  id_hash text primary key,
  staff_id integer not null references staff (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  ip text not null,
  user_agent text
);
create index staff_sessions_staff on staff_sessions (staff_id);

-- Sign-in attempts per client address, counted in the database so every instance counts the same
-- tries; old rows are pruned when a new attempt is recorded.
create table staff_sign_in_attempts (
  ip text not null,
  attempted_at timestamptz not null
);
create index staff_sign_in_attempts_ip on staff_sign_in_attempts (ip, attempted_at);

-- Every staff action and every sign-in: who, when, from where, what, before and after. Rows are
-- only ever added; the trigger refuses UPDATE and DELETE (TRUNCATE too) whoever asks.
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  staff_id integer references staff (id),
  action text not null,
  subject_type text not null,
  subject_id text,
  before jsonb,
  after jsonb,
  ip text not null,
  user_agent text
);
create index audit_log_at on audit_log (at desc);
create index audit_log_staff on audit_log (staff_id, at desc);
create index audit_log_subject on audit_log (subject_type, subject_id);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only' using errcode = 'P0001';
end
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();
