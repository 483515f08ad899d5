import { queryOptions } from '@tanstack/react-query';
import type { NoSchemeResponse } from '../../../../contract/event.ts';
import type { CreateOrderInput } from '../../../../contract/order-create.ts';
import { routePatterns } from '../../../../contract/routes.ts';
import { apiPost } from '../../../lib/api.ts';
import { langFromLocation } from '../../../lib/lang.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const noSchemeResponse = () => import('../../../../contract/event.ts').then((m) => m.noSchemeResponse);
const createOrderResponse = () => import('../../../../contract/order-create.ts').then((m) => m.createOrderResponse);

/**
 * Answers asked for while the app boots, by `${hash}|${lang}`; each is taken once by the page's
 * query, and only while fresh (the query's staleTime): a page left before it rendered asks again.
 */
const bootRequests = new Map<string, { request: Promise<NoSchemeResponse>; at: number }>();
const FRESH_MS = 30_000;

/**
 * Starts POST /api/no-scheme for the event page being opened as soon as the page's code is
 * evaluated (the app's entry preloads it at boot), instead of after the app has set up its
 * texts and rendered the page (issue #10: the answer is on the way to the page's first paint).
 */
export function requestEventAtBoot(pathname: string, search: string) {
  if (!routePatterns.event.test(pathname)) return;
  const hash = pathname.split('/')[2] ?? '';
  const lang = langFromLocation(pathname, search);
  const key = `${hash}|${lang}`;
  if (bootRequests.has(key)) return;
  const request = apiPost('/api/no-scheme', { hash, lang }, noSchemeResponse);
  request.catch(() => {}); // a failure shows through the page's query, which takes the request
  bootRequests.set(key, { request, at: performance.now() });
}

/** POST /api/no-scheme: everything the event page shows. Keyed by hash and language. */
export function eventQueryOptions(hash: string, lang: string) {
  return queryOptions({
    queryKey: ['event', hash, lang],
    queryFn: ({ signal }) => {
      const early = bootRequests.get(`${hash}|${lang}`);
      bootRequests.delete(`${hash}|${lang}`);
      if (early && performance.now() - early.at < FRESH_MS) return early.request;
      return apiPost('/api/no-scheme', { hash, lang }, noSchemeResponse, { signal });
    },
    staleTime: FRESH_MS,
  });
}

/** POST /api/order/create; business errors arrive as ApiError (with fields on -1002). */
export function createOrder(body: CreateOrderInput) {
  return apiPost('/api/order/create', body, createOrderResponse);
}

export type FieldError = { path: string; code: string };

/**
 * The field errors of a refused order (-1002), read from the answer body: a list of
 * { path, code } strings, or undefined when the body carries anything else (checked by hand,
 * so that zod stays off the page's first load).
 */
export function readFieldErrors(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const fields: FieldError[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { path, code } = item as { path?: unknown; code?: unknown };
    if (typeof path !== 'string' || typeof code !== 'string') return undefined;
    fields.push({ path, code });
  }
  return fields;
}
