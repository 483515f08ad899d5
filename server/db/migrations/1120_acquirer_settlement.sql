-- A refund is done only when the acquirer says so. 'sent': the acquirer took the request and
-- has not finished it (YooKassa pending, T-Bank REFUNDING / ASYNC_REFUNDING); it is read back
-- at check_after until it ends. One the acquirer cancels is sent again under a new attempt
-- (provider_attempt, part of the key the acquirer sees) a few times, then ends 'failed', which
-- staff see on the order page. provider_status: the acquirer's last word on it.
alter table refunds drop constraint refunds_status_check;
alter table refunds add constraint refunds_status_check check (status in ('pending', 'sent', 'done', 'failed'));
alter table refunds
  add column provider_attempt integer not null default 1,
  add column check_after timestamptz,
  add column provider_status text;
create index refunds_sent on refunds (check_after) where status = 'sent';

-- The currency a payment was charged in (its refunds go back in it); null: older rows (RUB).
-- rrn_due_at: a paid card payment whose RRN is still to be asked for (T-Bank's CheckOrder),
-- after the notification was answered; cleared once asked.
alter table payments
  add column currency text,
  add column rrn_due_at timestamptz,
  add column rrn_attempts integer not null default 0;
create index payments_rrn_due on payments (rrn_due_at) where rrn_due_at is not null;
-- Declined payments that have an acquirer reference are read back for a while (a success may follow a decline).
create index payments_declined_recheck on payments (finished_at) where status = 'declined' and provider_ref is not null and provider <> 'sandbox';
