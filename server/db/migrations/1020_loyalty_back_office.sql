-- Loyalty cards run in the back office (docs/back-office-offers.md, "Loyalty cards").

-- A card's form carries a revision moved by every save, so a save made on an older revision is
-- refused rather than silently overwriting a colleague's change; updated_by and updated_at name
-- who saved last and when, for that refusal. The balance is not part of the form: corrections
-- and the storefront move it by a delta under the row's lock, never by a saved value.
alter table loyalty_cards
  add column revision integer not null default 1,
  add column updated_at timestamptz,
  add column updated_by integer references staff (id),
  add column created_at timestamptz;

-- Search: the full number (the unique index), its last four digits, the e-mail's beginning.
create index loyalty_cards_last4 on loyalty_cards (right(code, 4));
create index loyalty_cards_email_search on loyalty_cards (desk_fold(email) text_pattern_ops);

-- Movements staff make: 'open' (the opening balance of a card created in the back office),
-- 'credit' and 'debit' (a correction, with its reason). They belong to no order; `bonuses` stays
-- the amount moved (never negative), the kind says which way. The order movements keep their
-- rules: one spend and one accrual per order, one restore and one revoke per return request
-- (the unique indexes of migration 0720, whose `order_id` is never null for those kinds).
alter table loyalty_transactions
  alter column order_id drop not null,
  add column staff_id integer references staff (id),
  add column reason text,
  drop constraint loyalty_transactions_kind_check,
  add constraint loyalty_transactions_kind_check check (kind in ('spend', 'accrue', 'restore', 'revoke', 'open', 'credit', 'debit')),
  add constraint loyalty_transactions_source_check check (
    case when kind in ('open', 'credit', 'debit')
      then order_id is null and return_request_id is null and staff_id is not null and bonuses > 0
      else order_id is not null and staff_id is null
    end),
  add constraint loyalty_transactions_reason_check check (
    case when kind in ('credit', 'debit') then char_length(reason) between 1 and 500 else reason is null end);

-- A card's page lists its movements newest first.
create index loyalty_transactions_card on loyalty_transactions (card_id, created_at desc, id desc);
