import type { Lang } from '../../contract/common.ts';

/**
 * The few words the server writes into the head before the app starts. The app's own catalogs
 * (web/locales) hold every visible text; these only describe a page to crawlers and link
 * previews, and the app replaces the title once it runs.
 */
export const seoTexts: Record<Lang, {
  /** The listing's route title, as the app's common:titles.afisha says it. */
  afisha: string;
  listing: (title: string) => string;
  event: (name: string) => string;
  /** Route titles of the contacts and rules pages, as the app's common:titles says them. */
  contacts: string;
  purchaseTerms: string;
  privacyPolicy: string;
  contactsDescription: (title: string) => string;
}> = {
  ru: {
    afisha: 'Афиша',
    listing: (title) => `${title}: афиша и электронные билеты онлайн.`,
    event: (name) => `Купить билеты онлайн: ${name}.`,
    contacts: 'Контакты',
    purchaseTerms: 'Правила покупки',
    privacyPolicy: 'Политика конфиденциальности',
    contactsDescription: (title) => `${title}: e-mail, телефон и реквизиты.`,
  },
  en: {
    afisha: 'Events',
    listing: (title) => `${title}: events and e-tickets online.`,
    event: (name) => `Buy tickets online: ${name}.`,
    contacts: 'Contacts',
    purchaseTerms: 'Purchase terms',
    privacyPolicy: 'Privacy policy',
    contactsDescription: (title) => `${title}: e-mail, phone and legal details.`,
  },
  kz: {
    afisha: 'Афиша',
    listing: (title) => `${title}: афиша және онлайн электрондық билеттер.`,
    event: (name) => `Билеттерді онлайн сатып алу: ${name}.`,
    contacts: 'Байланыс',
    purchaseTerms: 'Сатып алу ережелері',
    privacyPolicy: 'Құпиялылық саясаты',
    contactsDescription: (title) => `${title}: e-mail, телефон және деректемелер.`,
  },
  ch: {
    afisha: '活动',
    listing: (title) => `${title}：活动与在线电子票。`,
    event: (name) => `在线购票：${name}。`,
    contacts: '联系方式',
    purchaseTerms: '购票规则',
    privacyPolicy: '隐私政策',
    contactsDescription: (title) => `${title}：电子邮件、电话和公司信息。`,
  },
};

/** Open Graph locale names of the storefront languages. */
export const ogLocales: Record<Lang, string> = { ru: 'ru_RU', en: 'en_US', kz: 'kk_KZ', ch: 'zh_CN' };

