-- Real acquirers (T-Bank, YooKassa): the reconciliation job's lease on a payment it reads back
-- (several instances never ask about one payment at once), and the card payment's RRN, which the
-- Pushkin-card registry needs.
alter table payments
  add column reconcile_after timestamptz,
  add column rrn text;
create index payments_unfinished on payments (created_at) where status in ('pending', 'canceled') and provider <> 'sandbox';
