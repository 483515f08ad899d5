import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { langQuery } from '../../../contract/admin/orders.ts';
import {
  waitlistEntryParams,
  waitlistHoldRequest,
  waitlistRemoveResponse,
  waitlistResponse,
  waitlistSessionParams,
} from '../../../contract/admin/waitlist.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { WaitlistAdmin } from './waitlist-admin.service.ts';

/** The waiting list of a session in the back office: the line, removing an entry, the offers' hold time. */
export function waitlistAdminRoutes(app: FastifyInstance, deps: { waitlist: WaitlistAdmin }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-sessions'];
  const gate = requirePermission('waitlist.manage');

  r.get(
    '/api/admin/sessions/:id/waitlist',
    {
      schema: { tags, params: waitlistSessionParams, querystring: langQuery, response: { 200: waitlistResponse, ...errors } },
      onRequest: gate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.waitlist.list(request.params.id));
    },
  );

  r.post(
    '/api/admin/sessions/:id/waitlist/:entryId/remove',
    { schema: { tags, params: waitlistEntryParams, response: { 200: waitlistRemoveResponse, ...errors } }, onRequest: gate },
    async (request) => ok(await deps.waitlist.remove(request.params.id, request.params.entryId, staffActorOf(request))),
  );

  r.put(
    '/api/admin/sessions/:id/waitlist/hold',
    {
      schema: { tags, params: waitlistSessionParams, body: waitlistHoldRequest, response: { 200: waitlistResponse, ...errors } },
      onRequest: gate,
    },
    async (request) => {
      await deps.waitlist.setHold(request.params.id, request.body, staffActorOf(request));
      return ok(await deps.waitlist.list(request.params.id));
    },
  );
}
