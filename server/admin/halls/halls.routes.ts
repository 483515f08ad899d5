import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  hallFileResponse,
  hallIdParams,
  hallListResponse,
  hallPreviewResponse,
  hallSaveResponse,
  hallSessionMapResponse,
  hallSessionParams,
  hallSessionsResponse,
  hallSourceRequest,
  hallsLangQuery,
  seatBlockRequest,
  seatBlockResponse,
  seatUnblockRequest,
} from '../../../contract/admin/halls.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { HALL_LIMITS } from '../../../contract/admin/halls-rules.ts';
import { toBcp47 } from '../../../contract/lang.ts';
import { BusinessError, adminErrorText, ok } from '../../http.ts';
import { compressText, pickEncoding } from '../../text-compression.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { HallsDesk } from './halls.service.ts';
import type { SeatBlocks } from './seat-blocks.service.ts';

/**
 * A hall's text is pasted or uploaded whole (a 25,000-seat plan written seat by seat runs to
 * megabytes): the preview and the save take a body of HALL_LIMITS.sourceBodyMaxBytes, and refuse
 * a larger one naming the limit in characters, the unit the page counts in.
 */
const largeSource = {
  bodyLimit: HALL_LIMITS.sourceBodyMaxBytes,
  config: {
    bodyTooLarge: () =>
      new BusinessError(AdminErrorCode.hallSourceTooLarge, {
        status: 413,
        text: (lang) =>
          adminErrorText(AdminErrorCode.hallSourceTooLarge, lang, new Intl.NumberFormat(toBcp47(lang)).format(HALL_LIMITS.sourceMaxChars)),
        details: { fields: [{ path: 'source', code: 'source-too-large' }] },
      }),
  },
};

/** Halls (list, a hall's catalog entry, preview, create or replace) and seats blocked per session. */
export function hallsRoutes(app: FastifyInstance, deps: { halls: HallsDesk; blocks: SeatBlocks }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-halls'];
  const guard = requirePermission('catalog.write');

  r.get(
    '/api/admin/halls',
    { schema: { tags, querystring: hallsLangQuery, response: { 200: hallListResponse, ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.halls.list());
    },
  );

  r.get(
    '/api/admin/halls/sessions',
    { schema: { tags, querystring: hallsLangQuery, response: { 200: hallSessionsResponse, ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.blocks.sessions());
    },
  );

  r.get(
    '/api/admin/halls/sessions/:id/map',
    {
      schema: { tags, params: hallSessionParams, querystring: hallsLangQuery, response: { 200: hallSessionMapResponse, ...errors } },
      onRequest: guard,
    },
    async (request, reply) => {
      const json = JSON.stringify(ok(await deps.blocks.map(request.params.id, request.query.lang)));
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      // A large hall's answer is ~0.5 MB of repetitive numbers, built from typed service output:
      // sent as JSON text without a second pass through the schema serializer (a Buffer is sent
      // as it is, which the untyped reply allows), compressed to a tenth when the browser takes it.
      const raw: FastifyReply = reply;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding || json.length < 1024) return raw.send(Buffer.from(json));
      raw.header('content-encoding', encoding).header('vary', 'accept-encoding');
      return raw.send(await compressText(json, encoding));
    },
  );

  r.post(
    '/api/admin/halls/sessions/:id/blocks',
    {
      schema: { tags, params: hallSessionParams, body: seatBlockRequest, response: { 200: seatBlockResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok(await deps.blocks.block(request.params.id, request.body, staffActorOf(request))),
  );

  r.delete(
    '/api/admin/halls/sessions/:id/blocks',
    {
      schema: { tags, params: hallSessionParams, body: seatUnblockRequest, response: { 200: seatBlockResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok(await deps.blocks.unblock(request.params.id, request.body, staffActorOf(request))),
  );

  r.get(
    '/api/admin/halls/:id',
    {
      schema: { tags, params: hallIdParams, querystring: hallsLangQuery, response: { 200: hallFileResponse, ...errors } },
      onRequest: guard,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.halls.file(request.params.id));
    },
  );

  r.post(
    '/api/admin/halls/preview',
    { schema: { tags, body: hallSourceRequest, response: { 200: hallPreviewResponse, ...errors } }, onRequest: guard, ...largeSource },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.halls.preview(request.body, request.body.lang));
    },
  );

  r.post(
    '/api/admin/halls',
    { schema: { tags, body: hallSourceRequest, response: { 200: hallSaveResponse, ...errors } }, onRequest: guard, ...largeSource },
    async (request) => ok(await deps.halls.save(request.body, staffActorOf(request))),
  );
}
