-- Image-captcha challenges. The answer is kept as an HMAC, never in
-- clear; a challenge expires and is used once (a wrong check or an order uses it up).
create table captcha_challenges (
  sid text primary key,                      -- 128 random bits, URL-safe
  answer_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index captcha_challenges_expiry on captcha_challenges (expires_at);

-- Identified customer-relations clients, filled by the venue's CRM
-- export or the catalog import. A visitor is identified by a signed token (docs/crm-client.md).
create table crm_clients (
  id integer primary key,                    -- the CRM's own client id
  type_id integer not null default 0,
  type_name text not null default '',
  card_code text not null default '',
  first_name text not null default '',
  last_name text not null default '',
  middle_name text not null default '',
  phone text not null default '',
  email text not null default '',
  is_active boolean not null default true
);

-- Subscriptions a client holds, with the number of visits still left. remaining is changed only
-- by a guarded UPDATE (remaining >= n) inside the order transaction, like session stock.
create table crm_subscriptions (
  client_id integer not null references crm_clients (id) on delete cascade,
  subscription_event_id integer not null references events (id) on delete cascade,
  remaining integer not null check (remaining >= 0),
  primary key (client_id, subscription_event_id)
);
