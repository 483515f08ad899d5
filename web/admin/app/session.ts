import { queryOptions } from '@tanstack/react-query';
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
