import { useMemo } from 'react';
import { DEFAULT_LANG, type Lang } from '../../contract/lang.ts';
import { orderDeclinedPath, orderViewPath } from '../../contract/order-path.ts';
import { isIntegrationMode } from '../lib/integration.ts';
import { useLang } from '../lib/use-lang.ts';
import { isSitePath } from '../../contract/site-path.ts';
import { type ConsentScope, consentSlug } from '../../contract/consent.ts';

/**
 * URL helpers for every route, so no component builds a path by hand.
 * Each helper keeps the visitor's language as `?lang=` (omitted for ru, the default).
 * It imports nothing else from app/, so features may use it too (the one app/ module they may).
 */
export type Query = Record<string, string | number | undefined>;

/** A path segment: the route shapes (dates 01.02.2025, times 10:00) stay readable, anything else is encoded. */
function segment(value: string): string {
  return /^[A-Za-z0-9_.:-]+$/.test(value) ? value : encodeURIComponent(value);
}

function build(pathname: string, lang: Lang, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (lang !== DEFAULT_LANG) params.set('lang', lang);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** An app path (such as a rules url from setup) with the language query added; external URLs unchanged. */
export function withLang(path: string, lang: Lang): string {
  if (!isSitePath(path)) return path;
  const url = new URL(path, 'http://x');
  const query: Query = {};
  url.searchParams.forEach((value, key) => {
    if (key !== 'lang') query[key] = value;
  });
  return build(url.pathname, lang, query) + url.hash;
}

/** The listing's preselection (spec: afisha query id, sid, reset). */
export type AfishaQuery = { id?: string | number | undefined; sid?: string | number | undefined; reset?: 1 | undefined };

/** The event page's query: sub=1 (subscription mode) and erid, carried across route changes. */
export type EventQuery = { sub?: 1 | undefined; erid?: string | undefined };

/**
 * integration: order links take the older shape /{lang}/order/view/{hash};
 * by default what the last setup answer and the page's framing say (web/lib/integration.ts).
 */
export function createPaths(lang: Lang, integration: boolean = isIntegrationMode()) {
  const dated = (base: string, hash: string, date?: string, time?: string) =>
    [base, segment(hash), date && segment(date), date && time && segment(time)].filter(Boolean).join('/');
  return {
    afisha: (query: AfishaQuery = {}) => build('/', lang, query),
    event: (hash: string, date?: string, time?: string, query: EventQuery = {}) => build(dated('/event', hash, date, time), lang, query),
    scheme: (hash: string, date?: string, time?: string, query: EventQuery = {}) => build(dated('/scheme', hash, date, time), lang, query),
    order: (hash: string) => orderViewPath(hash, lang, integration),
    /** hashConf: the confirmation hash of the e-mail link (step 2 of a return). */
    orderReturn: (hash: string, hashConf?: string) => build(`/order/return/${segment(hash)}`, lang, { hash_conf: hashConf }),
    orderDeclined: (hash: string) => orderDeclinedPath(hash, lang),
    nominal: (hash: string) => build(`/nominal-tickets/${segment(hash)}`, lang),
    ticket: (ticketHash: string) => build(`/ticket/${segment(ticketHash)}`, lang),
    contacts: () => build('/contacts', lang),
    purchaseTerms: () => build('/rules/purchase-terms', lang),
    privacyPolicy: () => build('/rules/privacy-policy', lang),
    /** The rules page of a scope's current consent text. */
    consentText: (scope: ConsentScope) => build(`/rules/${consentSlug(scope)}`, lang),
  };
}

export type Paths = ReturnType<typeof createPaths>;

/** The URL helpers in the page's current language: `const paths = usePaths(); paths.order(hash)`. */
export function usePaths(): Paths {
  const lang = useLang();
  // Read on every render: the shell re-renders the pages once the setup (is_integration) is in.
  const integration = isIntegrationMode();
  return useMemo(() => createPaths(lang, integration), [lang, integration]);
}
