import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../../contract/lang.ts';
import { routePatterns } from '../../../../contract/routes.ts';
import type { CreateSchemeOrderInput, SchemeSessionsResponse } from '../../../../contract/scheme.ts';
import { apiPost } from '../../../lib/api.ts';
import { createBootRequest } from '../../../lib/boot-request.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const createSchemeOrderResponse = () => import('../../../../contract/scheme.ts').then((m) => m.createSchemeOrderResponse);
const schemeSessionsResponse = () => import('../../../../contract/scheme.ts').then((m) => m.schemeSessionsResponse);

const FRESH_MS = 30_000;

const askSessions = (hash: string, lang: string, signal?: AbortSignal): Promise<SchemeSessionsResponse> =>
  apiPost('/api/scheme/sessions', { hash, lang }, schemeSessionsResponse, { signal });

const boot = createBootRequest(routePatterns.scheme, askSessions, FRESH_MS);

/** Starts POST /api/scheme/sessions for the scheme page being opened, at boot (web/lib/boot-request.ts). */
export const requestSessionsAtBoot = boot.start;

/** POST /api/scheme/sessions: the page header and the sessions on sale. */
export function schemeSessionsQueryOptions(hash: string, lang: Lang) {
  return queryOptions({
    queryKey: ['scheme-sessions', hash, lang],
    queryFn: ({ signal }) => boot.take(hash, lang) ?? askSessions(hash, lang, signal),
    staleTime: FRESH_MS,
  });
}

/** POST /api/order/create-scheme */
export function createSchemeOrder(body: CreateSchemeOrderInput) {
  return apiPost('/api/order/create-scheme', body, createSchemeOrderResponse);
}
