import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../contract/errors.ts';
import { isKnownRoute } from '../contract/routes.ts';
import { businessError, requestLang } from './http.ts';
import { requestLangFromUrl, tidyLangSearch } from './lang-address.ts';
import type { IndexRenderer } from './seo/seo.routes.ts';
import type { FirstAnswer } from './spa-first-answer.ts';
import { type SpaHints, createSpaHints } from './spa-hints.ts';
import { createTextCompressor, pickEncoding } from './text-compression.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm run build` puts the web app. */
export const DEFAULT_WEB_DIST = path.join(ROOT, 'dist');

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every route of
 * the app, with the page's head tags for crawlers and link previews (server/seo). A path no
 * route matches still gets the app (it renders the 404 page) but with 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string | undefined,
  renderIndex: IndexRenderer,
  firstAnswer: FirstAnswer,
): Promise<string | undefined> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  // The back office's own page (a second Vite entry): no search-engine head, hints or first answer.
  const adminFile = webDist ? path.join(webDist, 'admin', 'index.html') : undefined;
  const adminHtml = adminFile && existsSync(adminFile) ? readFileSync(adminFile, 'utf8') : undefined;
  // The door check-in page (a third entry), installable on a controller's phone.
  const checkinFile = webDist ? path.join(webDist, 'checkin', 'index.html') : undefined;
  const checkinHtml = checkinFile && existsSync(checkinFile) ? readFileSync(checkinFile, 'utf8') : undefined;
  const rulesLegacy = /^\/(ru|en|kz|ch)\/(rules|rules-agreement)\/?$/;
  // The listing's answer comes inside its page (firstAnswer), so its hints do not preload it.
  const hints: SpaHints = webDist && indexHtml ? createSpaHints(webDist, { listingInHtml: true }) : () => '';
  const compress = createTextCompressor();
  if (webDist && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || request.method !== 'GET' || !indexHtml) {
      return reply.code(404).send(businessError(ErrorCode.notFound, requestLang(request)));
    }
    if (adminHtml && (pathname === '/admin' || pathname.startsWith('/admin/'))) {
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(adminHtml);
    }
    if (checkinHtml && (pathname === '/checkin' || pathname.startsWith('/checkin/'))) {
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(checkinHtml);
    }
    // The older rules addresses move for good: a 301 carries their search ranking over.
    const legacy = rulesLegacy.exec(pathname);
    if (legacy) {
      const slug = legacy[2] === 'rules' ? 'purchase-terms' : 'privacy-policy';
      return reply.redirect(`/rules/${slug}${legacy[1] === 'ru' ? '' : `?lang=${legacy[1]}`}`, 301);
    }
    // A lang the app does not know (the page shows it in ru) or given several times moves to the
    // address the app would give the page.
    const tidy = tidyLangSearch(request.url);
    if (tidy !== undefined) return reply.redirect(`${sameOriginPath(pathname)}${tidy}`, 301);
    const rendered = await renderIndex(request, indexHtml, pathname);
    const lang = requestLangFromUrl(request.url);
    const first = await firstAnswer(pathname, lang);
    const pageHints = [hints(pathname, lang), first.head].filter(Boolean).join('\n    ');
    const html = withFirstAnswer(withHints(rendered?.html ?? indexHtml, pageHints), first.body);
    reply
      .code(rendered?.status ?? (isKnownRoute(pathname) ? 200 : 404))
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // The page's head carries its SEO text and JSON-LD (an event page: ~70 kB): compressed, it
    // arrives in a tenth of the time on a phone's network (server/text-compression.ts).
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(await compress(html, encoding));
    return reply.send(html);
  });
  return indexHtml;
}

/**
 * A path as a redirect target that stays on this site. Browsers read a Location starting with `//`
 * (or `/\\`, a backslash counting as a slash, or either after a stripped tab or newline) as
 * another host, so a request for `//evil.example/?lang=xx` must not move to `//evil.example/`:
 * the leading run of slashes, backslashes and whitespace collapses to one slash.
 */
export function sameOriginPath(pathname: string): string {
  return `/${pathname.replace(/^[\s/\\]+/, '')}`;
}

// Function replacements below: the inserted text is data (catalog texts), and a replacement
// string would read its `$&`, `$'` or `` $` `` as patterns and copy parts of the page into it.

/** The page's first API answer (server/spa-first-answer.ts) goes last in <body>. */
function withFirstAnswer(html: string, answer: string): string {
  return answer ? html.replace('</body>', () => `  ${answer}\n  </body>`) : html;
}

/** The page's preload hints go last in <head>, after Vite's own entry script and preloads. */
function withHints(html: string, hints: string): string {
  return hints ? html.replace('</head>', () => `  ${hints}\n  </head>`) : html;
}
