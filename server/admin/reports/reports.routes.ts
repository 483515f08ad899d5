import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  occupancyCsvQuery,
  occupancyReportResponse,
  reportQuery,
  salesCsvQuery,
  salesReportQuery,
  salesReportResponse,
} from '../../../contract/admin/reports.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import type { ReportsService } from './reports.service.ts';

/**
 * Sales and occupancy reports, as JSON for the page and as CSV files. The CSV calls declare no
 * answer schema: their body is the file itself, not JSON (refusals still take the error shape).
 */
export function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-reports'];
  const guard = requirePermission('reports.read');

  r.get(
    '/api/admin/reports/sales',
    { schema: { tags, querystring: salesReportQuery, response: { 200: salesReportResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { from, to, eventId, group } = request.query;
      return ok(await deps.reports.sales({ from, to, eventId: eventId ?? null, group }));
    },
  );

  r.get(
    '/api/admin/reports/occupancy',
    { schema: { tags, querystring: reportQuery, response: { 200: occupancyReportResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { from, to, eventId } = request.query;
      return ok(await deps.reports.occupancy({ from, to, eventId: eventId ?? null }));
    },
  );

  r.get('/api/admin/reports/sales.csv', { schema: { tags, querystring: salesCsvQuery }, onRequest: guard }, async (request, reply) => {
    const { from, to, eventId, group, lang, dialect } = request.query;
    const csv = await deps.reports.salesCsv({ from, to, eventId: eventId ?? null, group, lang, dialect });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sales-${group}-${from}-${to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  r.get(
    '/api/admin/reports/occupancy.csv',
    { schema: { tags, querystring: occupancyCsvQuery }, onRequest: guard },
    async (request, reply) => {
      const { from, to, eventId, lang, dialect } = request.query;
      const csv = await deps.reports.occupancyCsv({ from, to, eventId: eventId ?? null, lang, dialect });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="occupancy-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
