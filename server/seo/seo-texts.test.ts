import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../contract/common.ts';
import { serverText } from '../locales/texts.ts';

// The app replaces the server's title once it runs, so the two must say the same words. The
// catalogs are read as files: the server does not import the web app (eslint.config.js).
const appTitles = (lang: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../web/locales/${lang}/common.json`, import.meta.url), 'utf8')) as {
      titles: Record<string, string>;
    }
  ).titles;

describe('the SEO texts', () => {
  it.each(
    LANGS.flatMap((lang) => (['afisha', 'contacts', 'purchaseTerms', 'privacyPolicy', 'consent'] as const).map((key) => ({ lang, key }))),
  )('titles the $key route in $lang as the app does', ({ lang, key }) => {
    expect(serverText('seo', key, lang)).toBe(appTitles(lang)[key]);
  });
});
