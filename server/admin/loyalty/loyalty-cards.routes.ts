import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  loyaltyCardCreateRequest,
  loyaltyCardResponse,
  loyaltyCardSaveRequest,
  loyaltyCorrectionRequest,
  loyaltyCorrectionResponse,
  loyaltyListQuery,
  loyaltyListResponse,
  loyaltyMovementsResponse,
  loyaltyOrdersResponse,
  loyaltyPageQuery,
} from '../../../contract/admin/loyalty.ts';
import { adminIdParams } from '../../../contract/admin/offers.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { LoyaltyDesk } from './loyalty-cards.service.ts';

/** Loyalty cards in the back office: the list, a card's page, its form, its balance corrections. */
export function loyaltyCardsRoutes(app: FastifyInstance, deps: { loyalty: LoyaltyDesk }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-loyalty'];
  const read = requirePermission('loyalty.read');
  const write = requirePermission('loyalty.write');

  r.get(
    '/api/admin/loyalty-cards',
    { schema: { tags, querystring: loyaltyListQuery, response: { 200: loyaltyListResponse, ...errors } }, onRequest: read },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, state, page } = request.query;
      return ok(await deps.loyalty.list({ q, state, page }));
    },
  );

  r.get(
    '/api/admin/loyalty-cards/:id',
    { schema: { tags, params: adminIdParams, response: { 200: loyaltyCardResponse, ...errors } }, onRequest: read },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ card: await deps.loyalty.load(request.params.id) });
    },
  );

  r.get(
    '/api/admin/loyalty-cards/:id/movements',
    {
      schema: { tags, params: adminIdParams, querystring: loyaltyPageQuery, response: { 200: loyaltyMovementsResponse, ...errors } },
      onRequest: read,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.loyalty.movements(request.params.id, request.query.before));
    },
  );

  r.get(
    '/api/admin/loyalty-cards/:id/orders',
    {
      schema: { tags, params: adminIdParams, querystring: loyaltyPageQuery, response: { 200: loyaltyOrdersResponse, ...errors } },
      onRequest: read,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.loyalty.orders(request.params.id, request.query.before));
    },
  );

  r.post(
    '/api/admin/loyalty-cards',
    { schema: { tags, body: loyaltyCardCreateRequest, response: { 200: loyaltyCardResponse, ...errors } }, onRequest: write },
    async (request) => ok({ card: await deps.loyalty.create(request.body, staffActorOf(request)) }),
  );

  r.put(
    '/api/admin/loyalty-cards/:id',
    {
      schema: { tags, params: adminIdParams, body: loyaltyCardSaveRequest, response: { 200: loyaltyCardResponse, ...errors } },
      onRequest: write,
    },
    async (request) => ok({ card: await deps.loyalty.update(request.params.id, request.body, staffActorOf(request)) }),
  );

  r.post(
    '/api/admin/loyalty-cards/:id/corrections',
    {
      schema: { tags, params: adminIdParams, body: loyaltyCorrectionRequest, response: { 200: loyaltyCorrectionResponse, ...errors } },
      onRequest: write,
    },
    async (request) => ok(await deps.loyalty.correct(request.params.id, request.body, staffActorOf(request))),
  );
}
