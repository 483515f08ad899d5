import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { failingReportsResponse } from '../../../contract/admin/registry.ts';
import { adminLangQuery } from '../../../contract/admin/session.ts';
import { normalizeLang, pickLocalized } from '../../../contract/lang.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import type { RegistryReportsService } from './registry-reports.service.ts';

/** Reports to the Pushkin-card registry that keep failing, for those who run the sale. */
export function registryReportsRoutes(app: FastifyInstance, deps: { registryReports: RegistryReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/registry/reports',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: failingReportsResponse, '4xx': adminErrorResponse } },
      onRequest: requirePermission('reports.read'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = normalizeLang(request.query.lang);
      const { configured, unsent, reports } = await deps.registryReports.failing();
      return ok({
        configured,
        unsent,
        reports: reports.map((row) => ({
          id: row.id,
          kind: row.kind,
          ticketCode: row.ticket_code,
          orderNumber: row.order_number,
          event: pickLocalized(row.event_name, lang),
          attempts: row.attempts,
          nextAttemptAt: row.refused_at ? null : row.next_attempt_at.toISOString(),
          refusedAt: row.refused_at ? row.refused_at.toISOString() : null,
          lastError: row.last_error,
          createdAt: row.created_at.toISOString(),
        })),
      });
    },
  );
}
