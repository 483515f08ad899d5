import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrorResponse } from '../../contract/admin/api.ts';
import {
  bankDetails,
  bankDetailsResponse,
  groupCreateRequest,
  groupMarkPaidRequest,
  groupParams,
  groupResponse,
  groupsResponse,
  statementImportRequest,
  statementImportResponse,
  unmatchedPaymentsResponse,
} from '../../contract/admin/groups.ts';
import { GROUP_LIMITS } from '../../contract/admin/groups-rules.ts';
import { langField } from '../../contract/common.ts';
import { ok } from '../http.ts';
import { requirePermission } from '../admin/staff/guard.ts';
import { staffActorOf } from '../admin/staff/staff.routes.ts';
import type { Groups } from './groups.service.ts';

const langQuery = z.object({ lang: langField });

/** Groups and organisations: reservations, their invoices, payments by hand or from a bank statement, and the venue's bank details. */
export function groupsRoutes(app: FastifyInstance, deps: { groups: Groups }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-groups'];
  const manage = requirePermission('groups.manage');

  r.get(
    '/api/admin/groups',
    { schema: { tags, querystring: langQuery, response: { 200: groupsResponse, ...errors } }, onRequest: manage },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ groups: await deps.groups.list(request.query.lang) });
    },
  );

  r.post(
    '/api/admin/groups',
    { schema: { tags, body: groupCreateRequest, response: { 200: groupResponse, ...errors } }, onRequest: manage },
    async (request) => ok({ group: await deps.groups.create(request.body, staffActorOf(request)) }),
  );

  r.get(
    '/api/admin/groups/:id',
    { schema: { tags, params: groupParams, querystring: langQuery, response: { 200: groupResponse, ...errors } }, onRequest: manage },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ group: await deps.groups.view(request.params.id, request.query.lang) });
    },
  );

  r.post(
    '/api/admin/groups/:id/paid',
    { schema: { tags, params: groupParams, body: groupMarkPaidRequest, response: { 200: groupResponse, ...errors } }, onRequest: manage },
    async (request) => ok({ group: await deps.groups.markPaid(request.params.id, request.body, staffActorOf(request)) }),
  );

  for (const kind of ['invoice', 'offer', 'act'] as const) {
    r.get(
      `/api/admin/groups/:id/${kind}.pdf`,
      { schema: { tags, params: groupParams, querystring: langQuery }, onRequest: manage },
      async (request, reply) => {
        const drawn = await deps.groups.documentPdf(request.params.id, kind);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${drawn.fileName}"`)
          .header('cache-control', 'no-store')
          .send(drawn.pdf);
      },
    );
  }

  r.post(
    '/api/admin/groups/statements',
    {
      schema: {
        tags,
        body: statementImportRequest.extend({ register: groupMarkPaidRequest.shape.register }),
        response: { 200: statementImportResponse, ...errors },
      },
      onRequest: manage,
      // The file comes as base64 (a third above its size), beside its name.
      bodyLimit: Math.ceil((GROUP_LIMITS.statementBytesMax * 4) / 3) + 16 * 1024,
    },
    async (request) => ok(await deps.groups.importStatement(request.body, staffActorOf(request))),
  );

  r.get(
    '/api/admin/groups/statements/unmatched',
    { schema: { tags, response: { 200: unmatchedPaymentsResponse, ...errors } }, onRequest: manage },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ payments: await deps.groups.unmatched() });
    },
  );

  r.get(
    '/api/admin/groups/bank-details',
    { schema: { tags, response: { 200: bankDetailsResponse, ...errors } }, onRequest: manage },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ details: await deps.groups.bankDetails() });
    },
  );

  r.put(
    '/api/admin/groups/bank-details',
    { schema: { tags, body: bankDetails, response: { 200: bankDetailsResponse, ...errors } }, onRequest: requirePermission('setup.write') },
    async (request) => ok({ details: await deps.groups.saveBank(request.body, staffActorOf(request)) }),
  );
}
