-- Buyers' self-service exchange (docs/session-changes.md, "Buyers exchanging their own tickets"):
-- null, the event's buyers cannot exchange their tickets themselves (staff still can); a number,
-- they may until that many hours before the start of the session their tickets are for.
alter table events add column self_exchange_hours_before integer check (self_exchange_hours_before between 0 and 720);
