import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { auditQuery, auditResponse } from '../../../contract/admin/staff-management.ts';
import { AUDIT_PAGE_SIZE } from '../../../contract/admin/staff-rules.ts';
import type { Db } from '../../db/client.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { findAuditActions, findAuditEntries } from './audit.repository.ts';

/** The owner's audit log browser: filtered, paged, newest first. */
export function auditRoutes(app: FastifyInstance, deps: { db: Db; timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/audit',
    {
      schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditResponse, '4xx': adminErrorResponse } },
      preHandler: requirePermission('audit.read'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, staffId, action, subjectType, subjectId, from, to } = request.query;
      const [found, actions] = await Promise.all([
        findAuditEntries(deps.db, { staffId, action, subjectType, subjectId, from, to, timeZone: deps.timeZone }, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
        findAuditActions(deps.db),
      ]);
      return ok({
        entries: found.rows.map((e) => ({ ...e, at: e.at.toISOString() })),
        total: found.total,
        page,
        pageSize: AUDIT_PAGE_SIZE,
        actions,
      });
    },
  );
}
