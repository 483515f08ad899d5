import { type Lang, normalizeLang } from '../../contract/lang.ts';
import { serverText } from '../locales/texts.ts';
import type { OutgoingMail } from '../mail/outbox.repository.ts';
import { fullLocalized } from '../order-view/dates.ts';
import { sessionWhen } from '../admin/session-changes/session-mail.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type SessionOf = { eventName: Record<string, string>; startsAt: Date; hasTime: boolean; timeZone: string };

function mail(to: string, subject: string, paragraphs: { text: string; link?: string }[], extra: Partial<OutgoingMail>): OutgoingMail {
  const text = paragraphs.flatMap((p) => [p.text, ...(p.link ? [p.link] : []), '']).join('\n');
  const html = paragraphs
    .map((p) => `<p>${escape(p.text)}${p.link ? `<br><a href="${escape(p.link)}">${escape(p.link)}</a>` : ''}</p>`)
    .join('');
  return { to, subject, text, html, ...extra };
}

function words(session: SessionOf, lang: Lang) {
  return { event: fullLocalized(session.eventName)[lang], date: sessionWhen(session.startsAt, session.hasTime, lang, session.timeZone) };
}

/** The confirmation of a sign-up: the place in line and the unsubscribe link. Once per entry. */
export function joinedMail(input: {
  entryId: number;
  to: string;
  lang: string;
  places: number;
  position: number;
  session: SessionOf;
  unsubscribeUrl: string;
}): OutgoingMail {
  const lang = normalizeLang(input.lang);
  const w = words(input.session, lang);
  return mail(
    input.to,
    serverText('waitlistMail', 'joinedSubject', lang, w),
    [
      { text: serverText('waitlistMail', 'joined', lang, { ...w, places: input.places, position: input.position }) },
      { text: serverText('waitlistMail', 'unsubscribe', lang), link: input.unsubscribeUrl },
    ],
    { dedupeKey: `waitlist-joined:${input.entryId}` },
  );
}

/** The offer: the order held for the visitor until `until`, the link to pay it, and the unsubscribe link. Once per offer. */
export function offerMail(input: {
  entryId: number;
  to: string;
  lang: string;
  places: number;
  orderId: number;
  orderNumber: number;
  until: Date;
  session: SessionOf;
  payUrl: string;
  unsubscribeUrl: string;
}): OutgoingMail {
  const lang = normalizeLang(input.lang);
  const w = words(input.session, lang);
  const until = sessionWhen(input.until, true, lang, input.session.timeZone);
  return mail(
    input.to,
    serverText('waitlistMail', 'offerSubject', lang, w),
    [
      {
        text: serverText('waitlistMail', 'offer', lang, { ...w, number: input.orderNumber, places: input.places, until }),
        link: input.payUrl,
      },
      { text: serverText('waitlistMail', 'unsubscribe', lang), link: input.unsubscribeUrl },
    ],
    { dedupeKey: `waitlist-offer:${input.entryId}:${input.orderId}`, orderId: input.orderId },
  );
}
