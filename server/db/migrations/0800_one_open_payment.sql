-- One open payment per order: a second Pay while one is open answers that one, and another
-- method cancels it first (server/payments/payments.service.ts, startPayment). The index makes
-- a second open payment impossible even if that rule were bypassed.

-- What the acquirer told the visitor to do (its PaymentAction: form, redirect or QR with image),
-- so a repeated Pay answers the very same bank link.
alter table payments add column action jsonb;

-- Orders that already have several open payments (made before this rule): all but the newest are
-- cancelled; they have no stored action, so the next Pay replaces the newest as well. The acquirer
-- is asked to cancel them by the usual reconciliation of unconfirmed cancels.
update payments p set status = 'canceled', finished_at = now()
where p.status in ('created', 'pending')
  and exists (select 1 from payments n where n.order_id = p.order_id and n.status in ('created', 'pending') and n.id > p.id);

create unique index payments_one_open on payments (order_id) where status in ('created', 'pending');
