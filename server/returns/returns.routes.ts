import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessResult, orderHash } from '../../contract/common.ts';
import {
  orderReturnRequest,
  orderReturnResponse,
  returnConfirmRequest,
  returnConfirmResponse,
  returnCreateRequest,
  returnCreateResponse,
  returnRefusal,
} from '../../contract/returns.ts';
import { z } from 'zod';
import { ok } from '../http.ts';
import { toRoubles } from '../../contract/format-price.ts';
import type { ReturnsService } from './returns.service.ts';

/** The return calls: order return, return create, return confirm. */
export function returnsRoutes(app: FastifyInstance, deps: { returns: ReturnsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/order/return/:hash',
    {
      schema: {
        tags: ['return'],
        params: z.object({ hash: orderHash }),
        body: orderReturnRequest,
        response: { 200: orderReturnResponse, '4xx': businessResult },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const response = await deps.returns.viewReturn({
        hash: request.params.hash,
        lang: request.body.lang,
        hashConf: request.body.hashConf,
      });
      return ok({ response });
    },
  );

  r.post(
    '/api/order/return-create',
    { schema: { tags: ['return'], body: returnCreateRequest, response: { 200: returnCreateResponse, '4xx': returnRefusal } } },
    async (request) => {
      const { hash, lang, reason, id, consent } = request.body;
      const created = await deps.returns.createReturn({ hash, lang, reasonId: reason, ids: id, consent }, request.ip);
      return ok({ response: { error_code: 0, summa: toRoubles(created.amount), expires: created.expiresAt.toISOString() } });
    },
  );

  r.post(
    '/api/order/return-confirm',
    { schema: { tags: ['return'], body: returnConfirmRequest, response: { 200: returnConfirmResponse, '4xx': returnRefusal } } },
    async (request) => {
      const { hash, lang, hashConf, consent } = request.body;
      const confirmed = await deps.returns.confirmReturn({ hash, lang, hashConf, consent }, request.ip);
      return ok({
        response: {
          error_code: 0,
          summa: toRoubles(confirmed.amount),
          status_id: confirmed.status,
          bonuses_restored: confirmed.bonusesRestored,
          bonuses_revoked: confirmed.bonusesRevoked,
        },
      });
    },
  );
}
