import type { Lang } from '../../contract/common.ts';
import { formatPrice } from '../../contract/format-price.ts';
import type { CurrencyCode } from '../../contract/setup.ts';
import { RETURN_LINK_HOURS } from '../../contract/returns.ts';
import { serverText } from '../locales/texts.ts';
import type { OutgoingMail } from '../mail/outbox.repository.ts';

/** The services and bonuses lines a request and a done e-mail share. */
function refundLines(
  lang: Lang,
  money: (minorUnits: number) => string,
  input: { services?: readonly { name: string; amount: number }[]; bonusesRestored?: number; bonusesRevoked?: number },
) {
  const services = (input.services ?? []).map((x) => `— ${x.name}: ${money(x.amount)}`);
  const restored = input.bonusesRestored ?? 0;
  const revoked = input.bonusesRevoked ?? 0;
  const bonuses = [
    ...(restored > 0 ? [serverText('returnMail', 'restored', lang, { bonuses: restored })] : []),
    ...(revoked > 0 ? [serverText('returnMail', 'revoked', lang, { bonuses: revoked })] : []),
  ];
  return { services: services.length > 0 ? [serverText('returnMail', 'services', lang), ...services] : [], bonuses };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What both return e-mails say: the order, how many tickets, the refund, the services and bonuses it moves. */
type ReturnMailInput = {
  to: string;
  lang: Lang;
  orderNumber: number;
  count: number;
  /** Minor units, in the setup's currency. */
  amount: number;
  currency: CurrencyCode;
  requestId: number;
  /** The services returned with the tickets, each with its refund in kopecks (part of amount). */
  services?: readonly { name: string; amount: number }[];
  bonusesRestored?: number;
  bonusesRevoked?: number;
};

/** The e-mail with the confirmation link of a return request (the first step of a return). */
export function returnLinkMail(input: ReturnMailInput & { link: string; orderId?: number }): OutgoingMail {
  const { lang } = input;
  const money = (minorUnits: number) => formatPrice(minorUnits, input.currency, lang);
  const intro = serverText('returnMail', 'intro', lang, { number: input.orderNumber, count: input.count, amount: money(input.amount) });
  const { services, bonuses } = refundLines(lang, money, input);
  const paragraphs = [services, bonuses].filter((block) => block.length > 0);
  const action = serverText('returnMail', 'action', lang, { count: RETURN_LINK_HOURS });
  const ignore = serverText('returnMail', 'ignore', lang);
  return {
    to: input.to,
    subject: serverText('returnMail', 'subject', lang, { number: input.orderNumber }),
    text: [intro, ...paragraphs.flatMap((block) => ['', ...block]), '', action, input.link, '', ignore, ''].join('\n'),
    html:
      `<p>${escape(intro)}</p>` +
      paragraphs.map((block) => `<p>${block.map(escape).join('<br>')}</p>`).join('') +
      `<p>${escape(action)}<br><a href="${escape(input.link)}">${escape(input.link)}</a></p><p>${escape(ignore)}</p>`,
    dedupeKey: `return-request:${input.requestId}`,
    ...(input.orderId === undefined ? {} : { orderId: input.orderId }),
  };
}

/**
 * The e-mail of a return made by staff: there is nothing for the visitor to confirm, so it says
 * what was returned and refunded, with the same services and bonuses lines as the request e-mail.
 */
export function returnDoneMail(input: ReturnMailInput & { orderId: number }): OutgoingMail {
  const { lang } = input;
  const money = (minorUnits: number) => formatPrice(minorUnits, input.currency, lang);
  const intro = serverText('returnDoneMail', 'intro', lang, { number: input.orderNumber, count: input.count, amount: money(input.amount) });
  const { services, bonuses } = refundLines(lang, money, input);
  const paragraphs = [services, bonuses, [serverText('returnDoneMail', 'timing', lang)]].filter((block) => block.length > 0);
  return {
    to: input.to,
    subject: serverText('returnDoneMail', 'subject', lang, { number: input.orderNumber }),
    text: [intro, ...paragraphs.flatMap((block) => ['', ...block]), ''].join('\n'),
    html: `<p>${escape(intro)}</p>` + paragraphs.map((block) => `<p>${block.map(escape).join('<br>')}</p>`).join(''),
    dedupeKey: `return-done:${input.requestId}`,
    orderId: input.orderId,
  };
}
