import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSpaHints } from './spa-hints.ts';

// A manifest shaped like Vite's: the entry and what it imports, lazy screens, per-language catalogs.
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index-1.css'] },
  '_vendor.js': { file: 'assets/vendor-1.js', css: ['assets/skeleton-1.css'] },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['_vendor.js'] },
  'features/afisha/afisha-page.tsx': {
    file: 'assets/afisha-page-1.js',
    imports: ['_vendor.js', '_shared.js'],
    css: ['assets/afisha-page-1.css', 'assets/skeleton-1.css'],
  },
  'features/event/event-page.tsx': { file: 'assets/event-page-1.js', imports: ['_vendor.js'] },
  'locales/ru/afisha.json': { file: 'assets/afisha-ru.js' },
  'locales/en/afisha.json': { file: 'assets/afisha-en.js' },
  'locales/en/common.json': { file: 'assets/common-en.js' },
  'locales/en/shell.json': { file: 'assets/shell-en.js' },
  'locales/en/errors.json': { file: 'assets/errors-en.js' },
  'locales/ru/event.json': { file: 'assets/event-ru.js' },
};
const dist = mkdtempSync(path.join(tmpdir(), 'spa-hints-'));
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const hrefs = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('preload hints of the page being opened', () => {
  const hints = createSpaHints(dist);

  it.each([
    {
      page: '/ in Russian',
      path: '/',
      lang: 'ru',
      fetch: ['/api/setup', '/api/afisha'],
      modules: ['/assets/afisha-page-1.js', '/assets/shared-1.js', '/assets/afisha-ru.js'],
      styles: ['/assets/afisha-page-1.css'],
    },
    {
      page: '/ in English (the shell catalogs too)',
      path: '/',
      lang: 'en',
      fetch: ['/api/setup', '/api/afisha?lang=en'],
      modules: [
        '/assets/afisha-page-1.js',
        '/assets/shared-1.js',
        '/assets/common-en.js',
        '/assets/shell-en.js',
        '/assets/errors-en.js',
        '/assets/afisha-en.js',
      ],
      styles: ['/assets/afisha-page-1.css'],
    },
    // A screen whose first answer is a POST gets its CSRF token preloaded.
    {
      page: 'an event',
      path: '/event/jazz/01.03.2030',
      lang: 'ru',
      fetch: ['/api/setup', '/api/token'],
      modules: ['/assets/event-page-1.js', '/assets/event-ru.js'],
      styles: [],
    },
    { page: 'an order', path: '/order/abc', lang: 'ru', fetch: ['/api/setup', '/api/token'], modules: [], styles: [] },
    { page: 'an unknown path', path: '/no/such/page', lang: 'ru', fetch: ['/api/setup'], modules: [], styles: [] },
  ])(
    '$page: the API answers, the screen chunks and catalogs the entry does not load already',
    ({ path: pathname, lang, fetch, modules, styles }) => {
      const html = hints(pathname, lang);
      expect(hrefs(html, 'preload" as="fetch')).toEqual(fetch);
      expect(hrefs(html, 'modulepreload')).toEqual(modules);
      expect(hrefs(html, 'preload" as="style')).toEqual(styles);
    },
  );

  it('preloads no listing answer when the page carries it (server/spa-first-answer.ts)', () => {
    expect(hrefs(createSpaHints(dist, { listingInHtml: true })('/', 'en'), 'preload" as="fetch')).toEqual(['/api/setup']);
  });

  it('adds nothing without a manifest (an app built without it, or no build)', () => {
    expect(createSpaHints(path.join(dist, 'missing'))('/', 'ru')).toBe('');
  });
});
