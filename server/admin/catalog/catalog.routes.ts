import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  catalogOptionsResponse,
  eventDeleteQuery,
  eventDeletedResponse,
  eventEditorResponse,
  eventIdParams,
  eventListQuery,
  eventListResponse,
  eventPublishRequest,
  eventSaveRequest,
  eventConflictResponse,
  eventSavedResponse,
  entryDeleteQuery,
  entryDeletedResponse,
  entryKindParams,
  entryListResponse,
  entryParams,
  entrySaveRequest,
  entrySavedResponse,
} from '../../../contract/admin/catalog.ts';
import { ok, requestLang } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { EntryEditor } from './entries.service.ts';
import type { EventEditor } from './events.service.ts';

/** The catalog in the back office: the export; events (list, form, publishing, deletion); the other entries (list, save, deletion). */
export function catalogRoutes(app: FastifyInstance, deps: { events: EventEditor; entries: EntryEditor }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-catalog'];
  const guard = requirePermission('catalog.write');

  r.get(
    '/api/admin/catalog/export',
    { schema: { tags, response: { 200: z.record(z.string(), z.unknown()), ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', 'attachment; filename="catalog.json"');
      return deps.events.exportAll();
    },
  );

  r.get(
    '/api/admin/catalog/options',
    { schema: { tags, response: { 200: catalogOptionsResponse, ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.events.options());
    },
  );

  r.get(
    '/api/admin/catalog/events',
    { schema: { tags, querystring: eventListQuery, response: { 200: eventListResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, kindId, published } = request.query;
      return ok({ events: await deps.events.list({ q, kindId, published }) });
    },
  );

  r.get(
    '/api/admin/catalog/events/:id',
    { schema: { tags, params: eventIdParams, response: { 200: eventEditorResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.events.load(request.params.id));
    },
  );

  r.post(
    '/api/admin/catalog/events',
    {
      schema: { tags, body: eventSaveRequest, response: { 200: eventSavedResponse, 409: eventConflictResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => {
      const { event, recurrences, confirm } = request.body;
      return ok(await deps.events.create({ draft: event, recurrences, confirm, actor: staffActorOf(request), lang: requestLang(request) }));
    },
  );

  r.put(
    '/api/admin/catalog/events/:id',
    {
      schema: {
        tags,
        params: eventIdParams,
        body: eventSaveRequest,
        response: { 200: eventSavedResponse, 409: eventConflictResponse, ...errors },
      },
      onRequest: guard,
    },
    async (request) => {
      const { event, recurrences, revision, confirm } = request.body;
      return ok(
        await deps.events.update({
          id: request.params.id,
          revision,
          draft: event,
          recurrences,
          confirm,
          actor: staffActorOf(request),
          lang: requestLang(request),
        }),
      );
    },
  );

  r.post(
    '/api/admin/catalog/events/:id/publish',
    {
      schema: {
        tags,
        params: eventIdParams,
        body: eventPublishRequest,
        response: { 200: eventSavedResponse, 409: eventConflictResponse, ...errors },
      },
      onRequest: guard,
    },
    async (request) =>
      ok(
        await deps.events.publish({
          id: request.params.id,
          revision: request.body.revision,
          published: request.body.published,
          confirm: request.body.confirm,
          actor: staffActorOf(request),
          lang: requestLang(request),
        }),
      ),
  );

  r.delete(
    '/api/admin/catalog/events/:id',
    {
      schema: { tags, params: eventIdParams, querystring: eventDeleteQuery, response: { 200: eventDeletedResponse, ...errors } },
      onRequest: guard,
    },
    async (request) =>
      ok(await deps.events.remove({ id: request.params.id, revision: request.query.revision, actor: staffActorOf(request) })),
  );

  const entrySaved = entrySavedResponse;

  r.get(
    '/api/admin/catalog/entries/:kind',
    { schema: { tags, params: entryKindParams, response: { 200: entryListResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ entries: await deps.entries.list(request.params.kind) });
    },
  );

  r.post(
    '/api/admin/catalog/entries/:kind',
    { schema: { tags, params: entryKindParams, body: entrySaveRequest, response: { 200: entrySaved, ...errors } }, onRequest: guard },
    async (request) =>
      ok(
        await deps.entries.save({
          kind: request.params.kind,
          entry: request.body.entry,
          actor: staffActorOf(request),
          lang: requestLang(request),
        }),
      ),
  );

  r.put(
    '/api/admin/catalog/entries/:kind/:id',
    { schema: { tags, params: entryParams, body: entrySaveRequest, response: { 200: entrySaved, ...errors } }, onRequest: guard },
    async (request) => {
      const { revision, entry } = request.body;
      return ok(
        await deps.entries.save({
          kind: request.params.kind,
          id: request.params.id,
          ...(revision === undefined ? {} : { revision }),
          entry,
          actor: staffActorOf(request),
          lang: requestLang(request),
        }),
      );
    },
  );

  r.delete(
    '/api/admin/catalog/entries/:kind/:id',
    {
      schema: { tags, params: entryParams, querystring: entryDeleteQuery, response: { 200: entryDeletedResponse, ...errors } },
      onRequest: guard,
    },
    async (request) =>
      ok(
        await deps.entries.remove({
          kind: request.params.kind,
          id: request.params.id,
          revision: request.query.revision,
          actor: staffActorOf(request),
        }),
      ),
  );
}
