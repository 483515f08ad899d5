import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../../contract/lang.ts';
import { orderReturnResponse, returnConfirmResponse, returnCreateResponse } from '../../../../contract/returns.ts';
import { apiPost } from '../../../lib/api.ts';

/** POST /api/order/return/{hash}, with the e-mail link's confirmation hash when there is one. */
export function returnQueryOptions(hash: string, lang: Lang, hashConf: string | undefined) {
  return queryOptions({
    queryKey: ['order-return', hash, lang, hashConf ?? ''],
    queryFn: ({ signal }) =>
      apiPost(`/api/order/return/${encodeURIComponent(hash)}`, { hash, lang, ...(hashConf ? { hashConf } : {}) }, orderReturnResponse, {
        signal,
      }),
    // A business error (no return for this order) is the answer; do not retry it.
    retry: false,
  });
}

/** consent: the form's switch (scope return); the server refuses a request without it (-1050) and records it. */
export const createReturn = (hash: string, lang: Lang, reason: number, ids: number[], consent: boolean) =>
  apiPost('/api/order/return-create', { hash, lang, reason, id: ids, consent }, returnCreateResponse);

export const confirmReturn = (hash: string, lang: Lang, hashConf: string, consent: boolean) =>
  apiPost('/api/order/return-confirm', { hash, lang, hashConf, consent }, returnConfirmResponse);
