import { type Lang, normalizeLang } from '../../contract/common.ts';
import { formatPrice } from '../../contract/format-price.ts';
import { orderViewPath, ticketPath } from '../../contract/order-path.ts';
import type { CurrencyCode } from '../../contract/setup.ts';
import type { Queryable } from '../db/client.ts';
import { settleLoyalty } from '../loyalty/discounts.service.ts';
import { type OutgoingMail, enqueueMail } from '../mail/outbox.repository.ts';
import { enqueueTicketReports } from '../registry/registry.repository.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { serverText } from '../locales/texts.ts';
import { fullLocalized, sessionDayTime } from '../order-view/dates.ts';
import { issueTicketCodes } from './ticket-codes.ts';
import { findAdmittingTicketHashes } from './tickets.repository.ts';
import { TICKET_VALID } from '../orders/order-status-sql.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type MailSetup = {
  /** Integration mode (setup is_integration): the order link takes the older path shape. */
  integration: boolean;
  currency: CurrencyCode;
  /** The venue's time zone, in which the e-mail gives each session's date and time. */
  timeZone: string;
};

/**
 * What the order is for: each session's event with its date and time (the date alone for a
 * whole-day ticket), of the tickets that still admit (not those an exchange replaced).
 */
async function orderSessions(tx: Queryable, orderId: number, lang: Lang, timeZone: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: Record<string, string>; starts_at: Date; has_time: boolean }>(
    `select distinct e.name, s.starts_at, s.has_time, s.id
     from order_lines l join sessions s on s.id = l.session_id join events e on e.id = s.event_id
     where l.order_id = $1
       and exists (select 1 from tickets t where t.order_line_id = l.id and t.status in (${TICKET_VALID}))
     order by s.starts_at, s.id`,
    [orderId],
  );
  return rows.map((r) => {
    const { day, time } = sessionDayTime(r.starts_at, r.has_time, timeZone);
    return `${fullLocalized(r.name)[lang]}, ${r.has_time ? `${day} ${time}` : day}`;
  });
}

/**
 * Everything that follows a payment, inside the transaction that marks the order paid: unique
 * ticket codes, the Pushkin-card registry's reports of a Pushkin-card order, loyalty bonuses, and the e-mail with the order and ticket links (through the
 * outbox, so it is sent exactly when the payment is committed).
 */
export async function completePaidOrder(tx: Queryable, orderId: number, at: Date, publicUrl: string, setup: MailSetup): Promise<void> {
  await issueTicketCodes(tx, orderId);
  await enqueueTicketReports(tx, orderId, at);
  await settleLoyalty(tx, orderId, at);
  const mail = await paidOrderMail(tx, orderId, publicUrl, setup);
  if (mail) await enqueueMail(tx, { ...mail, dedupeKey: `order-paid:${orderId}` }, at);
}

/**
 * The tickets e-mail of a paid order (its order and ticket links), as sent on payment and sent
 * again by the back office; undefined when the order has no e-mail address.
 */
export async function paidOrderMail(
  tx: Queryable,
  orderId: number,
  publicUrl: string,
  setup: MailSetup,
): Promise<OutgoingMail | undefined> {
  const order = await findOrderById(tx, orderId);
  if (!order || !order.email) return undefined;
  // Returned tickets lost their code and page; the e-mail lists the tickets that still admit.
  const tickets = await findAdmittingTicketHashes(tx, orderId);
  const lang = normalizeLang(order.lang);
  const number = { number: order.number };
  const intro = serverText('paidMail', 'intro', lang, number);
  const sessions = await orderSessions(tx, orderId, lang, setup.timeZone);
  const [orderLabel, totalLabel, ticketsLabel, calendarLabel] = [
    serverText('paidMail', 'order', lang),
    serverText('paidMail', 'total', lang),
    serverText('paidMail', 'tickets', lang),
    serverText('paidMail', 'calendar', lang),
  ];
  const base = publicUrl.replace(/\/$/, '');
  const orderUrl = `${base}${orderViewPath(order.hash, lang, setup.integration)}`;
  const ticketUrls = tickets.map((hash) => `${base}${ticketPath(hash, lang)}`);
  const calendarUrl = `${base}/api/order/${encodeURIComponent(order.hash)}/calendar.ics?lang=${lang}`;
  const total = formatPrice(order.total, setup.currency, lang);
  const attached = serverText('ticket', 'mailAttached', lang);
  const text = [
    intro,
    ...sessions,
    '',
    `${orderLabel}: ${orderUrl}`,
    `${totalLabel}: ${total}`,
    '',
    `${ticketsLabel}:`,
    ...ticketUrls.map((u) => `  ${u}`),
    '',
    `${calendarLabel}: ${calendarUrl}`,
    '',
    attached,
    '',
  ].join('\n');
  const html = `<p>${escape(intro)}</p>${sessions.map((line) => `<p><strong>${escape(line)}</strong></p>`).join('')}<p>${escape(orderLabel)}: <a href="${escape(orderUrl)}">${escape(orderUrl)}</a><br>${escape(totalLabel)}: ${escape(total)}</p>
<p>${escape(ticketsLabel)}:</p><ul>${ticketUrls.map((u) => `<li><a href="${escape(u)}">${escape(u)}</a></li>`).join('')}</ul><p><a href="${escape(calendarUrl)}">${escape(calendarLabel)}</a></p><p>${escape(attached)}</p>`;
  return {
    to: order.email,
    subject: serverText('paidMail', 'subject', lang, number),
    text,
    html,
    orderId,
    attachTickets: tickets.length > 0,
  };
}
