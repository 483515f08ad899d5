import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_VENUE, type Venue } from '../../lib/venue-format.ts';
import { staffSessionResponse, staffSignedOutResponse, type StaffSignInRequest } from '../../../contract/admin/session.ts';
import { ApiError, apiDelete, apiGet, apiPost } from '../../lib/api.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';

/** The signed-in member, or null when there is no session (the sign-in page shows). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet('/api/admin/me', staffSessionResponse, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.code === AdminErrorCode.signInRequired) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export const signIn = (body: StaffSignInRequest) => apiPost('/api/admin/session', body, staffSessionResponse);
export const signOut = () => apiDelete('/api/admin/session', staffSignedOutResponse);

/**
 * The venue's time zone and currency, from the session: the back office shows, defaults and
 * compares every date in the venue's zone and every sum in its currency, never the browser's.
 * Pages render only once signed in, so the session is there.
 */
export function useVenue(): Venue {
  const { data } = useQuery(meQueryOptions());
  return data?.venue ?? DEFAULT_VENUE;
}
