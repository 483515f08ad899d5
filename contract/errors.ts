import type { Lang } from './lang.ts';

/** Error codes; '0' means success. */
export const ErrorCode = {
  ok: '0',
  invalidCsrf: '-1000',
  invalidRecaptcha: '-1001',
  validation: '-1002',
  notFound: '-1004',
  placesGone: '-1010',
  seatUnavailable: '-1011',
  reserveExpired: '-1012',
  orderCanceled: '-1013',
  returnNotAllowed: '-1020',
  returnExpired: '-1021',
  returnLinkInvalid: '-1022',
  ticketsNotReturnable: '-1023',
  /** A ticket admitted at the door is used: the visitor cannot return it (staff can, with a reason). */
  ticketUsed: '-1024',
  tooManyRequests: '-1029',
  inner: '-9999',
  limit: '-9998',
  payment: '-9997',
  unknownBank: '-9996',
  noBank: '-9995',
  /** Door check-in (-2200..-2219): neither a staff session nor a live device key came with the scan. */
  checkinSignInRequired: '-2200',
  /** A staff session whose role may not admit visitors. */
  checkinForbidden: '-2201',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

type Texts = Record<Lang, string>;

/**
 * Server-side error texts in the visitor's language. The web app has its own catalogs for
 * what it shows, but every answer carries a readable errorText too, so a client written against
 * the spec alone can show it.
 */
export const errorTexts: Record<ErrorCodeValue, Texts> = {
  '0': { ru: '', en: '', kz: '', ch: '' },
  '-1000': {
    ru: 'Сессия устарела. Обновите страницу и попробуйте снова.',
    en: 'Your session has expired. Reload the page and try again.',
    kz: 'Сессия ескірді. Бетті жаңартып, қайталап көріңіз.',
    ch: '会话已过期。请刷新页面后重试。',
  },
  '-1001': {
    ru: 'Проверка reCAPTCHA не пройдена. Попробуйте ещё раз.',
    en: 'The reCAPTCHA check failed. Please try again.',
    kz: 'reCAPTCHA тексерісінен өтпеді. Қайталап көріңіз.',
    ch: 'reCAPTCHA 验证失败，请重试。',
  },
  '-1002': {
    ru: 'Проверьте правильность заполнения полей.',
    en: 'Please check the fields you filled in.',
    kz: 'Өрістердің дұрыс толтырылғанын тексеріңіз.',
    ch: '请检查您填写的字段。',
  },
  '-1004': {
    ru: 'Данные не найдены',
    en: 'Data not found',
    kz: 'Деректер табылмады',
    ch: '未找到数据',
  },
  '-1010': {
    ru: 'Свободных мест меньше, чем вы выбрали.',
    en: 'Fewer places are left than you chose.',
    kz: 'Бос орындар сіз таңдағаннан аз.',
    ch: '剩余座位少于您选择的数量。',
  },
  '-1011': { ru: 'Место недоступно', en: 'The seat is unavailable', kz: 'Орын қолжетімсіз', ch: '座位不可用' },
  '-1012': {
    ru: 'Время бронирования истекло. Оформите заказ заново.',
    en: 'The reservation time has expired. Please place the order again.',
    kz: 'Брондау уақыты аяқталды. Тапсырысты қайта рәсімдеңіз.',
    ch: '预订时间已过，请重新下单。',
  },
  '-1013': { ru: 'Заказ отменён.', en: 'The order has been canceled.', kz: 'Тапсырыс жойылды.', ch: '订单已取消。' },
  '-1020': {
    ru: 'Возврат по этому заказу невозможен.',
    en: 'This order cannot be returned.',
    kz: 'Бұл тапсырыс бойынша қайтару мүмкін емес.',
    ch: '此订单无法退票。',
  },
  '-1021': { ru: 'Время возврата истекло', en: 'The return time is over', kz: 'Қайтару уақыты өтті', ch: '退票时间已过' },
  '-1022': {
    ru: 'Ссылка подтверждения недействительна: она неверна, уже использована или истекла (ссылка действует 24 часа).',
    en: 'The confirmation link is not valid: it is wrong, already used or expired (a link is valid for 24 hours).',
    kz: 'Растау сілтемесі жарамсыз: ол қате, пайдаланылған немесе мерзімі өткен (сілтеме 24 сағат жарамды).',
    ch: '确认链接无效：链接错误、已使用或已过期（链接有效期为 24 小时）。',
  },
  '-1023': {
    ru: 'Выбранные билеты нельзя вернуть. Обновите страницу.',
    en: 'The chosen tickets cannot be returned. Please reload the page.',
    kz: 'Таңдалған билеттерді қайтаруға болмайды. Бетті жаңартыңыз.',
    ch: '所选门票无法退票。请刷新页面。',
  },
  '-1024': {
    ru: 'Билет уже использован: по нему прошли на мероприятие. Использованный билет вернуть нельзя.',
    en: 'The ticket has been used: it was admitted at the entrance. A used ticket cannot be returned.',
    kz: 'Билет пайдаланылған: онымен іс-шараға кірді. Пайдаланылған билетті қайтаруға болмайды.',
    ch: '门票已使用：已凭票入场。已使用的门票不能退票。',
  },
  '-1029': {
    ru: 'Слишком много запросов. Подождите немного и попробуйте снова.',
    en: 'Too many requests. Please wait a moment and try again.',
    kz: 'Сұраулар тым көп. Біраз күтіп, қайталап көріңіз.',
    ch: '请求过多，请稍后重试。',
  },
  '-9999': {
    ru: 'Неизвестная ошибка. Попробуйте позже.',
    en: 'Unknown error. Please try again later.',
    kz: 'Белгісіз қате. Кейінірек қайталап көріңіз.',
    ch: '未知错误，请稍后重试。',
  },
  '-9998': {
    ru: 'Достигнут лимит количества билетов в одном заказе!',
    en: 'The limit on the number of tickets in one order has been reached',
    kz: 'Бір тапсырыстағы билеттер санының шегіне жеттіңіз!',
    ch: '已达到单笔订单的票数上限！',
  },
  '-9997': {
    ru: 'Не удалось оплатить заказ.',
    en: 'Unable to pay for the order.',
    kz: 'Тапсырысты төлеу мүмкін болмады.',
    ch: '无法支付订单。',
  },
  '-9996': {
    ru: 'Выбран недопустимый способ оплаты. Код ошибки: %d',
    en: 'An invalid payment method was selected. Error code: %d',
    kz: 'Жарамсыз төлем әдісі таңдалды. Қате коды: %d',
    ch: '所选付款方式无效。错误代码：%d',
  },
  '-2200': {
    ru: 'Войдите как сотрудник или укажите действующий ключ устройства.',
    en: 'Sign in as staff or give a valid device key.',
    kz: 'Қызметкер ретінде кіріңіз немесе жарамды құрылғы кілтін көрсетіңіз.',
    ch: '请以员工身份登录或提供有效的设备密钥。',
  },
  '-2201': {
    ru: 'Ваша роль не позволяет проверять билеты.',
    en: 'Your role does not allow checking tickets.',
    kz: 'Рөліңіз билеттерді тексеруге мүмкіндік бермейді.',
    ch: '您的角色无权检票。',
  },
  '-9995': {
    ru: 'Cпособ оплаты не задан. Код ошибки: %d',
    en: 'No payment method is set. Error code: %d',
    kz: 'Төлем әдісі көрсетілмеген. Қате коды: %d',
    ch: '未设置付款方式。错误代码：%d',
  },
};

export function errorText(code: ErrorCodeValue, lang: Lang): string {
  return errorTexts[code][lang].replace('%d', code);
}
