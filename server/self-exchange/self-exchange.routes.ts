import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessResult } from '../../contract/common.ts';
import {
  selfExchangeOptionsRequest,
  selfExchangeOptionsResponse,
  selfExchangeQuoteRequest,
  selfExchangeQuoteResponse,
  selfExchangeRequest,
  selfExchangeResponse,
} from '../../contract/self-exchange.ts';
import { clientOf } from '../admin/staff/staff.routes.ts';
import { ok } from '../http.ts';
import type { SelfExchange } from './self-exchange.service.ts';

/** The buyer's exchange of their own tickets from the order page (the order's link is the key). */
export function selfExchangeRoutes(app: FastifyInstance, deps: { selfExchange: SelfExchange }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['order'];
  const errors = { '4xx': businessResult };

  r.post(
    '/api/order/exchange-options',
    { schema: { tags, body: selfExchangeOptionsRequest, response: { 200: selfExchangeOptionsResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.selfExchange.options(request.body.hash));
    },
  );

  r.post(
    '/api/order/exchange-quote',
    { schema: { tags, body: selfExchangeQuoteRequest, response: { 200: selfExchangeQuoteResponse, ...errors } } },
    async (request) => {
      const { hash, ...ask } = request.body;
      return ok(await deps.selfExchange.quote(hash, ask));
    },
  );

  r.post(
    '/api/order/exchange',
    { schema: { tags, body: selfExchangeRequest, response: { 200: selfExchangeResponse, ...errors } } },
    async (request) => {
      const { hash, ...ask } = request.body;
      return ok(await deps.selfExchange.exchange(hash, ask, clientOf(request)));
    },
  );
}
