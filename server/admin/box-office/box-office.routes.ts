import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  deskSaleRequest,
  deskSaleResponse,
  deskSessionParams,
  deskSessionResponse,
  deskSessionsQuery,
  deskSessionsResponse,
} from '../../../contract/admin/box-office.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { BoxOffice } from './box-office.service.ts';

/** The box office: the sessions a cashier sells, one session's prices, and a sale. */
export function boxOfficeRoutes(app: FastifyInstance, deps: { boxOffice: BoxOffice }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-desk'];

  r.get(
    '/api/admin/desk/sessions',
    {
      schema: { tags, querystring: deskSessionsQuery, response: { 200: deskSessionsResponse, ...errors } },
      onRequest: requirePermission('desk.sell'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.boxOffice.sessions(request.query.q));
    },
  );

  r.get(
    '/api/admin/desk/sessions/:id',
    {
      schema: { tags, params: deskSessionParams, response: { 200: deskSessionResponse, ...errors } },
      onRequest: requirePermission('desk.sell'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ session: await deps.boxOffice.session(request.params.id) });
    },
  );

  r.post(
    '/api/admin/desk/sales',
    { schema: { tags, body: deskSaleRequest, response: { 200: deskSaleResponse, ...errors } }, onRequest: requirePermission('desk.sell') },
    async (request) => ok(await deps.boxOffice.sell(request.body, staffActorOf(request))),
  );
}
