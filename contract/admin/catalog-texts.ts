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
