-- A loyalty card's bonuses are spent only by its holder: the identified CRM client whose card it
-- is (crm_client_id), or a visitor who proves it with a one-time code sent to the e-mail
-- registered with the card (server/loyalty/card-proof.ts).
alter table loyalty_cards add column email text not null default '';
alter table loyalty_cards add column crm_client_id integer references crm_clients (id) on delete set null;

-- The code an order's visitor was sent for a card: its hash only, a short life, a few tries.
create table loyalty_card_proofs (
  order_id integer not null references orders (id) on delete cascade,
  card_id integer not null references loyalty_cards (id) on delete cascade,
  code_hash text not null,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  primary key (order_id, card_id)
);

-- Wrong codes are counted per client address too, not only per order: a new order per guess
-- gains nothing.
alter table discount_code_failures add column client_ip text;
create index discount_code_failures_ip on discount_code_failures (client_ip, failed_at) where client_ip is not null;
