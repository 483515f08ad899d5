import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessResult } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { confirmNominalRequest, confirmNominalResponse, orderDataRequest, orderDataResponse } from '../../contract/nominal.ts';
import type { NominalService } from './nominal.service.ts';

/** POST /api/order-data and POST /api/confirm-nominal. */
export function nominalRoutes(app: FastifyInstance, deps: { nominal: NominalService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusal = businessResult.loose();

  r.post(
    '/api/order-data',
    { schema: { tags: ['nominal'], body: orderDataRequest, response: { 200: orderDataResponse, 404: refusal } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.nominal.orderData(request.body.hash);
    },
  );

  r.post(
    '/api/confirm-nominal',
    {
      schema: {
        tags: ['nominal'],
        body: confirmNominalRequest,
        response: { 200: confirmNominalResponse, 400: refusal, 404: refusal, 409: refusal },
      },
    },
    async (request) => {
      const { hash } = await deps.nominal.confirmNominal(request.body, request.ip);
      return { errorCode: ErrorCode.ok, errorText: '', hash };
    },
  );
}
