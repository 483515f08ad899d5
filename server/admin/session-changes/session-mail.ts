import { type Lang, normalizeLang } from '../../../contract/common.ts';
import { formatPrice } from '../../../contract/format-price.ts';
import { toBcp47 } from '../../../contract/lang.ts';
import type { CurrencyCode } from '../../../contract/setup.ts';
import { serverText } from '../../locales/texts.ts';
import type { OutgoingMail } from '../../mail/outbox.repository.ts';
import { fullLocalized } from '../../order-view/dates.ts';
import type { ChangeSessionRow } from './session-changes.repository.ts';

/** A session as the session-change calls answer it. */
export function sessionView(s: ChangeSessionRow) {
  return {
    id: s.id,
    eventId: s.event_id,
    eventName: fullLocalized(s.event_name),
    startsAt: s.starts_at.toISOString(),
    hasTime: s.has_time,
    cancelled: s.is_cancelled,
    fullReturnUntil: s.full_return_until?.toISOString() ?? null,
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A session's start as a buyer reads it: in their language, in the venue's time zone. */
export function sessionWhen(at: Date, hasTime: boolean, lang: Lang, timeZone: string): string {
  return new Intl.DateTimeFormat(toBcp47(lang), {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(hasTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  }).format(at);
}

type SessionMailBase = {
  to: string;
  orderLang: string;
  orderId: number;
  orderNumber: number;
  eventName: Record<string, string>;
  startsAt: Date;
  hasTime: boolean;
  timeZone: string;
};

function paragraphsMail(base: SessionMailBase, subject: string, paragraphs: string[], dedupeKey: string, link?: string): OutgoingMail {
  const text = [...paragraphs.flatMap((p) => [p, '']), ...(link ? [link, ''] : [])].join('\n');
  const html = paragraphs.map((p) => `<p>${escape(p)}</p>`).join('') + (link ? `<p><a href="${escape(link)}">${escape(link)}</a></p>` : '');
  return { to: base.to, subject, text, html, dedupeKey, orderId: base.orderId };
}

/**
 * The e-mail a buyer gets when the venue cancels a session of their order, in the order's
 * language: the money refunded in full (or to collect at the desk for a desk sale), or, for an
 * unpaid order, that its reservation is released. Sent once per cancellation and order.
 */
export function sessionCancelMail(
  input: SessionMailBase & {
    cancellationId: number;
    kind: 'paid' | 'desk' | 'unpaid';
    count: number;
    amount: number;
    currency: CurrencyCode;
  },
): OutgoingMail {
  const lang = normalizeLang(input.orderLang);
  const event = fullLocalized(input.eventName)[lang];
  const date = sessionWhen(input.startsAt, input.hasTime, lang, input.timeZone);
  const amount = formatPrice(input.amount, input.currency, lang);
  const intro =
    input.kind === 'unpaid'
      ? serverText('sessionCancelMail', 'unpaid', lang, { event, date, number: input.orderNumber })
      : serverText('sessionCancelMail', input.kind, lang, { event, date, number: input.orderNumber, count: input.count, amount });
  const paragraphs = input.kind === 'paid' ? [intro, serverText('sessionCancelMail', 'timing', lang)] : [intro];
  return paragraphsMail(
    input,
    serverText('sessionCancelMail', 'subject', lang, { event, date }),
    paragraphs,
    `session-cancel:${input.cancellationId}:${input.orderId}`,
  );
}

/**
 * The e-mail of a moved session: the new date, the same tickets, and the right to a full return
 * until the deadline the venue set, with the link of the order's return page.
 */
export function sessionPostponeMail(
  input: SessionMailBase & { postponementId: number; oldStartsAt: Date; fullReturnUntil: Date; returnLink: string },
): OutgoingMail {
  const lang = normalizeLang(input.orderLang);
  const event = fullLocalized(input.eventName)[lang];
  const date = sessionWhen(input.startsAt, input.hasTime, lang, input.timeZone);
  const old = sessionWhen(input.oldStartsAt, input.hasTime, lang, input.timeZone);
  const until = sessionWhen(input.fullReturnUntil, true, lang, input.timeZone);
  return paragraphsMail(
    input,
    serverText('sessionPostponeMail', 'subject', lang, { event, date }),
    [
      serverText('sessionPostponeMail', 'intro', lang, { event, old, date, number: input.orderNumber }),
      serverText('sessionPostponeMail', 'rights', lang, { until }),
    ],
    `session-postpone:${input.postponementId}:${input.orderId}`,
    input.returnLink,
  );
}
