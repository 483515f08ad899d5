import type { Lang } from '../lang.ts';

/**
 * Error codes of the back office's API, answered in the storefront's shape
 * `{ errorCode, errorText, fields? }` so the web's API client and field-error mapping serve both
 * apps. Codes -2000..-2099: staff accounts, sessions and the guard; -2100..-2199: the orders
 * desk, staff refunds and reports.
 */
export const AdminErrorCode = {
  // --- staff accounts, sessions, guard (-2000..-2099) ---
  /** Unknown e-mail, wrong password or a disabled account: one answer, so none can be told apart. */
  invalidCredentials: '-2000',
  /** No session, or it has expired or been signed out. */
  signInRequired: '-2001',
  /** Signed in, but the role does not allow this call. */
  forbidden: '-2002',
  /** Too many failed sign-ins: the account is locked until `lockedUntil`. */
  accountLocked: '-2003',
  /** The account has one-time codes turned on and the sign-in came without one. */
  totpRequired: '-2004',
  /** The one-time code is wrong or expired. */
  totpInvalid: '-2005',
  // --- orders desk, staff refunds, reports (-2100..-2199) ---
  /** Only an unpaid order can be cancelled; a paid one is refunded. */
  orderNotCancelable: '-2100',
  /** Tickets are sent and refunded only for a paid order. */
  orderNotPaid: '-2101',
  /** The tickets e-mail has nowhere to go: the order has no address and none was given. */
  noEmail: '-2102',
  /** A report's period ends before it starts or is longer than REPORT_MAX_DAYS. */
  reportRange: '-2103',
} as const;
export type AdminErrorCodeValue = (typeof AdminErrorCode)[keyof typeof AdminErrorCode];

type Texts = Record<Lang, string>;

export const adminErrorTexts: Record<AdminErrorCodeValue, Texts> = {
  '-2000': {
    ru: 'Неверный e-mail или пароль.',
    en: 'Wrong e-mail or password.',
    kz: 'E-mail немесе құпиясөз қате.',
    ch: '电子邮件或密码错误。',
  },
  '-2001': {
    ru: 'Войдите в систему, чтобы продолжить.',
    en: 'Please sign in to continue.',
    kz: 'Жалғастыру үшін жүйеге кіріңіз.',
    ch: '请登录后继续。',
  },
  '-2002': {
    ru: 'Недостаточно прав для этого действия.',
    en: 'Your role does not allow this action.',
    kz: 'Бұл әрекетке құқығыңыз жеткіліксіз.',
    ch: '您的角色无权执行此操作。',
  },
  '-2003': {
    ru: 'Слишком много неудачных попыток входа. Учётная запись заблокирована до %t.',
    en: 'Too many failed sign-in attempts. The account is locked until %t.',
    kz: 'Кіру әрекеттері тым көп сәтсіз болды. Есептік жазба %t дейін бұғатталды.',
    ch: '登录失败次数过多。账户已锁定至 %t。',
  },
  '-2004': {
    ru: 'Введите одноразовый код из приложения-аутентификатора.',
    en: 'Enter the one-time code from your authenticator app.',
    kz: 'Аутентификатор қолданбасындағы бір реттік кодты енгізіңіз.',
    ch: '请输入身份验证器应用中的一次性验证码。',
  },
  '-2005': {
    ru: 'Неверный одноразовый код.',
    en: 'Wrong one-time code.',
    kz: 'Бір реттік код қате.',
    ch: '一次性验证码错误。',
  },
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

export function isAdminErrorCode(code: string): code is AdminErrorCodeValue {
  return Object.hasOwn(adminErrorTexts, code);
}

/** The text of an admin error code in the staff member's language; `%t` takes `time` (a lock's end). */
export function adminErrorText(code: AdminErrorCodeValue, lang: Lang, time = ''): string {
  return adminErrorTexts[code][lang].replace('%t', time);
}
