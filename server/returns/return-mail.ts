import type { Lang } from '../../contract/common.ts';
import { formatPrice } from '../../contract/format-price.ts';
import type { CurrencyCode } from '../../contract/setup.ts';
import { RETURN_LINK_HOURS } from '../../contract/returns.ts';
import type { OutgoingMail } from '../mail/outbox.repository.ts';

type MailText = {
  subject: (n: number) => string;
  intro: (n: number, count: number, amount: string) => string;
  action: string;
  ignore: string;
  services: string;
  restored: (n: number) => string;
  revoked: (n: number) => string;
};

const texts: Record<Lang, MailText> = {
  ru: {
    subject: (n) => `Подтвердите возврат по заказу № ${n}`,
    intro: (n, count, amount) => `Вы оформили заявление на возврат билетов по заказу № ${n}: билетов — ${count}, сумма к возврату — ${amount}.`,
    action: `Чтобы подтвердить возврат, перейдите по ссылке. Ссылка действует ${RETURN_LINK_HOURS} часа:`,
    ignore: 'Если вы не оформляли заявление, не переходите по ссылке: билеты останутся действительными.',
    services: 'Вместе с билетами возвращаются услуги:',
    restored: (n) => `На карту лояльности вернётся бонусов, которыми был оплачен заказ: ${n}.`,
    revoked: (n) => `Бонусы, начисленные за возвращаемую часть заказа, будут списаны: ${n} (не больше, чем осталось на карте).`,
  },
  en: {
    subject: (n) => `Confirm the return for order No. ${n}`,
    intro: (n, count, amount) => `You asked to return tickets of order No. ${n}: ${count} ${count === 1 ? 'ticket' : 'tickets'}, refund ${amount}.`,
    action: `To confirm the return, open the link. It is valid for ${RETURN_LINK_HOURS} hours:`,
    ignore: 'If you did not ask for a return, do not open the link: your tickets stay valid.',
    services: 'These services are returned with the tickets:',
    restored: (n) => `Bonuses the order was paid with that go back to your loyalty card: ${n}.`,
    revoked: (n) => `Bonuses accrued for the returned part that will be taken back: ${n} (no more than the card holds).`,
  },
  kz: {
    subject: (n) => `№ ${n} тапсырыс бойынша қайтаруды растаңыз`,
    intro: (n, count, amount) => `Сіз № ${n} тапсырыс бойынша билеттерді қайтаруға өтініш бердіңіз: билеттер — ${count}, қайтарылатын сома — ${amount}.`,
    action: `Қайтаруды растау үшін сілтемеге өтіңіз. Сілтеме ${RETURN_LINK_HOURS} сағат жарамды:`,
    ignore: 'Егер сіз өтініш бермесеңіз, сілтемеге өтпеңіз: билеттер жарамды болып қалады.',
    services: 'Билеттермен бірге қызметтер қайтарылады:',
    restored: (n) => `Тапсырыс төленген бонустар адалдық картасына қайтарылады: ${n}.`,
    revoked: (n) => `Қайтарылатын бөлік үшін есептелген бонустар шегеріледі: ${n} (картада қалғаннан артық емес).`,
  },
  ch: {
    subject: (n) => `请确认订单 ${n} 的退票`,
    intro: (n, count, amount) => `您已提交订单 ${n} 的退票申请：${count} 张门票，退款金额 ${amount}。`,
    action: `请在 ${RETURN_LINK_HOURS} 小时内打开以下链接确认退票：`,
    ignore: '如果您没有提交申请，请勿打开链接，您的门票仍然有效。',
    services: '随门票一同退回的服务：',
    restored: (n) => `用于支付订单的积分将退回会员卡：${n}。`,
    revoked: (n) => `为退回部分累积的积分将被扣除：${n}（不超过卡内余额）。`,
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail with the confirmation link of a return request (the first step of a return). */
export function returnLinkMail(input: {
  to: string;
  lang: Lang;
  orderNumber: number;
  count: number;
  /** Minor units, in the setup's currency. */
  amount: number;
  currency: CurrencyCode;
  link: string;
  requestId: number;
  orderId?: number;
  /** The services returned with the tickets, each with its refund in kopecks (part of amount). */
  services?: readonly { name: string; amount: number }[];
  bonusesRestored?: number;
  bonusesRevoked?: number;
}): OutgoingMail {
  const t = texts[input.lang];
  const money = (minorUnits: number) => formatPrice(minorUnits, input.currency, input.lang);
  const intro = t.intro(input.orderNumber, input.count, money(input.amount));
  const services = (input.services ?? []).map((x) => `— ${x.name}: ${money(x.amount)}`);
  const bonuses = [
    ...((input.bonusesRestored ?? 0) > 0 ? [t.restored(input.bonusesRestored ?? 0)] : []),
    ...((input.bonusesRevoked ?? 0) > 0 ? [t.revoked(input.bonusesRevoked ?? 0)] : []),
  ];
  const servicesBlock = services.length > 0 ? [t.services, ...services] : [];
  const paragraphs = [servicesBlock, bonuses].filter((block) => block.length > 0);
  return {
    to: input.to,
    subject: t.subject(input.orderNumber),
    text: [intro, ...paragraphs.flatMap((block) => ['', ...block]), '', t.action, input.link, '', t.ignore, ''].join('\n'),
    html:
      `<p>${escape(intro)}</p>` +
      paragraphs.map((block) => `<p>${block.map(escape).join('<br>')}</p>`).join('') +
      `<p>${escape(t.action)}<br><a href="${escape(input.link)}">${escape(input.link)}</a></p><p>${escape(t.ignore)}</p>`,
    dedupeKey: `return-request:${input.requestId}`,
    ...(input.orderId === undefined ? {} : { orderId: input.orderId }),
  };
}

const doneTexts: Record<Lang, { subject: (n: number) => string; intro: (n: number, count: number, amount: string) => string; timing: string }> = {
  ru: {
    subject: (n) => `Возврат по заказу № ${n} оформлен`,
    intro: (n, count, amount) => `Касса оформила возврат билетов по заказу № ${n}: билетов — ${count}, сумма к возврату — ${amount}.`,
    timing: 'Деньги вернутся на карту, которой был оплачен заказ; срок зачисления зависит от банка. Возвращённые билеты недействительны.',
  },
  en: {
    subject: (n) => `Return for order No. ${n} is made`,
    intro: (n, count, amount) => `The box office returned tickets of order No. ${n}: ${count} ${count === 1 ? 'ticket' : 'tickets'}, refund ${amount}.`,
    timing: 'The money goes back to the card the order was paid with; when it arrives depends on your bank. Returned tickets are no longer valid.',
  },
  kz: {
    subject: (n) => `№ ${n} тапсырыс бойынша қайтару рәсімделді`,
    intro: (n, count, amount) => `Касса № ${n} тапсырыс бойынша билеттерді қайтарды: билеттер — ${count}, қайтарылатын сома — ${amount}.`,
    timing: 'Ақша тапсырыс төленген картаға қайтарылады; түсу мерзімі банкке байланысты. Қайтарылған билеттер жарамсыз.',
  },
  ch: {
    subject: (n) => `订单 ${n} 的退票已办理`,
    intro: (n, count, amount) => `售票处已为订单 ${n} 办理退票：门票 ${count} 张，退款金额 ${amount}。`,
    timing: '款项将退回支付订单所用的银行卡，到账时间取决于银行。已退的门票不再有效。',
  },
};

/**
 * The e-mail of a return made by staff: there is nothing for the visitor to confirm, so it says
 * what was returned and refunded, with the same services and bonuses lines as the request e-mail.
 */
export function returnDoneMail(input: {
  to: string;
  lang: Lang;
  orderId: number;
  orderNumber: number;
  count: number;
  amount: number;
  currency: CurrencyCode;
  requestId: number;
  services?: readonly { name: string; amount: number }[];
  bonusesRestored?: number;
  bonusesRevoked?: number;
}): OutgoingMail {
  const t = texts[input.lang];
  const d = doneTexts[input.lang];
  const money = (minorUnits: number) => formatPrice(minorUnits, input.currency, input.lang);
  const intro = d.intro(input.orderNumber, input.count, money(input.amount));
  const services = (input.services ?? []).map((x) => `— ${x.name}: ${money(x.amount)}`);
  const bonuses = [
    ...((input.bonusesRestored ?? 0) > 0 ? [t.restored(input.bonusesRestored ?? 0)] : []),
    ...((input.bonusesRevoked ?? 0) > 0 ? [t.revoked(input.bonusesRevoked ?? 0)] : []),
  ];
  const paragraphs = [services.length > 0 ? [t.services, ...services] : [], bonuses, [d.timing]].filter((block) => block.length > 0);
  return {
    to: input.to,
    subject: d.subject(input.orderNumber),
    text: [intro, ...paragraphs.flatMap((block) => ['', ...block]), ''].join('\n'),
    html: `<p>${escape(intro)}</p>` + paragraphs.map((block) => `<p>${block.map(escape).join('<br>')}</p>`).join(''),
    dedupeKey: `return-done:${input.requestId}`,
    orderId: input.orderId,
  };
}
