import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { firstStepsResponse, todayResponse } from '../../../contract/admin/home.ts';
import { adminLangQuery } from '../../../contract/admin/session.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import type { Home } from './home.service.ts';

/** The home page's calls: the owner's first steps (setup.write) and the venue's day (orders.read). */
export function homeRoutes(app: FastifyInstance, deps: { home: Home }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };

  r.get(
    '/api/admin/home/first-steps',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: firstStepsResponse, ...errors } },
      onRequest: requirePermission('setup.write'),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.home.firstSteps());
    },
  );

  r.get(
    '/api/admin/home/today',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: todayResponse, ...errors } },
      onRequest: requirePermission('orders.read'),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.home.today());
    },
  );
}
