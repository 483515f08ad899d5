import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../contract/admin/api.ts';
import { AdminErrorCode } from '../../contract/admin/errors.ts';
import {
  type VisitorQuery,
  consentDocumentsResponse,
  eraseRequest,
  eraseResponse,
  exportQuery,
  publishConsentRequest,
  publishConsentResponse,
  visitorDataResponse,
  visitorOf,
  visitorQuery,
} from '../../contract/admin/personal-data.ts';
import { requirePermission } from '../admin/staff/guard.ts';
import { staffActorOf } from '../admin/staff/staff.routes.ts';
import { BusinessError, ok } from '../http.ts';
import { visitorDataPage } from './visitor-data-page.ts';
import type { PersonalDataService, Visitor } from './personal-data.service.ts';

function visitor(q: VisitorQuery): Visitor {
  const who = visitorOf(q);
  if (!who) throw new BusinessError(AdminErrorCode.personalDataQuery, { status: 400 });
  return who;
}

/** A visitor's request about their personal data, and the consent texts (docs/personal-data.md). */
export function personalDataRoutes(app: FastifyInstance, deps: { personalData: PersonalDataService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-personal-data'];
  const guard = requirePermission('personalData.manage');

  r.get(
    '/api/admin/personal-data',
    { schema: { tags, querystring: visitorQuery, response: { 200: visitorDataResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.personalData.find(visitor(request.query), staffActorOf(request)));
    },
  );

  r.get('/api/admin/personal-data/export', { schema: { tags, querystring: exportQuery }, onRequest: guard }, async (request, reply) => {
    const data = await deps.personalData.exportData(visitor(request.query), staffActorOf(request));
    reply.header('cache-control', 'no-store');
    const html = request.query.format === 'html';
    reply.header('content-disposition', `attachment; filename="personal-data.${html ? 'html' : 'json'}"`);
    reply.type(html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
    return reply.send(html ? visitorDataPage(data) : JSON.stringify(data, null, 2));
  });

  r.post(
    '/api/admin/personal-data/erase',
    { schema: { tags, body: eraseRequest, response: { 200: eraseResponse, ...errors } }, onRequest: guard },
    async (request) => ok(await deps.personalData.erase(visitor(request.body), request.body.reason, staffActorOf(request))),
  );

  r.get(
    '/api/admin/consent-texts',
    { schema: { tags, response: { 200: consentDocumentsResponse, ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ documents: await deps.personalData.consentDocuments(), ...(await deps.personalData.foreignServices()) });
    },
  );

  r.post(
    '/api/admin/consent-texts',
    { schema: { tags, body: publishConsentRequest, response: { 200: publishConsentResponse, ...errors } }, onRequest: guard },
    async (request) => ok({ document: await deps.personalData.publishConsentText(request.body, staffActorOf(request)) }),
  );
}
