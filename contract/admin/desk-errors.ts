import type { Lang } from '../lang.ts';

/**
 * Error codes of the orders desk, refunds and reports (the back office's block -2100..-2199).
 * Zod-free, so the admin pages map them to their texts without loading zod.
 */
export const DeskErrorCode = {
  orderNotCancelable: '-2100',
  orderNotPaid: '-2101',
  noEmail: '-2102',
  reportRange: '-2103',
} as const;
export type DeskErrorCodeValue = (typeof DeskErrorCode)[keyof typeof DeskErrorCode];

export const deskErrorTexts: Record<DeskErrorCodeValue, Record<Lang, string>> = {
  '-2100': {
    ru: 'Отменить можно только неоплаченный заказ. Оплаченный заказ возвращается.',
    en: 'Only an unpaid order can be cancelled. A paid order is refunded instead.',
    kz: 'Тек төленбеген тапсырысты болдырмауға болады. Төленген тапсырыс қайтарылады.',
    ch: '只能取消未支付的订单。已支付的订单请办理退款。',
  },
  '-2101': {
    ru: 'Заказ не оплачен: отправить билеты или вернуть деньги нельзя.',
    en: 'The order is not paid: its tickets cannot be sent or refunded.',
    kz: 'Тапсырыс төленбеген: билеттерді жіберу немесе ақшаны қайтару мүмкін емес.',
    ch: '订单未支付：无法发送门票或退款。',
  },
  '-2102': {
    ru: 'В заказе нет адреса электронной почты. Укажите адрес для отправки.',
    en: 'The order has no e-mail address. Enter an address to send to.',
    kz: 'Тапсырыста электрондық пошта жоқ. Жіберу үшін мекенжайды көрсетіңіз.',
    ch: '订单中没有电子邮箱。请填写发送地址。',
  },
  '-2103': {
    ru: 'Период отчёта: дата начала не позже даты окончания, не больше 366 дней.',
    en: 'Report period: the start no later than the end, at most 366 days.',
    kz: 'Есеп кезеңі: басталу күні аяқталу күнінен кеш емес, 366 күннен аспайды.',
    ch: '报表期间：开始日期不晚于结束日期，最长 366 天。',
  },
};

export function isDeskErrorCode(code: string): code is DeskErrorCodeValue {
  return Object.hasOwn(deskErrorTexts, code);
}
