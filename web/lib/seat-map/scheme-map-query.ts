import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../contract/lang.ts';
import { apiPost } from '../api.ts';

// The answer's schema loads only where answers are checked (development, tests): web/lib/api.ts.
const schemeMapResponse = () => import('../../../contract/scheme.ts').then((m) => m.schemeMapResponse);

/**
 * POST /api/scheme: the hall and every place's availability for one session, as the scheme page
 * and an order's seated exchange draw it. Loaded once per session choice (a choice of seats is
 * cleared on every reload, so it is never refetched behind the visitor's back); reloaded on
 * purpose after an order or an exchange finds a seat taken.
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
