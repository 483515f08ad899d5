import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { langQuery } from '../../../contract/admin/orders.ts';
import {
  cancelPreviewResponse,
  cancelSessionRequest,
  cancelSessionResponse,
  cancellationStatusResponse,
  postponeSessionRequest,
  postponeSessionResponse,
  sessionIdParams,
} from '../../../contract/admin/session-changes.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { SessionCancellation } from './session-cancel.service.ts';
import type { SessionPostponement } from './session-postpone.service.ts';

/** Cancelling a session (dry run, confirmation, progress and report) and moving it to a new start. */
export function sessionChangesRoutes(app: FastifyInstance, deps: { cancellation: SessionCancellation; postponement: SessionPostponement }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-sessions'];
  const gate = requirePermission('sessions.change');

  r.get(
    '/api/admin/sessions/:id/cancel-preview',
    {
      schema: { tags, params: sessionIdParams, querystring: langQuery, response: { 200: cancelPreviewResponse, ...errors } },
      onRequest: gate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.cancellation.preview(request.params.id));
    },
  );

  r.post(
    '/api/admin/sessions/:id/cancel',
    {
      schema: { tags, params: sessionIdParams, body: cancelSessionRequest, response: { 200: cancelSessionResponse, ...errors } },
      onRequest: gate,
    },
    async (request) =>
      ok(
        await deps.cancellation.start({
          sessionId: request.params.id,
          reason: request.body.reason,
          fingerprint: request.body.fingerprint,
          actor: staffActorOf(request),
        }),
      ),
  );

  r.get(
    '/api/admin/sessions/:id/cancellation',
    {
      schema: { tags, params: sessionIdParams, querystring: langQuery, response: { 200: cancellationStatusResponse, ...errors } },
      onRequest: gate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.cancellation.status(request.params.id));
    },
  );

  r.post(
    '/api/admin/sessions/:id/postpone',
    {
      schema: { tags, params: sessionIdParams, body: postponeSessionRequest, response: { 200: postponeSessionResponse, ...errors } },
      onRequest: gate,
    },
    async (request) =>
      ok(
        await deps.postponement.postpone({
          sessionId: request.params.id,
          startsAt: new Date(request.body.startsAt),
          fullReturnUntil: new Date(request.body.fullReturnUntil),
          actor: staffActorOf(request),
        }),
      ),
  );
}
