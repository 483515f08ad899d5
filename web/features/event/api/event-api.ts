import { queryOptions } from '@tanstack/react-query';
import type { NoSchemeResponse } from '../../../../contract/event.ts';
import type { CreateOrderInput } from '../../../../contract/order-create.ts';
import { routePatterns } from '../../../../contract/routes.ts';
import { apiPost } from '../../../lib/api.ts';
import { createBootRequest } from '../../../lib/boot-request.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const noSchemeResponse = () => import('../../../../contract/event.ts').then((m) => m.noSchemeResponse);
const createOrderResponse = () => import('../../../../contract/order-create.ts').then((m) => m.createOrderResponse);

const FRESH_MS = 30_000;

const askEvent = (hash: string, lang: string, signal?: AbortSignal): Promise<NoSchemeResponse> =>
  apiPost('/api/no-scheme', { hash, lang }, noSchemeResponse, { signal });

const boot = createBootRequest(routePatterns.event, askEvent, FRESH_MS);

/** Starts POST /api/no-scheme for the event page being opened, at boot (web/lib/boot-request.ts). */
export const requestEventAtBoot = boot.start;

/** POST /api/no-scheme: everything the event page shows. Keyed by hash and language. */
export function eventQueryOptions(hash: string, lang: string) {
  return queryOptions({
    queryKey: ['event', hash, lang],
    queryFn: ({ signal }) => boot.take(hash, lang) ?? askEvent(hash, lang, signal),
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
