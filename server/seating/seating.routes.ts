import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createSchemeOrderRequest,
  createSchemeOrderResponse,
  schemeMapRequest,
  schemeMapResponse,
  schemeSessionsRequest,
  schemeSessionsResponse,
} from '../../contract/scheme.ts';
import { ok } from '../http.ts';
import { compressText, pickEncoding } from '../text-compression.ts';
import type { SchemeOrderService } from './scheme-order.service.ts';
import type { SeatingService } from './seating.service.ts';

export function seatingRoutes(app: FastifyInstance, deps: { seating: SeatingService; schemeOrders: SchemeOrderService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/scheme/sessions',
    { schema: { tags: ['scheme'], body: schemeSessionsRequest, response: { 200: schemeSessionsResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.seating.sessions(request.body.hash));
    },
  );

  r.post(
    '/api/scheme',
    { schema: { tags: ['scheme'], body: schemeMapRequest, response: { 200: schemeMapResponse } } },
    async (request, reply) => {
      const answer = await deps.seating.map(request.body.hash, request.body.calendar_id, request.body.lang);
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      // The answer comes as JSON text built from typed service output, so it is sent without a
      // second pass through the schema serializer; Fastify sends a Buffer as it is, and the
      // untyped reply is what allows one here.
      const raw: FastifyReply = reply;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding || answer.json.length < 1024) return raw.send(Buffer.from(answer.json));
      // The big hall's answer is mostly repetitive numbers: compression takes it from ~1 MB to
      // ~100 kB. It is compressed once per answer the service built, not per visitor.
      let compressed = answer.compressed.get(encoding);
      if (!compressed) {
        compressed = compressText(answer.json, encoding);
        answer.compressed.set(encoding, compressed);
        compressed.catch(() => answer.compressed.delete(encoding));
      }
      raw.header('content-encoding', encoding).header('vary', 'accept-encoding');
      return raw.send(await compressed);
    },
  );

  r.post(
    '/api/order/create-scheme',
    { schema: { tags: ['scheme', 'order'], body: createSchemeOrderRequest, response: { 200: createSchemeOrderResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.schemeOrders.create(request.body, request.ip));
    },
  );
}
