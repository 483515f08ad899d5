import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { auditQuery, auditResponse } from '../../../contract/admin/staff-management.ts';
import { AUDIT_PAGE_SIZE } from '../../../contract/admin/staff-rules.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import type { AuditService } from './audit.service.ts';

/** The owner's audit log browser: filtered, paged, newest first. */
export function auditRoutes(app: FastifyInstance, deps: { audit: AuditService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/audit',
    {
      schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditResponse, '4xx': adminErrorResponse } },
      onRequest: requirePermission('audit.read'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, staffId, action, subjectType, subjectId, from, to } = request.query;
      const found = await deps.audit.browse({ staffId, action, subjectType, subjectId, from, to }, page);
      return ok({
        entries: found.entries.map((e) => ({ ...e, at: e.at.toISOString() })),
        total: found.total,
        page,
        pageSize: AUDIT_PAGE_SIZE,
        actions: found.actions,
        currency: found.currency,
        ticketCodes: found.ticketCodes,
      });
    },
  );
}
