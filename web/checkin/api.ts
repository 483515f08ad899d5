import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_VENUE, type Venue } from '../lib/venue-format.ts';
import type { Lang } from '../../contract/lang.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { OfflineScan } from '../../contract/checkin-rules.ts';
import { ApiError, apiDelete, apiGet, apiPost } from '../lib/api.ts';

// Answers are checked against their schemas in development and tests only (web/lib/api.ts); the
// loaders keep zod off this page's first load.
const checkin = () => import('../../contract/checkin.ts');
const session = () => import('../../contract/admin/session.ts');

/** The signed-in member of staff, or null when there is none (the sign-in form shows). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ['checkin', 'me'],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet('/api/admin/me', () => session().then((m) => m.staffSessionResponse), { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** The venue's time zone and currency from the staff session: the door shows times on the venue's clock. */
export function useDoorVenue(): Venue {
  return useQuery(meQueryOptions()).data?.venue ?? DEFAULT_VENUE;
}

export const signIn = (body: { email: string; password: string; lang: Lang }) =>
  apiPost('/api/admin/session', body, () => session().then((m) => m.staffSessionResponse));

/** Ends the staff session (the back office's sign-out). */
export const signOut = () => apiDelete('/api/admin/session', () => session().then((m) => m.staffSignedOutResponse));

/** The sessions of a venue-local day (YYYY-MM-DD; empty: today) with their counts. */
export function sessionsQueryOptions(lang: Lang, date: string) {
  return queryOptions({
    queryKey: ['checkin', 'sessions', lang, date],
    queryFn: ({ signal }) =>
      apiGet(`/api/checkin/sessions?lang=${lang}${date ? `&date=${date}` : ''}`, () => checkin().then((m) => m.checkinSessionsResponse), {
        signal,
      }),
    staleTime: 60_000,
    // Another day keeps the list on screen until its own arrives: the date field keeps its focus.
    placeholderData: (previous) => previous,
  });
}

/** Counts and the last admissions, refreshed while the page is open. */
export function activityQueryOptions(sessionIds: readonly number[], lang: Lang) {
  return queryOptions({
    queryKey: ['checkin', 'activity', sessionIds.join(','), lang],
    queryFn: ({ signal }) =>
      apiGet(
        `/api/checkin/activity?sessionIds=${sessionIds.join(',')}&lang=${lang}`,
        () => checkin().then((m) => m.checkinActivityResponse),
        { signal },
      ),
    enabled: sessionIds.length > 0,
    refetchInterval: 10_000,
  });
}

// The language is in the address too: a refusal before the body is read (no session) is said in it.
export const scanCode = (body: { code: string; deviceId: string; sessionIds?: number[]; override?: boolean; lang: Lang }) =>
  apiPost(`/api/checkin/scan?lang=${body.lang}`, body, () => checkin().then((m) => m.scanResponse));

export const syncScans = (body: { deviceId: string; sessionIds?: number[]; scans: OfflineScan[]; lang: Lang }) =>
  apiPost(`/api/checkin/sync?lang=${body.lang}`, body, () => checkin().then((m) => m.syncResponse));

/** A call that never reached the server (no network): the scan is kept and sent later. */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.status === undefined && error.code === ErrorCode.inner;
}
