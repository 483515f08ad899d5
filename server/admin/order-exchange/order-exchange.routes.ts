import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  exchangeOptionsResponse,
  exchangeQuoteRequest,
  exchangeQuoteResponse,
  exchangeRequest,
  exchangeResponse,
} from '../../../contract/admin/order-exchange.ts';
import { langQuery, orderIdParams } from '../../../contract/admin/orders.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { OrderExchange } from './order-exchange.service.ts';

/** Exchanging a paid order's tickets for another session, seat or category (owners and managers). */
export function orderExchangeRoutes(app: FastifyInstance, deps: { exchange: OrderExchange }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-orders'];
  const gate = requirePermission('orders.exchange');

  r.get(
    '/api/admin/orders/:id/exchange-options',
    {
      schema: { tags, params: orderIdParams, querystring: langQuery, response: { 200: exchangeOptionsResponse, ...errors } },
      onRequest: gate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.exchange.options(request.params.id));
    },
  );

  r.post(
    '/api/admin/orders/:id/exchange-quote',
    {
      schema: { tags, params: orderIdParams, body: exchangeQuoteRequest, response: { 200: exchangeQuoteResponse, ...errors } },
      onRequest: gate,
    },
    async (request) => ok(await deps.exchange.quote(request.params.id, request.body)),
  );

  r.post(
    '/api/admin/orders/:id/exchange',
    {
      schema: { tags, params: orderIdParams, body: exchangeRequest, response: { 200: exchangeResponse, ...errors } },
      onRequest: gate,
    },
    async (request) => {
      // The difference's link goes to the buyer's e-mail only, never to a member of staff's screen.
      const { payPath: _link, ...answer } = await deps.exchange.exchange(request.params.id, request.body, staffActorOf(request));
      return ok(answer);
    },
  );
}
