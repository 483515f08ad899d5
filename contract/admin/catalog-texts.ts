import type { Lang } from '../lang.ts';

type Texts = Record<Lang, string>;

/**
 * What the back office says on a field the import refused, for the refusals that protect sales;
 * every other problem is told in the import's own words after the generic lead.
 */
const TEXTS = {
  'below-sold': {
    ru: 'Меньше, чем уже продано или забронировано: {taken}.',
    en: 'Less than already sold or held: {taken}.',
    kz: 'Сатылған немесе брондалғаннан аз: {taken}.',
    ch: '少于已售出或已预留的数量：{taken}。',
  },
  'below-sold-blocked': {
    ru: 'Меньше, чем уже продано, забронировано или заблокировано: {taken} (заблокировано мест: {blocked}).',
    en: 'Less than already sold, held or blocked: {taken} ({blocked} seats blocked).',
    kz: 'Сатылған, брондалған немесе бұғатталғаннан аз: {taken} (бұғатталған орындар: {blocked}).',
    ch: '少于已售出、已预留或已锁定的数量：{taken}（已锁定座位：{blocked}）。',
  },
  'in-use-session': {
    ru: 'Сеанс {id} нельзя удалить: на него есть заказы. Отметьте его «Отменён».',
    en: 'Session {id} cannot be deleted: it has orders. Mark it cancelled instead.',
    kz: '{id} сеансын жою мүмкін емес: оған тапсырыстар бар. Оны «Болдырылмады» деп белгілеңіз.',
    ch: '无法删除场次 {id}：已有订单。请改为标记为“已取消”。',
  },
  'in-use-price': {
    ru: 'Цену {id} нельзя удалить: по ней проданы билеты.',
    en: 'Price {id} cannot be deleted: tickets have been sold at it.',
    kz: '{id} бағасын жою мүмкін емес: ол бойынша билеттер сатылған.',
    ch: '无法删除价格 {id}：已按此价格售出门票。',
  },
  'in-use-category': {
    ru: 'Категорию {id} нельзя удалить: на неё есть заказы.',
    en: 'Category {id} cannot be deleted: it has orders.',
    kz: '{id} санатын жою мүмкін емес: оған тапсырыстар бар.',
    ch: '无法删除类别 {id}：已有订单。',
  },
  other: {
    ru: 'Неверное значение ({message}).',
    en: 'Wrong value ({message}).',
    kz: 'Мән қате ({message}).',
    ch: '值错误（{message}）。',
  },
  elsewhere: {
    ru: 'другие записи',
    en: 'other records',
    kz: 'басқа жазбалар',
    ch: '其他记录',
  },
  importer: {
    ru: 'импорт каталога',
    en: 'the catalog import',
    kz: 'каталог импорты',
    ch: '目录导入',
  },
} satisfies Record<string, Texts>;

export type CatalogTextKey = keyof typeof TEXTS;

/** A text of the catalog editor in the member's language, `{name}` filled from params. */
export function catalogText(key: CatalogTextKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return TEXTS[key][lang].replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

/** What may still use a catalog entry that a manager wants to delete. */
export const ENTRY_USERS = ['events', 'mainMenus', 'subMenus', 'halls', 'checkboxes', 'orders', 'setup'] as const;
export type EntryUser = (typeof ENTRY_USERS)[number];
export type EntryUse = { what: EntryUser; count: number; names: string[] };

// Plural forms by Intl.PluralRules category; Kazakh and Chinese do not inflect after a number.
const USER_WORDS: Record<EntryUser, Record<Lang, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>> = {
  events: { ru: { one: 'событие', few: 'события', many: 'событий', other: 'события' }, en: { one: 'event', other: 'events' }, kz: { other: 'іс-шара' }, ch: { other: '个活动' } },
  mainMenus: { ru: { other: 'меню' }, en: { one: 'menu', other: 'menus' }, kz: { other: 'мәзір' }, ch: { other: '个菜单' } },
  subMenus: { ru: { other: 'подменю' }, en: { one: 'sub-menu', other: 'sub-menus' }, kz: { other: 'ішкі мәзір' }, ch: { other: '个子菜单' } },
  halls: { ru: { one: 'зал', few: 'зала', many: 'залов', other: 'зала' }, en: { one: 'hall', other: 'halls' }, kz: { other: 'зал' }, ch: { other: '个大厅' } },
  checkboxes: { ru: { one: 'флажок', few: 'флажка', many: 'флажков', other: 'флажка' }, en: { one: 'checkbox', other: 'checkboxes' }, kz: { other: 'белгі' }, ch: { other: '个勾选项' } },
  orders: { ru: { one: 'заказ', few: 'заказа', many: 'заказов', other: 'заказа' }, en: { one: 'order', other: 'orders' }, kz: { other: 'тапсырыс' }, ch: { other: '个订单' } },
  // The storefront setup is one: named without a number.
  setup: { ru: { other: 'настройки витрины (ссылки на документы)' }, en: { other: 'the storefront setup (document links)' }, kz: { other: 'витрина баптаулары (құжат сілтемелері)' }, ch: { other: '前台设置（文件链接）' } },
};
const PLURAL_TAGS: Record<Lang, string> = { ru: 'ru', en: 'en', kz: 'kk', ch: 'zh' };
const QUOTES: Record<Lang, [string, string]> = { ru: ['«', '»'], en: ['“', '”'], kz: ['«', '»'], ch: ['“', '”'] };
/** Enough names to recognise the users by; the count says how many there are in all. */
export const ENTRY_USE_NAMES = 5;

/** '3 события: «Экскурсия», «Концерт»; 1 зал: «Большой»': what uses an entry, for the refusal of its deletion. */
export function entryUsesText(uses: readonly EntryUse[], lang: Lang): string {
  const rules = new Intl.PluralRules(PLURAL_TAGS[lang]);
  const [open, close] = QUOTES[lang];
  return uses
    .filter((u) => u.count > 0)
    .map((u) => {
      const words = USER_WORDS[u.what][lang];
      const word = words[rules.select(u.count)] ?? words.other;
      if (u.what === 'setup') return word;
      const shown = u.names.slice(0, ENTRY_USE_NAMES).map((n) => `${open}${n}${close}`);
      if (u.count > shown.length && shown.length > 0) shown.push('…');
      const [space, colon, comma] = lang === 'ch' ? ['', '：', '、'] : [' ', ': ', ', '];
      return shown.length > 0 ? `${u.count}${space}${word}${colon}${shown.join(comma)}` : `${u.count}${space}${word}`;
    })
    .join(lang === 'ch' ? '；' : '; ');
}
