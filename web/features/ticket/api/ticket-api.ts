import { queryOptions } from '@tanstack/react-query';
import { isOrderHash } from '../../../../contract/order-hash.ts';
import { routePatterns } from '../../../../contract/routes.ts';
import { apiGet } from '../../../lib/api.ts';
import { createBootRequest } from '../../../lib/boot-request.ts';

// The answer's schema loads only where answers are checked (development, tests): web/lib/api.ts.
// A value import of contract/order-view.ts put zod and every order schema on the ticket page.
const ticketViewResponse = () => import('../../../../contract/order-view.ts').then((m) => m.ticketViewResponse);

const askTicket = (hash: string, signal?: AbortSignal) => apiGet(`/api/ticket/${encodeURIComponent(hash)}`, ticketViewResponse, { signal });

// The page's first render comes within BOOT_WAIT_MS (3 s, web/app/main.tsx) of the boot.
const BOOT_FRESH_MS = 10_000;

// The answer is the same in every language; the boot request is kept by hash and language only
// because the mechanism keys so, and the page asks in the language of its address.
const boot = createBootRequest(routePatterns.ticket, (hash) => askTicket(hash), BOOT_FRESH_MS, { accepts: isOrderHash });

/**
 * Starts GET /api/ticket/{hash} for the ticket page being opened, at boot, beside GET /api/setup
 * instead of after it (web/lib/boot-request.ts).
 */
export const requestTicketAtBoot = boot.start;

/** GET /api/ticket/{hash}: one ticket of a paid order; the first query takes the boot's answer. */
export function ticketQueryOptions(hash: string, lang: string) {
  return queryOptions({
    queryKey: ['ticket', hash],
    queryFn: ({ signal }) => boot.take(hash, lang) ?? askTicket(hash, signal),
    // A business error (no such ticket) is the answer; do not retry it.
    retry: false,
  });
}
