import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../../contract/lang.ts';
import type { CreateSchemeOrderInput } from '../../../../contract/scheme.ts';
import { apiPost } from '../../../lib/api.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const createSchemeOrderResponse = () => import('../../../../contract/scheme.ts').then((m) => m.createSchemeOrderResponse);
const schemeMapResponse = () => import('../../../../contract/scheme.ts').then((m) => m.schemeMapResponse);
const schemeSessionsResponse = () => import('../../../../contract/scheme.ts').then((m) => m.schemeSessionsResponse);

/** POST /api/scheme/sessions: the page header and the sessions on sale. */
export function schemeSessionsQueryOptions(hash: string, lang: Lang) {
  return queryOptions({
    queryKey: ['scheme-sessions', hash, lang],
    queryFn: ({ signal }) => apiPost('/api/scheme/sessions', { hash, lang }, schemeSessionsResponse, { signal }),
    staleTime: 30_000,
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
