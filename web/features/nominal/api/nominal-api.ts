import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../../contract/lang.ts';
import { confirmNominalResponse, orderDataResponse, type ConfirmNominalRequest } from '../../../../contract/nominal.ts';
import { apiPost } from '../../../lib/api.ts';

/** POST /api/order-data: the order's tickets, what their holders must give, and the lists to choose from. */
export function orderDataQueryOptions(hash: string, lang: Lang) {
  return queryOptions({
    queryKey: ['order-data', hash, lang],
    queryFn: ({ signal }) => apiPost('/api/order-data', { hash, lang }, orderDataResponse, { signal }),
    // The form must not be rebuilt under the visitor's hands; the countdown runs locally. In
    // another language the answer is asked again while the page keeps the same order's form.
    staleTime: Infinity,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === hash ? previous : undefined),
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** POST /api/confirm-nominal: stores the holders and confirms the order. */
export function confirmNominal(body: ConfirmNominalRequest) {
  return apiPost('/api/confirm-nominal', body, confirmNominalResponse);
}
