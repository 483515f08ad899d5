import type { Queryable } from '../db/client.ts';

export type RegistryReportKind = 'ticket' | 'visit' | 'refund';

/**
 * The registry's barcode_type: a bitmask of the symbologies printed on the ticket (QR code 1,
 * Code128 2, EAN-13 4, ITF 8, DataMatrix 16, PDF417 32), sent as a string of digits
 * (docs/checkin.md, "What the registry is sent", for the sources).
 */
export const BARCODE_TYPE = { qr: '1', code128: '2', ean13: '4' } as const;

/** The registry refuses a visit dated more than this before the session's start. */
export const VISIT_BEFORE_START_S = 2 * 3600;

/**
 * A sold ticket as the registry's POST /tickets wants it, less the organization id (configuration,
 * added when sent). Money is decimal roubles as strings, dates unix seconds. Optional fields we
 * have no value for are left out, never sent empty.
 */
export type TicketReportPayload = {
  barcode: string;
  barcode_type: string;
  visitor: { full_name: string; first_name?: string; middle_name?: string; last_name?: string };
  buyer: { mobile_phone: string };
  /** params: one string, "Зал+Сектор+Ряд+Место". */
  session: { event_id: string | null; date: number; place?: string; params?: string };
  payment: { id?: string; rrn?: string; date: number; ticket_price: string; amount: string };
};

const roubles = (kopecks: number) => (kopecks / 100).toFixed(2);
const unix = (at: Date) => Math.floor(at.getTime() / 1000);

type PaidTicketRow = {
  ticket_id: number;
  code: string;
  ticket_type: number;
  holder: { surname?: string; name?: string; middleName?: string | null } | null;
  buyer_name: string;
  buyer_surname: string;
  buyer_first_name: string;
  buyer_patronymic: string;
  phone: string;
  registry_event_id: string | null;
  starts_at: Date;
  venue_address: Record<string, string> | null;
  venue_name: Record<string, string> | null;
  hall_name: Record<string, string> | null;
  sector_name: Record<string, string> | null;
  row_label: string | null;
  seat_label: string | null;
  unit_price: number;
  unit_fee: number;
  order_subtotal: number;
  order_services: number;
  order_discount: number;
  order_total: number;
  payment_id: string | null;
  payment_amount: number | null;
  payment_rrn: string | null;
  paid_at: Date | null;
};

/**
 * What the Pushkin card paid for each ticket of an order, in kopecks: the ticket's price less its
 * share of the order's discount (a promo code; bonuses cannot be spent on a Pushkin-card order),
 * plus its service fee, rounded down like a refund's share (server/returns/refund-policy.ts); the
 * kopecks rounding left over go to the first tickets, so the amounts add up to the payment.
 */
export function cardShares(
  tickets: readonly { unitPrice: number; unitFee: number }[],
  order: { discountable: number; discount: number; paid: number },
): number[] {
  const shares = tickets.map((t) => {
    const net =
      order.discount > 0 && order.discountable > 0
        ? Math.floor((t.unitPrice * Math.max(0, order.discountable - order.discount)) / order.discountable)
        : t.unitPrice;
    return net + t.unitFee;
  });
  let left = order.paid - shares.reduce((a, b) => a + b, 0);
  // Only rounding is spread (under a kopeck per ticket); anything else is not the tickets' money.
  if (left > 0 && left < shares.length) for (let i = 0; left > 0; i += 1, left -= 1) shares[i] = (shares[i] ?? 0) + 1;
  return shares;
}

/**
 * Queues the report of every ticket of a Pushkin-card order, in the transaction that marks it
 * paid (after its codes are issued). Other orders report nothing. Queued twice, once.
 */
export async function enqueueTicketReports(tx: Queryable, orderId: number, at: Date): Promise<number> {
  const { rows } = await tx.query<PaidTicketRow>(
    `select t.id as ticket_id, t.code, e.ticket_type, t.holder,
            o.buyer_name, o.buyer_surname, o.buyer_first_name, o.buyer_patronymic, o.phone,
            e.registry_event_id, s.starts_at, v.address as venue_address, v.name as venue_name, h.name as hall_name,
            hs.name as sector_name, st.row_label, st.seat_label, l.unit_price, l.unit_fee,
            o.subtotal as order_subtotal, o.services_total as order_services, o.discount as order_discount, o.total as order_total,
            p.public_id as payment_id, p.amount as payment_amount, coalesce(p.rrn, dp.rrn) as payment_rrn, coalesce(p.finished_at, o.paid_at) as paid_at
     from tickets t
     join orders o on o.id = t.order_id
     join order_lines l on l.id = t.order_line_id
     join sessions s on s.id = l.session_id
     join events e on e.id = s.event_id
     join venues v on v.id = e.venue_id
     left join halls h on h.id = e.hall_id
     left join hall_seats st on st.id = l.seat_id
     left join hall_sectors hs on hs.id = st.sector_id
     left join lateral (select public_id, amount, rrn, finished_at from payments
                        where order_id = o.id and status = 'succeeded' order by finished_at, id limit 1) p on true
     -- Paid at the box office on the venue's Pushkin-card terminal: the RRN the cashier read off its slip.
     left join lateral (select rrn from desk_payments where order_id = o.id and method = 'pushkin' order by id limit 1) dp on true
     where o.id = $1 and o.pushkin_card and t.code is not null
     order by t.id`,
    [orderId],
  );
  const first = rows[0];
  if (!first) return 0;
  const shares = cardShares(
    rows.map((r) => ({ unitPrice: r.unit_price, unitFee: r.unit_fee })),
    {
      discountable: first.order_subtotal + first.order_services,
      discount: first.order_discount,
      paid: first.payment_amount ?? first.order_total,
    },
  );
  for (const [i, r] of rows.entries()) {
    await insertReport(tx, 'ticket', r.ticket_id, ticketPayload(r, shares[i] ?? 0, at), at);
  }
  return rows.length;
}

/** "Зал+Сектор+Ряд+Место" as one string: the parts the ticket has, in that order. */
export function seatParams(parts: { hall: string; sector?: string | null; row?: string | null; seat?: string | null }): string {
  return [parts.hall, parts.sector, parts.row ? `ряд ${parts.row}` : '', parts.seat ? `место ${parts.seat}` : '']
    .map((x) => (x ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

function ticketPayload(r: PaidTicketRow, cardPaid: number, at: Date): TicketReportPayload {
  // The programme's tickets are for their holder only: a named ticket's holder, else the buyer
  // (a Pushkin-card buyer gives surname, name and patronymic for this).
  const last = r.holder?.surname ?? r.buyer_surname;
  const first = r.holder?.name ?? r.buyer_first_name;
  const middle = (r.holder ? r.holder.middleName : r.buyer_patronymic) ?? '';
  const full = r.holder ? [last, first, middle].filter(Boolean).join(' ') : r.buyer_name || [last, first, middle].filter(Boolean).join(' ');
  const ru = (text: Record<string, string> | null) => text?.ru ?? '';
  const place = ru(r.venue_address) || ru(r.venue_name);
  const params = seatParams({ hall: ru(r.hall_name) || ru(r.venue_name), sector: ru(r.sector_name), row: r.row_label, seat: r.seat_label });
  const visitor: TicketReportPayload['visitor'] = { full_name: full };
  if (first) visitor.first_name = first;
  if (middle) visitor.middle_name = middle;
  if (last) visitor.last_name = last;
  const payment: TicketReportPayload['payment'] = {
    date: unix(r.paid_at ?? at),
    ticket_price: roubles(r.unit_price),
    amount: roubles(cardPaid),
  };
  if (r.payment_id) payment.id = r.payment_id;
  // Only the bank's own retrieval reference number; none is read back before sending (registry-job.ts).
  if (r.payment_rrn) payment.rrn = r.payment_rrn;
  return {
    barcode: r.code,
    barcode_type: r.ticket_type === 1 ? BARCODE_TYPE.qr : BARCODE_TYPE.code128,
    visitor,
    // Ten digits without the country code; a Russian number is stored with its 7 or 8 in front.
    buyer: { mobile_phone: r.phone.replace(/\D/g, '').slice(-10) },
    session: { event_id: r.registry_event_id, date: unix(r.starts_at), ...(place ? { place } : {}), ...(params ? { params } : {}) },
    payment,
  };
}

async function insertReport(tx: Queryable, kind: RegistryReportKind, ticketId: number, payload: unknown, at: Date) {
  await tx.query(
    `insert into registry_reports (kind, ticket_id, payload, next_attempt_at, created_at) values ($1, $2, $3, $4, $4)
     on conflict (ticket_id, kind) do nothing`,
    [kind, ticketId, JSON.stringify(payload), at],
  );
}

/**
 * Queues a visit, in the admission's transaction, for a ticket that was reported as sold. The
 * registry refuses a visit dated more than 2 hours before the session's start, and the door
 * admits earlier (a museum's day, a foyer open long before): such a visit is reported at the
 * earliest time the registry takes, 2 hours before the start.
 */
export async function enqueueVisitReport(tx: Queryable, ticketId: number, visitedAt: Date, at: Date): Promise<void> {
  await tx.query(
    `insert into registry_reports (kind, ticket_id, payload, next_attempt_at, created_at)
     select 'visit', $1, jsonb_build_object('visit_date', greatest($2::bigint, floor(extract(epoch from s.starts_at))::bigint - $4::bigint)), $3, $3
     from tickets t join order_lines l on l.id = t.order_line_id join sessions s on s.id = l.session_id
     where t.id = $1 and exists (select 1 from registry_reports where ticket_id = $1 and kind = 'ticket')
     on conflict (ticket_id, kind) do nothing`,
    [ticketId, unix(visitedAt), at, VISIT_BEFORE_START_S],
  );
}

/**
 * Queues refunds, in the return's transaction, for those of the tickets that were reported as
 * sold: refund_ticket_price is what this return gives back for the ticket (its share fixed by the
 * return request: after the return tiers, the discount and a staff percent), not its price.
 */
export async function enqueueRefundReports(tx: Queryable, ticketIds: readonly number[], reason: string, at: Date): Promise<void> {
  await tx.query(
    `insert into registry_reports (kind, ticket_id, payload, next_attempt_at, created_at)
     select 'refund', r.ticket_id,
            jsonb_build_object('refund_date', $2::bigint, 'refund_reason', $3::text)
              || coalesce((select jsonb_build_object('refund_ticket_price', to_char(rt.amount / 100.0, 'FM9999999990.00'))
                           from return_request_tickets rt where rt.ticket_id = r.ticket_id order by rt.request_id desc limit 1), '{}'::jsonb),
            $4, $4
     from registry_reports r where r.kind = 'ticket' and r.ticket_id = any($1::int[])
     on conflict (ticket_id, kind) do nothing`,
    [ticketIds, unix(at), reason, at],
  );
}

export type ClaimedReport = {
  id: number;
  kind: RegistryReportKind;
  ticket_id: number;
  payload: Record<string, unknown>;
  attempts: number;
  /** The registry's id of the ticket (visit and refund reports are only claimed once it is known, or found by barcode). */
  registry_ticket_id: string | null;
  /** The ticket's report: the registry holds the ticket, found by its barcode, without giving its id. */
  registered_by_barcode: boolean;
  /** A POST /tickets of this report may have been accepted: it is read back before being sent again. */
  post_uncertain: boolean;
  /** The ticket report's payload (its barcode and event), for reading back and visits by barcode. */
  ticket_payload: Record<string, unknown> | null;
};

/**
 * Claims up to `limit` due reports for one sender: each claimed report's next attempt moves to
 * `leaseUntil`, so another instance does not send it meanwhile (SKIP LOCKED: instances never wait
 * for each other's claims). A visit or refund is due only once the registry holds its ticket. A
 * refused report is never due again.
 */
export async function claimDueReports(q: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedReport[]> {
  const { rows } = await q.query<ClaimedReport>(
    `with due as (
       select r.id from registry_reports r
       where r.sent_at is null and r.refused_at is null and r.next_attempt_at <= $1
         and (r.kind = 'ticket' or exists (select 1 from registry_reports t
                                          where t.ticket_id = r.ticket_id and t.kind = 'ticket' and t.sent_at is not null))
       order by r.next_attempt_at, r.id
       limit $3
       for update of r skip locked)
     update registry_reports r set attempts = r.attempts + 1, next_attempt_at = $2
     from due where r.id = due.id
     returning r.id, r.kind, r.ticket_id, r.payload, r.attempts, r.post_uncertain,
       (select t.registry_ticket_id from registry_reports t where t.ticket_id = r.ticket_id and t.kind = 'ticket') as registry_ticket_id,
       coalesce((select t.registered_by_barcode from registry_reports t where t.ticket_id = r.ticket_id and t.kind = 'ticket'), false) as registered_by_barcode,
       (select t.payload from registry_reports t where t.ticket_id = r.ticket_id and t.kind = 'ticket') as ticket_payload`,
    [now, leaseUntil, limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * The registry accepted a report; a ticket report keeps the registry's id (or, found by its
 * barcode without one, says so), and the payload as sent (with an RRN read back since).
 * Guarded by the claim's attempt.
 */
export async function markReportSent(
  q: Queryable,
  id: number,
  attempts: number,
  at: Date,
  sent: { registryTicketId: string | null; byBarcode?: boolean; payload?: Record<string, unknown> },
): Promise<void> {
  await q.query(
    `update registry_reports set sent_at = $3, last_error = null, registry_ticket_id = coalesce($4, registry_ticket_id),
            registered_by_barcode = $5, post_uncertain = false, payload = coalesce($6::jsonb, payload)
     where id = $1 and attempts = $2 and sent_at is null`,
    [id, attempts, at, sent.registryTicketId, sent.byBarcode ?? false, sent.payload ? JSON.stringify(sent.payload) : null],
  );
}

/**
 * A report failed for now (an outage, a timeout, a configuration to fix): tried again at
 * `retryAt`, the reason kept for staff. `uncertain`: a POST whose answer was lost, read back first.
 */
export async function markReportFailed(
  q: Queryable,
  id: number,
  attempts: number,
  retryAt: Date,
  error: string,
  uncertain = false,
): Promise<void> {
  await q.query(
    'update registry_reports set next_attempt_at = $3, last_error = $4, post_uncertain = post_uncertain or $5 where id = $1 and attempts = $2 and sent_at is null',
    [id, attempts, retryAt, error.slice(0, 1000), uncertain],
  );
}

/** The registry refused a report for good (its 400 {code, description}): not sent again, listed for staff. */
export async function markReportRefused(q: Queryable, id: number, attempts: number, at: Date, error: string): Promise<void> {
  await q.query('update registry_reports set refused_at = $3, last_error = $4 where id = $1 and attempts = $2 and sent_at is null', [
    id,
    attempts,
    at,
    error.slice(0, 1000),
  ]);
}

/** The card payment of a reported ticket, for reading its RRN back from the acquirer. */
export type TicketPaymentRow = { id: number; provider: string; provider_ref: string | null; public_id: string; rrn: string | null };

export async function findTicketPayment(q: Queryable, ticketId: number): Promise<TicketPaymentRow | undefined> {
  const { rows } = await q.query<TicketPaymentRow>(
    `select p.id, p.provider, p.provider_ref, p.public_id, p.rrn from tickets t
     join payments p on p.order_id = t.order_id and p.status = 'succeeded'
     where t.id = $1 order by p.finished_at, p.id limit 1`,
    [ticketId],
  );
  return rows[0];
}

/** Keeps an RRN read back from the acquirer on its payment (one it already had is kept). */
export async function savePaymentRrn(q: Queryable, paymentId: number, rrn: string): Promise<void> {
  await q.query('update payments set rrn = coalesce(rrn, $2) where id = $1', [paymentId, rrn]);
}

/** The refund of a ticket's latest return, for reading the refund's RRN back from the acquirer. */
export type TicketRefundRow = { status: 'pending' | 'done' | 'failed'; provider: string; provider_ref: string | null };

export async function findTicketRefund(q: Queryable, ticketId: number): Promise<TicketRefundRow | undefined> {
  const { rows } = await q.query<TicketRefundRow>(
    `select f.status, p.provider, f.provider_ref from return_request_tickets rt
     join return_requests rr on rr.id = rt.request_id
     join refunds f on f.id = rr.refund_id
     join payments p on p.id = f.payment_id
     where rt.ticket_id = $1 order by rt.request_id desc limit 1`,
    [ticketId],
  );
  return rows[0];
}

export type FailingReportRow = {
  id: number;
  kind: RegistryReportKind;
  ticket_code: string | null;
  order_number: number;
  event_name: Record<string, string>;
  attempts: number;
  next_attempt_at: Date;
  refused_at: Date | null;
  last_error: string;
  created_at: Date;
};

/** Reports not yet accepted whose last attempt failed or that the registry refused, oldest first. */
export async function findFailingReports(q: Queryable, limit: number): Promise<FailingReportRow[]> {
  const { rows } = await q.query<FailingReportRow>(
    `select r.id, r.kind, t.code as ticket_code, o.number as order_number, e.name as event_name,
            r.attempts, r.next_attempt_at, r.refused_at, r.last_error, r.created_at
     from registry_reports r
     join tickets t on t.id = r.ticket_id
     join orders o on o.id = t.order_id
     join events e on e.id = o.event_id
     where r.sent_at is null and r.last_error is not null
     order by r.created_at, r.id limit $1`,
    [limit],
  );
  return rows;
}

/** How many reports wait to be sent (failing or not; refused ones wait for no one). */
export async function countUnsentReports(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'select count(*)::int as n from registry_reports where sent_at is null and refused_at is null',
  );
  return rows[0]?.n ?? 0;
}
