import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyServerFactory, RouteHandlerMethod } from 'fastify';
import { type Lang, normalizeLang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { BusinessError, businessError, requestLang } from '../http.ts';
import { type Admission, AdmissionRefused } from './admission.ts';
import { EVERY_ANSWER_HEADERS, requestIdOf } from './page-headers.ts';

/** What a refused buyer is told to wait before trying again (the Retry-After header, seconds). */
export const RETRY_AFTER_SECONDS = 1;

/** The calls that create orders: the expensive, row-locking work of an on-sale rush. */
export const ORDER_CREATING_ROUTES = ['/api/order/create', '/api/order/create-scheme'] as const;

/**
 * Puts the POST routes at `urls` behind the admission limiter; call it before those routes are
 * registered. A refusal answers HTTP 429 with errorCode -1029 and Retry-After, and changes nothing.
 * When the line is already full the refusal comes in onRequest, before the body is even read, so
 * a flood of buyers costs the server almost nothing beyond the admitted work.
 */
export function admitThrough(app: FastifyInstance, admission: Admission, urls: readonly string[]) {
  const gated = new Set(urls);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !gated.has(request.routeOptions.url ?? '') || !admission.isFull()) return;
    return sendRefusal(reply, requestLang(request));
  });

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!gated.has(route.url) || !methods.includes('POST')) return;
    const handler = route.handler;
    const admitted: RouteHandlerMethod = async function (this: FastifyInstance, request, reply) {
      try {
        // A buyer who gave up while waiting has closed the connection: skip the work.
        return await admission.run(
          async () => handler.call(this, request, reply),
          () => request.raw.socket?.destroyed === true,
        );
      } catch (error) {
        if (!(error instanceof AdmissionRefused)) throw error;
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new BusinessError(ErrorCode.tooManyRequests, { status: 429 });
      }
    };
    route.handler = admitted;
  });
}

function sendRefusal(reply: FastifyReply, lang: Lang) {
  return reply.code(429).header('retry-after', String(RETRY_AFTER_SECONDS)).send(businessError(ErrorCode.tooManyRequests, lang));
}

/**
 * The HTTP server of the app, with the cheapest refusal in front of Fastify: while the line is
 * full, a POST to a gated path gets its 429 straight from Node's request handler, before routing,
 * hooks or the CSRF check (a refusal changes nothing, so it needs no token). At ten times the
 * server's capacity most requests are refusals, and each then costs a fraction of a Fastify
 * request, leaving the cores to the buyers who were let in. app.inject() bypasses the server, so
 * the onRequest hook of admitThrough refuses there (and covers the moment the line fills up).
 */
export function refusingServerFactory(admission: Admission, urls: readonly string[]): FastifyServerFactory {
  const gated = new Set(urls);
  return (handler, options) => {
    const server = http.createServer((request, response) => {
      if (request.method === 'POST' && admission.isFull()) {
        const url = request.url ?? '/';
        const query = url.indexOf('?');
        if (gated.has(query < 0 ? url : url.slice(0, query))) {
          const lang = normalizeLang(query < 0 ? undefined : new URLSearchParams(url.slice(query + 1)).get('lang'));
          const body = JSON.stringify(businessError(ErrorCode.tooManyRequests, lang));
          // The headers every answer carries (server/security/page-headers.ts), which this one,
          // sent before Fastify, would otherwise miss.
          response.writeHead(429, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(body),
            'retry-after': String(RETRY_AFTER_SECONDS),
            ...EVERY_ANSWER_HEADERS,
            'x-request-id': requestIdOf(request),
          });
          response.end(body);
          return;
        }
      }
      handler(request, response);
    });
    // What Fastify sets on a server it creates itself (its options, with its defaults).
    const option = (name: string, fallback: number) => (typeof options[name] === 'number' ? options[name] : fallback);
    server.keepAliveTimeout = option('keepAliveTimeout', 72_000);
    server.requestTimeout = option('requestTimeout', 0);
    // The headers are part of the request: never longer to send than the whole of it.
    if (server.requestTimeout > 0) server.headersTimeout = Math.min(server.headersTimeout, server.requestTimeout);
    server.setTimeout(option('connectionTimeout', 0));
    return server;
  };
}
