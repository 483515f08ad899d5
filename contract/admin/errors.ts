import type { Lang } from '../lang.ts';
import { MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS } from '../media.ts';

const MB = MEDIA_MAX_BYTES / 1024 / 1024;
const MEGAPIXELS = MEDIA_MAX_PIXELS / 1_000_000;

/**
 * Error codes of the back office's API, answered in the storefront's shape
 * `{ errorCode, errorText, fields? }` so the web's API client and field-error mapping serve both
 * apps. Codes -2000..-2099: staff accounts, sessions and the guard; -2100..-2199: the orders
 * desk, staff refunds and reports; -2300..-2399: halls and seats blocked per session; -2400..-2449:
 * promo codes and special offers; -2460..-2479: uploaded images and the storefront setup.
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
  /** The venue requires one-time codes and this member has not set them up yet: only that is allowed. */
  totpSetupRequired: '-2006',
  /** The venue requires one-time codes: they cannot be turned off. */
  totpRequiredByVenue: '-2007',
  /** Another member of staff has this e-mail already. */
  emailTaken: '-2008',
  /** The change would leave the back office without an active owner. */
  lastOwner: '-2009',
  /** No member of staff has this id. */
  staffNotFound: '-2010',
  /** The current password given to change it is wrong. */
  wrongCurrentPassword: '-2011',
  /** One-time codes are on already (turn them off first) or were not started (start the set-up). */
  totpStateConflict: '-2012',
  // --- orders desk, staff refunds, reports (-2100..-2199) ---
  /** Only an unpaid order can be cancelled; a paid one is refunded. */
  orderNotCancelable: '-2100',
  /** Tickets are sent and refunded only for a paid order. */
  orderNotPaid: '-2101',
  /** The tickets e-mail has nowhere to go: the order has no address and none was given. */
  noEmail: '-2102',
  /** A report's period ends before it starts or is longer than REPORT_MAX_DAYS. */
  reportRange: '-2103',
  // --- catalog editing (-2250..-2299; -2200..-2219 are the door's, contract/errors.ts) ---
  /** The entry was not saved: the fields say what to correct. */
  catalogInvalid: '-2251',
  /** No catalog entry has this id. */
  catalogNotFound: '-2252',
  /** An event with orders is never deleted: unpublishing takes it off sale. */
  catalogEventHasOrders: '-2253',
  /** The event is part of a subscription's composition: take it out of the subscription first. */
  catalogEventInSubscription: '-2254',
  /** A kind, menu, venue, tag, checkbox, rules document or zone still in use is never deleted: the text names what uses it. */
  catalogEntryInUse: '-2255',
  // --- halls, seats blocked per session (-2300..-2399) ---
  /** Held or sold seats cannot be blocked: the text names them. */
  seatsNotFree: '-2300',
  /** Some of the seats are blocked already (to change a reason, unblock first): the text names them. */
  seatsAlreadyBlocked: '-2301',
  /** Some of the seats to unblock are not blocked: the text names them. */
  seatsNotBlocked: '-2302',
  /** A seat id is not a seat of the session's hall. */
  seatsNotInHall: '-2303',
  /** Someone saved the entry after it was loaded: the text names who and when. */
  catalogStale: 'catalog-stale',
  /** The hall was not saved: the catalog's rules refused it (the text lists why). */
  hallRefused: '-2305',
  /** The pasted or uploaded text is not JSON of the chosen format. */
  hallSourceInvalid: '-2306',
  /** A replaced hall leaves out seats that orders name: the text names them. */
  hallSoldSeatsRemoved: '-2307',
  /**
   * The session has fewer places left than seats to block (places sold outside the map, or a
   * capacity below the hall's seats): a block takes a place, so the text says how many are left.
   */
  seatsNoPlacesLeft: '-2308',
  // --- promo codes and special offers (-2400..-2449) ---
  /** A code some order has held is never deleted: it is switched off instead. */
  promoCodeUsed: '-2400',
  /** The code's text and discount stay once an order has held it: the fields say which. */
  promoTermsLocked: '-2401',
  /** An offer some order has taken is never deleted: it is switched off instead. */
  offerUsed: '-2402',
  /** The offer's total for sale would be below what orders hold: the text says how many. */
  offerStockBelowOrders: '-2403',
  /** No promo code, batch or special offer has this id. */
  offerNotFound: '-2404',
  /** A subscription that has orders keeps every event of its composition: the text names them. */
  subscriptionItemSold: '-2405',
  // --- uploaded images, the storefront setup (-2460..-2479) ---
  /** The upload is larger than MEDIA_MAX_BYTES (contract/media.ts). */
  imageTooLarge: '-2460',
  /** The upload is not a picture in a format the pages can show. */
  imageNotImage: '-2461',
  /** SVG is refused: it can carry scripts. */
  imageSvg: '-2462',
  /** The picture would decode to more than MEDIA_MAX_PIXELS pixels. */
  imageTooManyPixels: '-2463',
  /** The file starts as a picture but its data is broken or cut short. */
  imageCorrupt: '-2464',
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
  '-2006': {
    ru: 'Для работы в бэк-офисе включите одноразовые коды.',
    en: 'Turn on one-time codes to work in the back office.',
    kz: 'Бэк-офисте жұмыс істеу үшін бір реттік кодтарды қосыңыз.',
    ch: '请先启用一次性验证码，才能使用后台。',
  },
  '-2007': {
    ru: 'Одноразовые коды обязательны для всех сотрудников, отключить их нельзя.',
    en: 'One-time codes are required for all staff and cannot be turned off.',
    kz: 'Бір реттік кодтар барлық қызметкерлерге міндетті, оларды өшіруге болмайды.',
    ch: '所有员工都必须使用一次性验证码，无法关闭。',
  },
  '-2008': {
    ru: 'Сотрудник с таким e-mail уже есть.',
    en: 'A member of staff with this e-mail exists already.',
    kz: 'Мұндай e-mail бар қызметкер бар.',
    ch: '已有使用此电子邮件的员工。',
  },
  '-2009': {
    ru: 'Нельзя оставить бэк-офис без активного владельца.',
    en: 'The back office cannot be left without an active owner.',
    kz: 'Бэк-офисті белсенді иесіз қалдыруға болмайды.',
    ch: '后台不能没有启用中的所有者。',
  },
  '-2010': {
    ru: 'Сотрудник не найден.',
    en: 'Member of staff not found.',
    kz: 'Қызметкер табылмады.',
    ch: '未找到该员工。',
  },
  '-2011': {
    ru: 'Текущий пароль неверен.',
    en: 'The current password is wrong.',
    kz: 'Ағымдағы құпиясөз қате.',
    ch: '当前密码错误。',
  },
  '-2012': {
    ru: 'Одноразовые коды уже включены или их настройка не начата.',
    en: 'One-time codes are on already, or their set-up has not been started.',
    kz: 'Бір реттік кодтар қосулы немесе оларды баптау басталмаған.',
    ch: '一次性验证码已启用，或尚未开始设置。',
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
  '-2251': {
    ru: 'Не сохранено: исправьте отмеченные поля.',
    en: 'Not saved: correct the marked fields.',
    kz: 'Сақталмады: белгіленген өрістерді түзетіңіз.',
    ch: '未保存：请更正标出的字段。',
  },
  '-2252': {
    ru: 'Запись каталога не найдена.',
    en: 'Catalog entry not found.',
    kz: 'Каталог жазбасы табылмады.',
    ch: '未找到该目录条目。',
  },
  '-2253': {
    ru: 'Событие нельзя удалить: по нему есть заказы. Снимите его с публикации.',
    en: 'The event cannot be deleted: it has orders. Unpublish it instead.',
    kz: 'Іс-шараны жою мүмкін емес: оған тапсырыстар бар. Оны жариялаудан алып тастаңыз.',
    ch: '无法删除该活动：已有订单。请改为取消发布。',
  },
  '-2254': {
    ru: 'Событие входит в абонемент: сначала уберите его из состава абонемента.',
    en: 'The event is part of a subscription: take it out of the subscription first.',
    kz: 'Іс-шара абонементке кіреді: алдымен оны абонемент құрамынан алып тастаңыз.',
    ch: '该活动属于某个套票：请先将其从套票中移除。',
  },
  '-2255': {
    ru: 'Удалить нельзя. Используется: %t.',
    en: 'Cannot be deleted. In use by %t.',
    kz: 'Жою мүмкін емес. Қолданылады: %t.',
    ch: '无法删除。正在使用：%t。',
  },
  '-2300': {
    ru: 'Эти места заняты заказами, заблокировать их нельзя: %t',
    en: 'These seats are held or sold and cannot be blocked: %t',
    kz: 'Бұл орындар тапсырыстармен бос емес, оларды бұғаттауға болмайды: %t',
    ch: '这些座位已被预留或售出，无法锁定：%t',
  },
  '-2301': {
    ru: 'Эти места уже заблокированы: %t',
    en: 'These seats are blocked already: %t',
    kz: 'Бұл орындар бұғатталған: %t',
    ch: '这些座位已被锁定：%t',
  },
  '-2302': {
    ru: 'Эти места не заблокированы: %t',
    en: 'These seats are not blocked: %t',
    kz: 'Бұл орындар бұғатталмаған: %t',
    ch: '这些座位未被锁定：%t',
  },
  '-2303': {
    ru: 'Таких мест нет в зале этого сеанса.',
    en: 'These seats are not in the hall of this session.',
    kz: 'Бұл сеанс залында мұндай орындар жоқ.',
    ch: '本场次的大厅中没有这些座位。',
  },
  'catalog-stale': {
    ru: 'Изменено: %t. Обновите страницу.',
    en: 'Changed by %t. Reload the page.',
    kz: 'Өзгертілді: %t. Бетті жаңартыңыз.',
    ch: '已被修改：%t。请刷新页面。',
  },
  '-2305': {
    ru: 'Зал не сохранён: %t',
    en: 'The hall was not saved: %t',
    kz: 'Зал сақталмады: %t',
    ch: '大厅未保存：%t',
  },
  '-2306': {
    ru: 'Текст не читается как план зала выбранного формата: %t',
    en: 'The text cannot be read as a hall plan of the chosen format: %t',
    kz: 'Мәтін таңдалған форматтағы зал жоспары ретінде оқылмайды: %t',
    ch: '无法按所选格式读取该大厅平面图：%t',
  },
  '-2307': {
    ru: 'Нельзя убрать из зала места, на которые есть заказы: %t',
    en: 'Seats that orders name cannot be removed from the hall: %t',
    kz: 'Тапсырыстары бар орындарды залдан алып тастауға болмайды: %t',
    ch: '有订单的座位不能从大厅中删除：%t',
  },
  '-2308': {
    ru: 'Свободных мест на сеансе меньше, чем мест для блокировки. Свободно: %t',
    en: 'The session has fewer free places than seats to block. Free: %t',
    kz: 'Сеанста бұғаттауға арналған орындардан бос орын аз. Бос: %t',
    ch: '本场次的空余名额少于要锁定的座位数。空余：%t',
  },
  '-2400': {
    ru: 'Промокод уже использовался в заказах: удалить его нельзя, можно только отключить.',
    en: 'The promo code has been used in orders: it cannot be deleted, only switched off.',
    kz: 'Промокод тапсырыстарда қолданылған: оны жоюға болмайды, тек өшіруге болады.',
    ch: '该优惠码已在订单中使用：不能删除，只能停用。',
  },
  '-2401': {
    ru: 'Код и скидку промокода, который уже использовался в заказах, изменить нельзя: отключите его и создайте новый.',
    en: 'The code and discount of a promo code used in orders cannot be changed: switch it off and create a new one.',
    kz: 'Тапсырыстарда қолданылған промокодтың коды мен жеңілдігін өзгертуге болмайды: оны өшіріп, жаңасын жасаңыз.',
    ch: '已在订单中使用的优惠码不能修改代码和折扣：请停用它并创建新的优惠码。',
  },
  '-2402': {
    ru: 'Услуга уже есть в заказах: удалить её нельзя, можно только отключить.',
    en: 'The service is in orders already: it cannot be deleted, only switched off.',
    kz: 'Қызмет тапсырыстарда бар: оны жоюға болмайды, тек өшіруге болады.',
    ch: '该服务已在订单中：不能删除，只能停用。',
  },
  '-2403': {
    ru: 'Всего к продаже не может быть меньше, чем уже в заказах: %t.',
    en: 'The total for sale cannot be less than orders hold already: %t.',
    kz: 'Сатуға барлығы тапсырыстардағыдан аз бола алмайды: %t.',
    ch: '可售总数不能少于订单中已有的数量：%t。',
  },
  '-2404': {
    ru: 'Промокод или услуга не найдены.',
    en: 'Promo code or service not found.',
    kz: 'Промокод немесе қызмет табылмады.',
    ch: '未找到该优惠码或服务。',
  },
  '-2405': {
    ru: 'Абонемент уже продан: убрать из него событие нельзя (%t). Добавлять события можно.',
    en: 'The subscription has been sold: an event cannot be taken out of it (%t). Events can be added.',
    kz: 'Абонемент сатылған: одан іс-шараны алып тастауға болмайды (%t). Іс-шара қосуға болады.',
    ch: '该套票已售出：不能从中移除活动（%t）。可以添加活动。',
  },
  '-2460': {
    ru: `Файл больше ${MB} МБ. Уменьшите изображение и загрузите снова.`,
    en: `The file is larger than ${MB} MB. Make the picture smaller and upload it again.`,
    kz: `Файл ${MB} МБ-тан үлкен. Суретті кішірейтіп, қайта жүктеңіз.`,
    ch: `文件大于 ${MB} MB。请缩小图片后重新上传。`,
  },
  '-2461': {
    ru: 'Это не изображение. Загрузите JPEG, PNG, WebP, AVIF или GIF.',
    en: 'This is not a picture. Upload a JPEG, PNG, WebP, AVIF or GIF.',
    kz: 'Бұл сурет емес. JPEG, PNG, WebP, AVIF немесе GIF жүктеңіз.',
    ch: '这不是图片。请上传 JPEG、PNG、WebP、AVIF 或 GIF。',
  },
  '-2462': {
    ru: 'SVG не принимается: в нём могут быть скрипты. Сохраните изображение как PNG и загрузите его.',
    en: 'SVG is not accepted: it can carry scripts. Save the picture as PNG and upload that.',
    kz: 'SVG қабылданбайды: онда скрипттер болуы мүмкін. Суретті PNG ретінде сақтап, соны жүктеңіз.',
    ch: '不接受 SVG：其中可能含有脚本。请将图片另存为 PNG 后上传。',
  },
  '-2463': {
    ru: `Изображение слишком большое: больше ${MEGAPIXELS} мегапикселей. Уменьшите его и загрузите снова.`,
    en: `The picture is too large: over ${MEGAPIXELS} megapixels. Make it smaller and upload it again.`,
    kz: `Сурет тым үлкен: ${MEGAPIXELS} мегапиксельден асады. Оны кішірейтіп, қайта жүктеңіз.`,
    ch: `图片太大：超过 ${MEGAPIXELS * 100} 万像素。请缩小后重新上传。`,
  },
  '-2464': {
    ru: 'Файл изображения повреждён или загружен не полностью.',
    en: 'The picture file is damaged or incomplete.',
    kz: 'Сурет файлы бүлінген немесе толық жүктелмеген.',
    ch: '图片文件已损坏或不完整。',
  },
};

export function isAdminErrorCode(code: string): code is AdminErrorCodeValue {
  return Object.hasOwn(adminErrorTexts, code);
}

/** The text of an admin error code in the staff member's language; `%t` takes `time` (a lock's end, who changed an entry and when). */
export function adminErrorText(code: AdminErrorCodeValue, lang: Lang, time = ''): string {
  return adminErrorTexts[code][lang].replace('%t', time);
}
