import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { closingReceiptsResponse } from '../../../contract/admin/receipts.ts';
import { adminLangQuery } from '../../../contract/admin/session.ts';
import { normalizeLang, pickLocalized } from '../../../contract/lang.ts';
import { ok } from '../../http.ts';
import type { ClosingReceiptsService } from '../../receipts/closing-receipts.service.ts';
import { requirePermission } from '../staff/guard.ts';

/** Closing receipts (54-FZ) still pending or failing, for those who run the sale. */
export function closingReceiptsRoutes(app: FastifyInstance, deps: { closingReceipts: Pick<ClosingReceiptsService, 'report'> | undefined }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/receipts/closing',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: closingReceiptsResponse, '4xx': adminErrorResponse } },
      onRequest: requirePermission('reports.read'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const lang = normalizeLang(request.query.lang);
      // With the sandbox alone no fiscal receipt is made, so none waits.
      const report = deps.closingReceipts ? await deps.closingReceipts.report() : { pending: 0, failing: 0, receipts: [] };
      return ok({
        pending: report.pending,
        failing: report.failing,
        receipts: report.receipts.map((row) => ({
          id: row.id,
          reason: row.reason,
          orderNumber: row.order_number,
          event: pickLocalized(row.event_name, lang),
          provider: row.provider,
          tickets: row.tickets,
          attempts: row.attempts,
          nextAttemptAt: row.next_attempt_at.toISOString(),
          lastError: row.last_error,
          createdAt: row.created_at.toISOString(),
        })),
      });
    },
  );
}
