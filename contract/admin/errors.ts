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
};

export function isAdminErrorCode(code: string): code is AdminErrorCodeValue {
  return Object.hasOwn(adminErrorTexts, code);
}

/** The text of an admin error code in the staff member's language; `%t` takes `time` (a lock's end). */
export function adminErrorText(code: AdminErrorCodeValue, lang: Lang, time = ''): string {
  return adminErrorTexts[code][lang].replace('%t', time);
}
