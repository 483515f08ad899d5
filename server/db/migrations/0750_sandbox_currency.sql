-- The sandbox acquirer keeps the currency a payment was registered in (the setup's currency), as a
-- real acquirer's register call carries one, so its bank page shows the amount in it.
alter table sandbox_acquirer_payments add column currency text not null default 'RUB';
