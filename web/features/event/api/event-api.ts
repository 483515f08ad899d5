import { queryOptions } from '@tanstack/react-query';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { NoSchemeResponse } from '../../../../contract/event.ts';
import type { CreateOrderInput } from '../../../../contract/order-create.ts';
import type { HeldOrder } from '../../../../contract/order-view.ts';
import { routePatterns } from '../../../../contract/routes.ts';
import { ApiError, apiPost } from '../../../lib/api.ts';
import { createBootRequest } from '../../../lib/boot-request.ts';
import { forgetReleasedOrders } from '../lib/unpaid-orders.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const noSchemeResponse = () => import('../../../../contract/event.ts').then((m) => m.noSchemeResponse);
const heldOrdersResponse = () => import('../../../../contract/order-view.ts').then((m) => m.heldOrdersResponse);
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

/** An order of this browser still held unpaid, with the instant (epoch ms) its hold ends. */
export type UnpaidOrder = Pick<HeldOrder, 'hash' | 'ord_num' | 'status'> & { until: number };

/**
 * POST /api/order/held for the orders this browser remembers for the event: those the server
 * still holds unpaid. Asked only when the browser remembers some (`enabled`), so most visitors
 * send nothing; those the server no longer holds are forgotten.
 */
export function unpaidOrdersQueryOptions(eventHash: string, orders: readonly string[], lang: string) {
  return queryOptions({
    queryKey: ['unpaid-orders', eventHash, orders],
    queryFn: async ({ signal }): Promise<UnpaidOrder[]> => {
      const answer = await apiPost('/api/order/held', { hash: eventHash, orders, lang }, heldOrdersResponse, { signal }).catch(
        (error: unknown) => {
          // A memory the server refuses to read (a damaged entry) is dropped rather than asked again.
          if (error instanceof ApiError && error.code === ErrorCode.validation) return { orders: [] };
          throw error;
        },
      );
      const at = Date.now();
      forgetReleasedOrders(
        eventHash,
        answer.orders.map((order) => order.hash),
      );
      return answer.orders.map((order) => ({
        hash: order.hash,
        ord_num: order.ord_num,
        status: order.status,
        until: at + order.reserveTime * 1000,
      }));
    },
    enabled: orders.length > 0,
    retry: false,
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
