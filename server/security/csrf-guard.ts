import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors.ts';
import { businessError } from '../http.ts';
import { requestLangFromUrl } from '../lang-address.ts';
import type { createCsrf } from './csrf.ts';
import { staffCsrfBinding } from '../admin/staff/guard.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every state-changing call under /api carries the CSRF token of GET /api/token and X-Requested-With;
 * any other gets 403. A call that comes with a staff session cookie needs a token bound to that
 * session (GET /api/token binds the token to the cookie it came with); the storefront's
 * anonymous visitors keep unbound tokens.
 */
export function csrfGuard(app: FastifyInstance, csrf: ReturnType<typeof createCsrf>) {
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || !isApiPath(routedPath(request))) return;
    const token = request.headers['x-csrf-token'];
    const requestedWith = request.headers['x-requested-with'];
    if (requestedWith !== 'XMLHttpRequest' || !csrf.verify(token, staffCsrfBinding(request))) {
      return reply.code(403).send(businessError(ErrorCode.invalidCsrf, requestLangFromUrl(request.url)));
    }
  });
}

/**
 * The path the router matched: the route's own path (`/api/ticket/:hash`), or for an address no
 * route matches, the decoded path. Never the raw address: the router decodes it, so
 * `/%61pi/order/create` reaches /api/order/create, and a check on the raw text would miss it.
 */
function routedPath(request: FastifyRequest): string {
  if (request.routeOptions.url !== undefined) return request.routeOptions.url;
  const pathname = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/');
}
