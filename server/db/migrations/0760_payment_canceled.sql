-- A payment is cancelled when the order's sum changes while it is pending (offers, promo code,
-- bonuses): the acquirer must not take the old sum. 'canceled' is final on our side; a success
-- the acquirer reports for it later is refunded (reason 'order-changed'), never applied.
-- cancel_confirmed_at: when the acquirer confirmed the cancel (or reported the payment final);
-- null on a canceled payment means the cancel is still to be sent or retried.
alter table payments drop constraint payments_status_check;
alter table payments add constraint payments_status_check
  check (status in ('created', 'pending', 'succeeded', 'declined', 'failed', 'canceled'));
alter table payments add column cancel_confirmed_at timestamptz;
create index payments_cancel_unconfirmed on payments (order_id) where status = 'canceled' and cancel_confirmed_at is null;

-- The sandbox acquirer's side: a registered payment the merchant cancelled before it was paid.
alter table sandbox_acquirer_payments drop constraint sandbox_acquirer_payments_status_check;
alter table sandbox_acquirer_payments add constraint sandbox_acquirer_payments_status_check
  check (status in ('new', 'paid', 'declined', 'canceled'));
