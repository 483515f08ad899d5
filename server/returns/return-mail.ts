import type { Lang } from '../../contract/common.ts';
import { RETURN_LINK_HOURS } from '../../contract/returns.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { toRoubles } from '../orders/pricing.ts';

type MailText = {
  subject: (n: number) => string;
  intro: (n: number, count: number, amount: string) => string;
  action: string;
  ignore: string;
};

const texts: Record<Lang, MailText> = {
  ru: {
    subject: (n) => `Подтвердите возврат по заказу № ${n}`,
    intro: (n, count, amount) => `Вы оформили заявление на возврат билетов по заказу № ${n}: билетов — ${count}, сумма к возврату — ${amount}.`,
    action: `Чтобы подтвердить возврат, перейдите по ссылке. Ссылка действует ${RETURN_LINK_HOURS} часа:`,
    ignore: 'Если вы не оформляли заявление, не переходите по ссылке: билеты останутся действительными.',
  },
  en: {
    subject: (n) => `Confirm the return for order No. ${n}`,
    intro: (n, count, amount) => `You asked to return tickets of order No. ${n}: ${count} ticket(s), refund ${amount}.`,
    action: `To confirm the return, open the link. It is valid for ${RETURN_LINK_HOURS} hours:`,
    ignore: 'If you did not ask for a return, do not open the link: your tickets stay valid.',
  },
  kz: {
    subject: (n) => `№ ${n} тапсырыс бойынша қайтаруды растаңыз`,
    intro: (n, count, amount) => `Сіз № ${n} тапсырыс бойынша билеттерді қайтаруға өтініш бердіңіз: билеттер — ${count}, қайтарылатын сома — ${amount}.`,
    action: `Қайтаруды растау үшін сілтемеге өтіңіз. Сілтеме ${RETURN_LINK_HOURS} сағат жарамды:`,
    ignore: 'Егер сіз өтініш бермесеңіз, сілтемеге өтпеңіз: билеттер жарамды болып қалады.',
  },
  ch: {
    subject: (n) => `请确认订单 ${n} 的退票`,
    intro: (n, count, amount) => `您已提交订单 ${n} 的退票申请：${count} 张门票，退款金额 ${amount}。`,
    action: `请在 ${RETURN_LINK_HOURS} 小时内打开以下链接确认退票：`,
    ignore: '如果您没有提交申请，请勿打开链接，您的门票仍然有效。',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail with the confirmation link of a return request (spec section 4 'Return', step 1). */
export function returnLinkMail(input: { to: string; lang: Lang; orderNumber: number; count: number; amount: number; link: string; requestId: number }): OutgoingMail {
  const t = texts[input.lang];
  const amount = `${toRoubles(input.amount).toFixed(2)} ₽`;
  const intro = t.intro(input.orderNumber, input.count, amount);
  return {
    to: input.to,
    subject: t.subject(input.orderNumber),
    text: [intro, '', t.action, input.link, '', t.ignore, ''].join('\n'),
    html: `<p>${escape(intro)}</p><p>${escape(t.action)}<br><a href="${escape(input.link)}">${escape(input.link)}</a></p><p>${escape(t.ignore)}</p>`,
    dedupeKey: `return-request:${input.requestId}`,
  };
}
