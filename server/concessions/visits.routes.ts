import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../contract/admin/api.ts';
import { reportQuery, visitsCsvQuery, visitsReportResponse } from '../../contract/admin/reports.ts';
import { requirePermission } from '../admin/staff/guard.ts';
import { ok } from '../http.ts';
import type { VisitsReport } from './visits-report.ts';

/** The visits report (the door's admissions by price category and age group) and its CSV files, 8-НК and 9-НК among them. */
export function visitsRoutes(app: FastifyInstance, deps: { visits: VisitsReport }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin-reports'];
  const guard = requirePermission('reports.read');

  r.get(
    '/api/admin/reports/visits',
    { schema: { tags, querystring: reportQuery, response: { 200: visitsReportResponse, '4xx': adminErrorResponse } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { from, to, eventId } = request.query;
      return ok(await deps.visits.visits({ from, to, eventId: eventId ?? null }));
    },
  );

  r.get('/api/admin/reports/visits.csv', { schema: { tags, querystring: visitsCsvQuery }, onRequest: guard }, async (request, reply) => {
    const { from, to, eventId, lang, dialect, layout } = request.query;
    const csv = await deps.visits.visitsCsv({ from, to, eventId: eventId ?? null, lang, dialect, layout });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="visits-${layout}-${from}-${to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
