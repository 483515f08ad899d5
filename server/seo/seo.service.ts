import type { RulesDocument } from '../../contract/setup.ts';
import { DEFAULT_LANG, LANGS, type Lang, langOfAddress, pickLocalized, toBcp47 } from '../../contract/lang.ts';
import { routePatterns } from '../../contract/routes.ts';
import type { StoredSetup } from '../../contract/setup.ts';
import type { Queryable } from '../db/client.ts';
import type { SetupService } from '../setup/setup.service.ts';
import { type JsonLdContext, eventJsonLd } from './event-json-ld.ts';
import { type HeadTags, escapeHtml, htmlToText, truncateText } from './html-head.ts';
import { serverText } from '../locales/texts.ts';
import {
  type SeoEventRow,
  findEventsOnSale,
  findPublishedEventByHash,
  findRulesSlugs,
  findTicketPrices,
  findUpcomingEvents,
  findUpcomingSessions,
} from './seo.repository.ts';
import { isSitePath } from '../../contract/site-path.ts';

/** Open Graph locale names of the storefront languages (codes, not texts). */
const ogLocales: Record<Lang, string> = { ru: 'ru_RU', en: 'en_US', kz: 'kk_KZ', ch: 'zh_CN' };

/** How many events the listing describes, and how many sessions an event page lists. */
const LISTING_EVENTS = 50;
const EVENT_SESSIONS = 30;
const DESCRIPTION_MAX = 200;

// Pages reachable only through an order's secret hash (or a waiting-list entry's signed token): never indexed, never followed.
const PRIVATE_ROUTES: readonly RegExp[] = [
  routePatterns.order,
  routePatterns.orderLegacy,
  routePatterns.orderReturn,
  routePatterns.orderDeclined,
  routePatterns.nominal,
  routePatterns.ticket,
  routePatterns.waitlistUnsubscribe,
];

export type PageHead = { status: 200 | 404; head: HeadTags };

type Page = {
  setup: StoredSetup;
  lang: Lang;
  langs: Lang[];
  baseUrl: string;
  /** The path the page is canonical at, without the lang query. */
  path: string;
};

function storefrontLangs(setup: StoredSetup): Lang[] {
  const listed = setup.db.languages
    .split(',')
    .map((code) => code.trim())
    .filter((code): code is Lang => (LANGS as readonly string[]).includes(code));
  return listed.length > 0 ? listed : [DEFAULT_LANG];
}

/**
 * The URL of a path in a language: the lang query is left out for ru, the default, as
 * the app reads and writes it (web/lib/lang.ts), whatever the setup's app.language says.
 */
function urlIn(page: Page, path: string, lang: Lang): string {
  return `${page.baseUrl}${path}${lang === DEFAULT_LANG ? '' : `?lang=${lang}`}`;
}

function absoluteUrl(baseUrl: string, url: string): string | undefined {
  if (/^https?:\/\//i.test(url)) return url;
  if (isSitePath(url)) return `${baseUrl}${url}`;
  return undefined;
}

function pageTitle(page: Page, title?: string): string {
  const appTitle = pickLocalized(page.setup.app.title, page.lang);
  return title ? `${appTitle} — ${title}` : appTitle;
}

function baseHead(page: Page, fields: Partial<HeadTags> & { title: string; description: string }): HeadTags {
  return {
    lang: toBcp47(page.lang),
    canonical: urlIn(page, page.path, page.lang),
    alternates: [
      ...page.langs.map((lang) => ({ hreflang: toBcp47(lang), href: urlIn(page, page.path, lang) })),
      { hreflang: 'x-default', href: urlIn(page, page.path, DEFAULT_LANG) },
    ],
    ogType: 'website',
    ogLocale: ogLocales[page.lang],
    ogLocaleAlternates: page.langs.filter((lang) => lang !== page.lang).map((lang) => ogLocales[lang]),
    siteName: pickLocalized(page.setup.app.title, page.lang),
    image: undefined,
    robots: 'index,follow',
    jsonLd: undefined,
    ...fields,
    description: truncateText(fields.description, DESCRIPTION_MAX),
  };
}

/** Search-engine and link-preview data for the storefront's pages, the sitemap and robots.txt. */
export function createSeoService(deps: {
  db: Queryable;
  setup: SetupService;
  now: () => number;
  /** The current consent texts, shown by the rules page beside the venue's documents. */
  consentTexts?: { rulesDocuments(): Promise<RulesDocument[]> };
}) {
  const { db, setup: setupService, now } = deps;
  function jsonLdContext(page: Page): JsonLdContext {
    return {
      lang: page.lang,
      now: new Date(now()),
      timezone: page.setup.app.timezone,
      currency: page.setup.app.currency,
      eventUrl: (event: SeoEventRow) => urlIn(page, eventPath(event), page.lang),
      absoluteUrl: (url: string) => absoluteUrl(page.baseUrl, url),
      organizer: { name: pickLocalized(page.setup.app.title, page.lang), url: `${page.baseUrl}/` },
    };
  }

  async function listingHead(page: Page): Promise<PageHead> {
    const at = new Date(now());
    const events = (await findUpcomingEvents(db, at, LISTING_EVENTS)).filter((e) => !e.isSubscription);
    const ids = events.map((e) => e.id);
    const [sessions, prices] = await Promise.all([findUpcomingSessions(db, ids, at, 1), findTicketPrices(db, ids)]);
    const ctx = jsonLdContext(page);
    const jsonLd = events.flatMap((event) => {
      const next = sessions.find((s) => s.eventId === event.id);
      return next ? [eventJsonLd(event, next, prices, ctx)] : [];
    });
    const appTitle = pickLocalized(page.setup.app.title, page.lang);
    const about = htmlToText(pickLocalized(page.setup.db.info_client, page.lang));
    return {
      status: 200,
      head: baseHead(page, {
        title: pageTitle(page, serverText('seo', 'afisha', page.lang)),
        description: about || serverText('seo', 'listing', page.lang, { title: appTitle }),
        jsonLd: jsonLd.length > 0 ? jsonLd : undefined,
      }),
    };
  }

  async function eventHead(page: Page, hash: string): Promise<PageHead> {
    const event = await findPublishedEventByHash(db, hash);
    if (!event) return notFound(page);
    const canonicalPage = { ...page, path: eventPath(event) };
    const at = new Date(now());
    const [sessions, prices] = await Promise.all([
      findUpcomingSessions(db, [event.id], at, EVENT_SESSIONS),
      findTicketPrices(db, [event.id]),
    ]);
    const ctx = jsonLdContext(page);
    // A subscription is a pass, not an event that happens at a time: no Event data for it.
    const jsonLd = event.isSubscription ? [] : sessions.map((session) => eventJsonLd(event, session, prices, ctx));
    const name = pickLocalized(event.name, page.lang);
    const description = htmlToText(pickLocalized(event.description, page.lang));
    return {
      status: 200,
      head: baseHead(canonicalPage, {
        title: pageTitle(page, name),
        description: description || serverText('seo', 'event', page.lang, { name }),
        image: absoluteUrl(page.baseUrl, pickLocalized(event.imageUrl, page.lang)),
        jsonLd: jsonLd.length > 0 ? jsonLd : undefined,
      }),
    };
  }

  /** Titled with the route's title key, as the app titles it; the document's name is its heading. */
  async function rulesHead(page: Page, slug: string): Promise<PageHead> {
    const documents = [...(await setupService.rules()), ...((await deps.consentTexts?.rulesDocuments()) ?? [])];
    const doc = documents.find((d) => d.slug === slug);
    if (!doc) return notFound(page);
    const title = serverText(
      'seo',
      slug === 'purchase-terms' ? 'purchaseTerms' : slug === 'privacy-policy' ? 'privacyPolicy' : 'consent',
      page.lang,
    );
    const name = pickLocalized(doc.infname, page.lang);
    const body = htmlToText(pickLocalized(doc.filebody, page.lang));
    return { status: 200, head: baseHead(page, { title: pageTitle(page, title), description: body || name }) };
  }

  function contactsHead(page: Page): PageHead {
    return {
      status: 200,
      head: baseHead(page, {
        title: pageTitle(page, serverText('seo', 'contacts', page.lang)),
        description: serverText('seo', 'contactsDescription', page.lang, { title: pickLocalized(page.setup.app.title, page.lang) }),
      }),
    };
  }

  function notFound(page: Page): PageHead {
    return { status: 404, head: baseHead(page, { title: pageTitle(page), description: '', robots: 'noindex,follow' }) };
  }

  return {
    /**
     * The head of the page at pathname; status 404 when the path names no page, or an event or
     * rules document that does not exist (the app then shows its not-found page).
     */
    async headFor(pathname: string, queryLang: unknown, baseUrl: string): Promise<PageHead> {
      const setup = await setupService.current();
      const langs = storefrontLangs(setup);
      // The language the app shows at this address (ru when lang is missing or unknown; the older
      // order path /kz/order/view/{hash} carries it in its first segment).
      const lang = langOfAddress(pathname, queryLang);
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const page: Page = { setup, lang, langs, baseUrl, path };

      if (routePatterns.afisha.test(path)) return listingHead(page);
      const event = /^\/(?:event|scheme)\/([A-Za-z0-9_-]+)/.exec(path);
      if (event?.[1] && (routePatterns.event.test(path) || routePatterns.scheme.test(path))) return eventHead(page, event[1]);
      if (routePatterns.contacts.test(path)) return contactsHead(page);
      const rules = /^\/rules\/([a-z-]+)$/.exec(path);
      if (rules?.[1] && routePatterns.rules.test(path)) return rulesHead(page, rules[1]);
      if (PRIVATE_ROUTES.some((pattern) => pattern.test(path))) {
        return {
          status: 200,
          head: baseHead(page, { title: pageTitle(page), description: '', robots: 'noindex,nofollow', alternates: [] }),
        };
      }
      return notFound(page);
    },

    /** sitemap.xml: the listing, contacts, rules, and every event on sale, in each language. */
    async sitemap(baseUrl: string): Promise<string> {
      const setup = await setupService.current();
      const langs = storefrontLangs(setup);
      const [events, rules] = await Promise.all([findEventsOnSale(db, new Date(now())), findRulesSlugs(db)]);
      const paths = ['/', '/contacts', ...rules.map((slug) => `/rules/${slug}`), ...events.map(eventPath)];
      const page = (path: string): Page => ({ setup, lang: DEFAULT_LANG, langs, baseUrl, path });
      const urls = paths.map((path) => {
        const p = page(path);
        const alternates = langs
          .map((lang) => `<xhtml:link rel="alternate" hreflang="${toBcp47(lang)}" href="${escapeHtml(urlIn(p, path, lang))}"/>`)
          .join('');
        return `<url><loc>${escapeHtml(urlIn(p, path, DEFAULT_LANG))}</loc>${alternates}</url>`;
      });
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n');
    },

    /** robots.txt: everything public may be crawled; the API and hash-only order pages may not. */
    robots(baseUrl: string): string {
      const langs = LANGS.map((lang) => `Disallow: /${lang}/order/\n`).join('');
      return (
        'User-agent: *\n' +
        'Allow: /\n' +
        'Disallow: /api/\n' +
        'Disallow: /order/\n' +
        'Disallow: /nominal-tickets/\n' +
        'Disallow: /ticket/\n' +
        langs +
        `\nSitemap: ${baseUrl}/sitemap.xml\n`
      );
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;

function eventPath(event: Pick<SeoEventRow, 'hash' | 'useSeatMap'>): string {
  return `${event.useSeatMap ? '/scheme' : '/event'}/${event.hash}`;
}
