-- Named-ticket confirmation: when an order's holders were confirmed and
-- which consents of the named-ticket page the visitor ticked. Holder data itself lives in
-- tickets.holder (0002_orders.sql), one holder per ticket.
alter table orders add column confirmed_at timestamptz;
alter table orders add column nominal_consents jsonb;

-- An introduction the venue may show above the holder cards of an event's named-ticket page.
alter table events add column nominal_text jsonb not null default '{}'::jsonb;
