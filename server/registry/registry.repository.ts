import type { Queryable } from '../db/client.ts';

export type RegistryReportKind = 'ticket' | 'visit' | 'refund';

/**
 * A sold ticket as the registry's POST /tickets wants it, less the organization id (configuration,
 * added when sent). Money is decimal roubles as strings, dates unix seconds.
 */
export type TicketReportPayload = {
  barcode: string;
  barcode_type: 'code128' | 'qr';
  visitor: { full_name: string; first_name: string; middle_name: string; last_name: string };
  buyer: { mobile_phone: string };
  session: { event_id: string | null; date: number; place: string; params: { hall: string; sector?: string; row?: string; seat?: string } };
  payment: { id: string; rrn: string; date: number; ticket_price: string; amount: string };
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
  payment_id: string | null;
  payment_ref: string | null;
  paid_at: Date | null;
};

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
            p.public_id as payment_id, coalesce(p.rrn, p.provider_ref, dp.rrn) as payment_ref, coalesce(p.finished_at, o.paid_at) as paid_at
     from tickets t
     join orders o on o.id = t.order_id
     join order_lines l on l.id = t.order_line_id
     join sessions s on s.id = l.session_id
     join events e on e.id = s.event_id
     join venues v on v.id = e.venue_id
     left join halls h on h.id = e.hall_id
     left join hall_seats st on st.id = l.seat_id
     left join hall_sectors hs on hs.id = st.sector_id
     left join lateral (select public_id, provider_ref, rrn, finished_at from payments
                        where order_id = o.id and status = 'succeeded' order by finished_at, id limit 1) p on true
     -- Paid at the box office on the venue's Pushkin-card terminal: the RRN the cashier read off its slip.
     left join lateral (select rrn from desk_payments where order_id = o.id and method = 'pushkin' order by id limit 1) dp on true
     where o.id = $1 and o.pushkin_card and t.code is not null
     order by t.id`,
    [orderId],
  );
  for (const r of rows) {
    await insertReport(tx, 'ticket', r.ticket_id, ticketPayload(r, at), at);
  }
  return rows.length;
}

function ticketPayload(r: PaidTicketRow, at: Date): TicketReportPayload {
  // The programme's tickets are for their holder only: a named ticket's holder, else the buyer
  // (a Pushkin-card buyer gives surname, name and patronymic for this).
  const last = r.holder?.surname ?? r.buyer_surname;
  const first = r.holder?.name ?? r.buyer_first_name;
  const middle = (r.holder ? r.holder.middleName : r.buyer_patronymic) ?? '';
  const full = r.holder ? [last, first, middle].filter(Boolean).join(' ') : r.buyer_name || [last, first, middle].filter(Boolean).join(' ');
  const ru = (text: Record<string, string> | null) => text?.ru ?? '';
  const params: TicketReportPayload['session']['params'] = { hall: ru(r.hall_name) || ru(r.venue_name) };
  if (r.sector_name) params.sector = ru(r.sector_name);
  if (r.row_label) params.row = r.row_label;
  if (r.seat_label) params.seat = r.seat_label;
  return {
    barcode: r.code,
    barcode_type: r.ticket_type === 1 ? 'qr' : 'code128',
    visitor: { full_name: full, first_name: first, middle_name: middle, last_name: last },
    // Ten digits without the country code; a Russian number is stored with its 7 or 8 in front.
    buyer: { mobile_phone: r.phone.replace(/\D/g, '').slice(-10) },
    session: { event_id: r.registry_event_id, date: unix(r.starts_at), place: ru(r.venue_address) || ru(r.venue_name), params },
    payment: {
      id: r.payment_id ?? `ticket-${r.ticket_id}`,
      // The card payment's RRN where the acquirer tells it, else its own reference of the payment.
      rrn: r.payment_ref ?? r.payment_id ?? '',
      date: unix(r.paid_at ?? at),
      ticket_price: roubles(r.unit_price),
      amount: roubles(r.unit_price + r.unit_fee),
    },
  };
}

async function insertReport(tx: Queryable, kind: RegistryReportKind, ticketId: number, payload: unknown, at: Date) {
  await tx.query(
    `insert into registry_reports (kind, ticket_id, payload, next_attempt_at, created_at) values ($1, $2, $3, $4, $4)
     on conflict (ticket_id, kind) do nothing`,
    [kind, ticketId, JSON.stringify(payload), at],
  );
}

/** Queues a visit, in the admission's transaction, for a ticket that was reported as sold. */
export async function enqueueVisitReport(tx: Queryable, ticketId: number, visitedAt: Date, at: Date): Promise<void> {
  await tx.query(
    `insert into registry_reports (kind, ticket_id, payload, next_attempt_at, created_at)
     select 'visit', $1, $2, $3, $3 where exists (select 1 from registry_reports where ticket_id = $1 and kind = 'ticket')
     on conflict (ticket_id, kind) do nothing`,
    [ticketId, JSON.stringify({ visit_date: unix(visitedAt) }), at],
  );
}

/** Queues refunds, in the return's transaction, for those of the tickets that were reported as sold. */
export async function enqueueRefundReports(tx: Queryable, ticketIds: readonly number[], reason: string, at: Date): Promise<void> {
  await tx.query(
    `insert into registry_reports (kind, ticket_id, payload, next_attempt_at, created_at)
     select 'refund', r.ticket_id,
            jsonb_build_object('refund_date', $2::bigint, 'refund_reason', $3::text, 'refund_ticket_price', r.payload -> 'payment' ->> 'ticket_price'),
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
  /** The registry's id of the ticket (visit and refund reports are only claimed once it is known). */
  registry_ticket_id: string | null;
};

/**
 * Claims up to `limit` due reports for one sender: each claimed report's next attempt moves to
 * `leaseUntil`, so another instance does not send it meanwhile (SKIP LOCKED: instances never wait
 * for each other's claims). A visit or refund is due only once its ticket has the registry's id.
 */
export async function claimDueReports(q: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedReport[]> {
  const { rows } = await q.query<ClaimedReport>(
    `with due as (
       select r.id from registry_reports r
       where r.sent_at is null and r.next_attempt_at <= $1
         and (r.kind = 'ticket' or exists (select 1 from registry_reports t
                                          where t.ticket_id = r.ticket_id and t.kind = 'ticket' and t.registry_ticket_id is not null))
       order by r.next_attempt_at, r.id
       limit $3
       for update of r skip locked)
     update registry_reports r set attempts = r.attempts + 1, next_attempt_at = $2
     from due where r.id = due.id
     returning r.id, r.kind, r.ticket_id, r.payload, r.attempts,
       (select t.registry_ticket_id from registry_reports t where t.ticket_id = r.ticket_id and t.kind = 'ticket') as registry_ticket_id`,
    [now, leaseUntil, limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** The registry accepted a report; a ticket report keeps the registry's id. Guarded by the claim's attempt. */
export async function markReportSent(q: Queryable, id: number, attempts: number, at: Date, registryTicketId: string | null): Promise<void> {
  await q.query(
    `update registry_reports set sent_at = $3, last_error = null, registry_ticket_id = coalesce($4, registry_ticket_id)
     where id = $1 and attempts = $2 and sent_at is null`,
    [id, attempts, at, registryTicketId],
  );
}

/** A report failed: tried again at `retryAt`, the reason kept for staff. */
export async function markReportFailed(q: Queryable, id: number, attempts: number, retryAt: Date, error: string): Promise<void> {
  await q.query('update registry_reports set next_attempt_at = $3, last_error = $4 where id = $1 and attempts = $2 and sent_at is null', [
    id,
    attempts,
    retryAt,
    error.slice(0, 1000),
  ]);
}

export type FailingReportRow = {
  id: number;
  kind: RegistryReportKind;
  ticket_code: string | null;
  order_number: number;
  event_name: Record<string, string>;
  attempts: number;
  next_attempt_at: Date;
  last_error: string;
  created_at: Date;
};

/** Reports not yet accepted whose last attempt failed, oldest first. */
export async function findFailingReports(q: Queryable, limit: number): Promise<FailingReportRow[]> {
  const { rows } = await q.query<FailingReportRow>(
    `select r.id, r.kind, t.code as ticket_code, o.number as order_number, e.name as event_name,
            r.attempts, r.next_attempt_at, r.last_error, r.created_at
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

/** How many reports wait to be sent (failing or not). */
export async function countUnsentReports(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('select count(*)::int as n from registry_reports where sent_at is null');
  return rows[0]?.n ?? 0;
}
