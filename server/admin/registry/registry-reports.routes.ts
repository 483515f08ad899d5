import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { failingReportsResponse } from '../../../contract/admin/registry.ts';
import { adminLangQuery } from '../../../contract/admin/session.ts';
import { normalizeLang, pickLocalized } from '../../../contract/lang.ts';
import type { Db } from '../../db/client.ts';
import { ok } from '../../http.ts';
import { countUnsentReports, findFailingReports } from '../../registry/registry.repository.ts';
import { requirePermission } from '../staff/guard.ts';

/** The most failing reports one answer lists; the oldest first, since they have waited longest. */
const LIST_LIMIT = 200;

/** Reports to the Pushkin-card registry that keep failing, for those who run the sale. */
export function registryReportsRoutes(app: FastifyInstance, deps: { db: Db; configured: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/registry/reports',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: failingReportsResponse, '4xx': adminErrorResponse } },
      preHandler: requirePermission('reports.read'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = normalizeLang(request.query.lang);
      const rows = await findFailingReports(deps.db, LIST_LIMIT);
      return ok({
        configured: deps.configured,
        unsent: await countUnsentReports(deps.db),
        reports: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          ticketCode: row.ticket_code,
          orderNumber: row.order_number,
          event: pickLocalized(row.event_name, lang),
          attempts: row.attempts,
          nextAttemptAt: row.next_attempt_at.toISOString(),
          lastError: row.last_error,
          createdAt: row.created_at.toISOString(),
        })),
      });
    },
  );
}
