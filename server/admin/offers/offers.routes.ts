import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  adminIdParams,
  batchCsvQuery,
  deletedResponse,
  promoBatchRequest,
  promoBatchResponse,
  promoCodeResponse,
  promoCodeSaveRequest,
  promoListQuery,
  promoListResponse,
  revisionQuery,
  specialOfferListResponse,
  specialOfferResponse,
  specialOfferSaveRequest,
  subscriptionsResponse,
} from '../../../contract/admin/offers.ts';
import { ok, requestLang } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { PromoCodesDesk } from './promo-codes.service.ts';
import type { SpecialOffersDesk } from './special-offers.service.ts';
import type { SubscriptionsDesk } from './subscriptions.service.ts';

/** Promo codes (single and generated batches), special offers and subscriptions' composition in the back office. */
export function offersRoutes(
  app: FastifyInstance,
  deps: { promo: PromoCodesDesk; offers: SpecialOffersDesk; subscriptions: SubscriptionsDesk },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-offers'];
  const guard = requirePermission('catalog.write');

  r.get(
    '/api/admin/promo-codes',
    { schema: { tags, querystring: promoListQuery, response: { 200: promoListResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, eventId, state, batchId, page } = request.query;
      return ok(await deps.promo.list({ q, eventId, state, batchId, page }));
    },
  );

  r.get(
    '/api/admin/promo-codes/:id',
    { schema: { tags, params: adminIdParams, response: { 200: promoCodeResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ code: await deps.promo.load(request.params.id) });
    },
  );

  r.post(
    '/api/admin/promo-codes',
    { schema: { tags, body: promoCodeSaveRequest, response: { 200: promoCodeResponse, ...errors } }, onRequest: guard },
    async (request) => ok({ code: await deps.promo.create(request.body, staffActorOf(request)) }),
  );

  r.put(
    '/api/admin/promo-codes/:id',
    {
      schema: { tags, params: adminIdParams, body: promoCodeSaveRequest, response: { 200: promoCodeResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok({ code: await deps.promo.update(request.params.id, request.body, staffActorOf(request)) }),
  );

  r.delete(
    '/api/admin/promo-codes/:id',
    {
      schema: { tags, params: adminIdParams, querystring: revisionQuery, response: { 200: deletedResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok(await deps.promo.remove(request.params.id, request.query.revision, staffActorOf(request))),
  );

  r.post(
    '/api/admin/promo-codes/batches',
    { schema: { tags, body: promoBatchRequest, response: { 200: promoBatchResponse, ...errors } }, onRequest: guard },
    async (request) => ok(await deps.promo.generate(request.body, staffActorOf(request))),
  );

  r.get(
    '/api/admin/promo-codes/batches/:id/codes.csv',
    { schema: { tags, params: adminIdParams, querystring: batchCsvQuery }, onRequest: guard },
    async (request, reply) => {
      const csv = await deps.promo.batchCsv(request.params.id, requestLang(request), request.query.dialect);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="promo-codes-${request.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/api/admin/special-offers',
    { schema: { tags, response: { 200: specialOfferListResponse, ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ offers: await deps.offers.list() });
    },
  );

  r.get(
    '/api/admin/special-offers/:id',
    { schema: { tags, params: adminIdParams, response: { 200: specialOfferResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ offer: await deps.offers.load(request.params.id) });
    },
  );

  r.post(
    '/api/admin/special-offers',
    { schema: { tags, body: specialOfferSaveRequest, response: { 200: specialOfferResponse, ...errors } }, onRequest: guard },
    async (request) => ok({ offer: await deps.offers.create(request.body, staffActorOf(request)) }),
  );

  r.put(
    '/api/admin/special-offers/:id',
    {
      schema: { tags, params: adminIdParams, body: specialOfferSaveRequest, response: { 200: specialOfferResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok({ offer: await deps.offers.update(request.params.id, request.body, staffActorOf(request)) }),
  );

  r.delete(
    '/api/admin/special-offers/:id',
    {
      schema: { tags, params: adminIdParams, querystring: revisionQuery, response: { 200: deletedResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok(await deps.offers.remove(request.params.id, request.query.revision, staffActorOf(request))),
  );

  // Saved through PUT /api/admin/catalog/events/:id, as any event: this lists what the page edits.
  r.get(
    '/api/admin/subscriptions',
    { schema: { tags, response: { 200: subscriptionsResponse, ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.subscriptions.list());
    },
  );
}
