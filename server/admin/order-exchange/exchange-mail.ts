import { normalizeLang } from '../../../contract/common.ts';
import { formatPrice } from '../../../contract/format-price.ts';
import type { StoredSetup } from '../../../contract/setup.ts';
import type { Queryable } from '../../db/client.ts';
import { serverText } from '../../locales/texts.ts';
import type { OutgoingMail } from '../../mail/outbox.repository.ts';
import { fullLocalized } from '../../order-view/dates.ts';
import { paidOrderMail } from '../../tickets/order-paid.ts';
import { sessionWhen } from '../session-changes/session-mail.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type ExchangeMailContext = {
  publicUrl: string;
  setup: StoredSetup;
  timeZone: string;
};

type Target = { eventName: Record<string, string>; startsAt: Date; hasTime: boolean };

/**
 * The e-mail of a finished exchange, in the order's language: what the tickets were exchanged
 * for, the refund of a lower price's difference, that the old tickets no longer admit, then the
 * order's tickets e-mail itself (the links and PDF of the tickets that admit now).
 */
export async function exchangeDoneMail(
  tx: Queryable,
  ctx: ExchangeMailContext,
  x: { orderId: number; orderLang: string; exchangeId: number; count: number; refund: number; target: Target },
): Promise<OutgoingMail | undefined> {
  const tickets = await paidOrderMail(tx, x.orderId, ctx.publicUrl, {
    integration: ctx.setup.is_integration === 1,
    currency: ctx.setup.app.currency,
    timeZone: ctx.timeZone,
  });
  if (!tickets) return undefined;
  const lang = normalizeLang(x.orderLang);
  const event = fullLocalized(x.target.eventName)[lang];
  const date = sessionWhen(x.target.startsAt, x.target.hasTime, lang, ctx.timeZone);
  const paragraphs = [serverText('exchangeMail', 'done', lang, { event, date, count: x.count })];
  if (x.refund > 0)
    paragraphs.push(serverText('exchangeMail', 'refund', lang, { amount: formatPrice(x.refund, ctx.setup.app.currency, lang) }));
  return {
    ...tickets,
    subject: serverText('exchangeMail', 'subject', lang, { event, date }),
    text: `${paragraphs.join('\n\n')}\n\n${tickets.text}`,
    html: `${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}${tickets.html ?? ''}`,
    dedupeKey: `order-exchange:${x.exchangeId}`,
  };
}

/**
 * The e-mail asking the buyer to pay a higher price's difference, in the order's language: the
 * link that starts the payment, the deadline, and that the current tickets admit until then.
 */
export function exchangePayMail(
  ctx: ExchangeMailContext,
  x: {
    to: string;
    orderId: number;
    orderNumber: number;
    orderLang: string;
    exchangeId: number;
    amount: number;
    payUntil: Date;
    link: string;
    target: Target;
  },
): OutgoingMail {
  const lang = normalizeLang(x.orderLang);
  const event = fullLocalized(x.target.eventName)[lang];
  const date = sessionWhen(x.target.startsAt, x.target.hasTime, lang, ctx.timeZone);
  const until = sessionWhen(x.payUntil, true, lang, ctx.timeZone);
  const amount = formatPrice(x.amount, ctx.setup.app.currency, lang);
  const paragraphs = [
    serverText('exchangeMail', 'pay', lang, { event, date, number: x.orderNumber, amount, until }),
    serverText('exchangeMail', 'payKeep', lang),
  ];
  const text = [...paragraphs, x.link, ''].join('\n\n');
  const html = `${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}<p><a href="${escape(x.link)}">${escape(x.link)}</a></p>`;
  return {
    to: x.to,
    subject: serverText('exchangeMail', 'paySubject', lang, { number: x.orderNumber }),
    text,
    html,
    dedupeKey: `order-exchange-pay:${x.exchangeId}`,
    orderId: x.orderId,
  };
}
