import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routePatterns } from '../contract/routes.ts';

/**
 * Preload hints for the page being opened, put into index.html's <head> by server/app.ts, so the
 * browser fetches the screen's code, its texts and its first API answer in parallel with the
 * app's entry script instead of one after another (no request waterfall at boot).
 *
 * The screen chunks and their imports come from Vite's manifest (dist/.vite/manifest.json,
 * `build.manifest` in vite.config.ts); the entry's own chunks are already modulepreloaded by
 * Vite in index.html.
 */

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * Each screen's source (as web/app/router.tsx lazy-loads it) and its catalog namespace.
 * `postsFirst`: the screen's first answer is a POST (order view, event sessions, …), which needs
 * the CSRF token of GET /api/token first (web/lib/api.ts); preloading the token takes that
 * round trip off the page's critical path.
 */
const SCREENS: { pattern: RegExp; source: string; namespace: string; postsFirst?: boolean }[] = [
  { pattern: routePatterns.afisha, source: 'features/afisha/afisha-page.tsx', namespace: 'afisha' },
  { pattern: routePatterns.event, source: 'features/event/event-page.tsx', namespace: 'event', postsFirst: true },
  { pattern: routePatterns.scheme, source: 'features/scheme/scheme-page.tsx', namespace: 'scheme', postsFirst: true },
  { pattern: routePatterns.order, source: 'features/order/order-page.tsx', namespace: 'order', postsFirst: true },
  { pattern: routePatterns.orderReturn, source: 'features/return/return-page.tsx', namespace: 'return', postsFirst: true },
  { pattern: routePatterns.orderDeclined, source: 'features/declined/declined-page.tsx', namespace: 'declined' },
  { pattern: routePatterns.nominal, source: 'features/nominal/nominal-page.tsx', namespace: 'nominal', postsFirst: true },
  { pattern: routePatterns.ticket, source: 'features/ticket/ticket-page.tsx', namespace: 'ticket' },
  { pattern: routePatterns.contacts, source: 'features/contacts/contacts-page.tsx', namespace: 'contacts' },
  { pattern: routePatterns.rules, source: 'features/rules/rules-page.tsx', namespace: 'rules' },
];

/** The Russian shell catalogs ship inside the entry (web/lib/i18n.ts); other languages load them. */
const SHELL_NAMESPACES = ['common', 'shell', 'errors'];

export type SpaHints = (pathname: string, lang: string) => string;

/**
 * Builds the hint renderer from a built app; without a manifest it adds nothing.
 * `listingInHtml`: the listing's page carries its answer (server/spa-first-answer.ts), so it
 * preloads no GET /api/afisha.
 */
export function createSpaHints(webDist: string, options: { listingInHtml?: boolean } = {}): SpaHints {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return () => '';

  // What the entry already loads (Vite's own modulepreload links and stylesheet in index.html).
  const loaded = new Set<string>();
  const loadedCss = new Set<string>();
  const collect = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, into, css);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  collect(entryKey, loaded, loadedCss);

  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const cache = new Map<string, string>();

  return (pathname, lang) => {
    const screen = SCREENS.find((s) => s.pattern.test(pathname));
    const cacheKey = `${screen?.source ?? ''}|${lang}`;
    const known = cache.get(cacheKey);
    if (known !== undefined) return known;

    const links: string[] = [];
    // Every page starts with GET /api/setup (web/lib/api.ts setupQueryOptions).
    links.push('<link rel="preload" as="fetch" href="/api/setup" crossorigin>');
    if (screen?.postsFirst) links.push('<link rel="preload" as="fetch" href="/api/token" crossorigin>');
    if (screen) {
      // The listing's own answer (web/features/afisha/api/afisha-query.ts asks the same URL).
      if (screen.namespace === 'afisha' && !options.listingInHtml)
        links.push(`<link rel="preload" as="fetch" href="${escape(`/api/afisha${lang === 'ru' ? '' : `?lang=${lang}`}`)}" crossorigin>`);
      const files = new Set<string>();
      const css = new Set<string>();
      collect(screen.source, files, css);
      // Preloaded, not render-blocking: the screen's chunk applies its stylesheet when it loads.
      for (const file of css) if (!loadedCss.has(file)) links.push(`<link rel="preload" as="style" crossorigin href="/${escape(file)}">`);
      for (const file of files) if (!loaded.has(file)) links.push(`<link rel="modulepreload" crossorigin href="/${escape(file)}">`);
    }
    const namespaces = [...(lang === 'ru' ? [] : SHELL_NAMESPACES), ...(screen ? [screen.namespace] : [])];
    for (const namespace of namespaces) {
      const catalog = manifest[`locales/${lang}/${namespace}.json`];
      if (catalog) links.push(`<link rel="modulepreload" crossorigin href="/${escape(catalog.file)}">`);
    }
    const html = links.join('\n    ');
    cache.set(cacheKey, html);
    return html;
  };
}
