import { describe, expect, it } from 'vitest';
import { LANGS, intlLocale, langOfAddress, pickLocalized, toBcp47 } from './lang.ts';

describe('toBcp47', () => {
  // The spec's codes kz and ch are no BCP 47 tags: <html lang>, hreflang and Intl need kk and zh.
  it('maps ru, en, kz, ch to ru, en, kk, zh', () => {
    expect(LANGS.map(toBcp47)).toEqual(['ru', 'en', 'kk', 'zh']);
  });

  it.each(LANGS)('%s is a tag Intl knows, not a fallback', (lang) => {
    expect(Intl.NumberFormat.supportedLocalesOf([toBcp47(lang)])).toEqual([toBcp47(lang)]);
  });
});

describe('langOfAddress', () => {
  it.each([
    { description: 'the lang query', path: '/order/abc', query: 'kz', lang: 'kz' },
    { description: 'no query: ru', path: '/order/abc', query: null, lang: 'ru' },
    { description: 'an unknown query: ru', path: '/', query: 'de', lang: 'ru' },
    { description: 'the older order path: its first segment', path: '/ch/order/view/abc', query: null, lang: 'ch' },
    { description: 'the older order path with a query: the query', path: '/ch/order/view/abc', query: 'en', lang: 'en' },
    { description: 'a language segment on another path is no language', path: '/kz/rules', query: undefined, lang: 'ru' },
  ])('$description', ({ path, query, lang }) => {
    expect(langOfAddress(path, query)).toBe(lang);
  });
});

describe('intlLocale', () => {
  it.each([
    { lang: 'ru', locale: 'ru-RU' },
    { lang: 'en', locale: 'en-GB' },
    { lang: 'kz', locale: 'kk-KZ' },
    { lang: 'ch', locale: 'zh-CN' },
    { lang: 'de', locale: 'ru-RU' },
    { lang: undefined, locale: 'ru-RU' },
  ])('$lang → $locale, the language of toBcp47 with its region', ({ lang, locale }) => {
    expect(intlLocale(lang)).toBe(locale);
    expect(locale.startsWith(`${toBcp47((LANGS as readonly unknown[]).includes(lang) ? (lang as 'ru') : 'ru')}-`)).toBe(true);
  });
});

describe('pickLocalized', () => {
  it.each([
    { description: 'the language asked for', text: { ru: 'Концерт', en: 'Concert', kz: 'Концерт kz' }, lang: 'kz', picked: 'Концерт kz' },
    { description: "else English, the spec's fallback", text: { ru: 'Концерт', en: 'Concert', kz: '' }, lang: 'kz', picked: 'Concert' },
    { description: 'else Russian', text: { ru: 'Концерт', en: '' }, lang: 'ch', picked: 'Концерт' },
    { description: 'else any language that has it', text: { ch: '音乐会' }, lang: 'en', picked: '音乐会' },
    { description: 'nothing stored', text: null, lang: 'ru', picked: '' },
  ] as const)('$description', ({ text, lang, picked }) => {
    expect(pickLocalized(text, lang)).toBe(picked);
  });
});
