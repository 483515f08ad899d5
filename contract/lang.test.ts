import { describe, expect, it } from 'vitest';
import { LANGS, langOfAddress, toBcp47 } from './lang.ts';

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
