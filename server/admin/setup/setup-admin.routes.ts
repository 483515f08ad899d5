import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { setupEditorResponse, setupSaveRequest, setupSavedResponse } from '../../../contract/admin/setup.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { SetupEditor } from './setup-admin.service.ts';

/** The storefront setup page of the back office: GET and PUT /api/admin/setup (owners). */
export function setupAdminRoutes(app: FastifyInstance, deps: { editor: SetupEditor }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-setup'];
  const guard = requirePermission('setup.write');

  r.get(
    '/api/admin/setup',
    { schema: { tags, response: { 200: setupEditorResponse, ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.editor.load());
    },
  );

  r.put(
    '/api/admin/setup',
    { schema: { tags, body: setupSaveRequest, response: { 200: setupSavedResponse, ...errors } }, onRequest: guard },
    async (request) => {
      const { revision } = await deps.editor.save({
        revision: request.body.revision,
        edit: request.body.setup,
        actor: staffActorOf(request),
      });
      return ok({ revision });
    },
  );
}
