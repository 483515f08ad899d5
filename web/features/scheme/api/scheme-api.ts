import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../../contract/lang.ts';
import { routePatterns } from '../../../../contract/routes.ts';
import type { CreateSchemeOrderInput, SchemeSessionsResponse } from '../../../../contract/scheme.ts';
import { apiPost } from '../../../lib/api.ts';
import { langFromLocation } from '../../../lib/lang.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const createSchemeOrderResponse = () => import('../../../../contract/scheme.ts').then((m) => m.createSchemeOrderResponse);
const schemeMapResponse = () => import('../../../../contract/scheme.ts').then((m) => m.schemeMapResponse);
const schemeSessionsResponse = () => import('../../../../contract/scheme.ts').then((m) => m.schemeSessionsResponse);

/**
 * Answers asked for while the app boots, by `${hash}|${lang}`; each is taken once by the page's
 * query, and only while fresh (the query's staleTime): a page left before it rendered asks again.
 */
const bootRequests = new Map<string, { request: Promise<SchemeSessionsResponse>; at: number }>();
const FRESH_MS = 30_000;

/**
 * Starts POST /api/scheme/sessions for the scheme page being opened as soon as the page's code
 * is evaluated (the app's entry preloads it at boot), instead of after the app has set up its
 * texts and rendered the page (issue #10: the answer is on the way to the page's first paint).
 */
export function requestSessionsAtBoot(pathname: string, search: string) {
  if (!routePatterns.scheme.test(pathname)) return;
  const hash = pathname.split('/')[2] ?? '';
  const lang = langFromLocation(pathname, search);
  const key = `${hash}|${lang}`;
  if (bootRequests.has(key)) return;
  const request = apiPost('/api/scheme/sessions', { hash, lang }, schemeSessionsResponse);
  request.catch(() => {}); // a failure shows through the page's query, which takes the request
  bootRequests.set(key, { request, at: performance.now() });
}

/** POST /api/scheme/sessions: the page header and the sessions on sale. */
export function schemeSessionsQueryOptions(hash: string, lang: Lang) {
  return queryOptions({
    queryKey: ['scheme-sessions', hash, lang],
    queryFn: ({ signal }) => {
      const early = bootRequests.get(`${hash}|${lang}`);
      bootRequests.delete(`${hash}|${lang}`);
      if (early && performance.now() - early.at < FRESH_MS) return early.request;
      return apiPost('/api/scheme/sessions', { hash, lang }, schemeSessionsResponse, { signal });
    },
    staleTime: FRESH_MS,
  });
}

/**
 * POST /api/scheme: the hall and every place's availability for one session. Loaded once per
 * session choice (the cart is cleared on every reload, so it is never refetched behind the
 * visitor's back); reloaded on purpose after an order attempt fails.
 */
export function schemeMapQueryOptions(hash: string, calendarId: number, lang: Lang) {
  return queryOptions({
    queryKey: ['scheme-map', hash, calendarId, lang],
    queryFn: async ({ signal }) => {
      const answer = await apiPost('/api/scheme', { hash, calendar_id: calendarId, lang }, schemeMapResponse, { signal });
      performance.mark('seatmap:map-answer');
      return answer;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** POST /api/order/create-scheme */
export function createSchemeOrder(body: CreateSchemeOrderInput) {
  return apiPost('/api/order/create-scheme', body, createSchemeOrderResponse);
}
