import { queryOptions } from '@tanstack/react-query';
import { confirmNominalResponse, orderDataResponse, type ConfirmNominalRequest } from '../../../../contract/nominal.ts';
import { apiPost } from '../../../lib/api.ts';

/** POST /api/order-data: the order's tickets, what their holders must give, and the lists to choose from. */
export function orderDataQueryOptions(hash: string) {
  return queryOptions({
    queryKey: ['order-data', hash],
    queryFn: ({ signal }) => apiPost('/api/order-data', { hash }, orderDataResponse, { signal }),
    // The form must not be rebuilt under the visitor's hands; the countdown runs locally.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** POST /api/confirm-nominal: stores the holders and confirms the order. */
export function confirmNominal(body: ConfirmNominalRequest) {
  return apiPost('/api/confirm-nominal', body, confirmNominalResponse);
}
