import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createOrderRequest, createOrderResponse } from '../../contract/order-create.ts';
import { type CrmService, crmTokenOf } from '../crm/crm.service.ts';
import type { QuantityOrderService } from './quantity-order.service.ts';

export function quantityOrderRoutes(app: FastifyInstance, deps: { quantityOrders: QuantityOrderService; crm: CrmService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/order/create',
    {
      schema: {
        tags: ['order'],
        summary: 'Create a quantity order of the event page',
        body: createOrderRequest,
        response: { 200: createOrderResponse },
      },
    },
    async (request) => {
      const { hash } = await deps.quantityOrders.create(request.body, {
        crmClientId: deps.crm.clientIdOf(crmTokenOf(request)),
        remoteIp: request.ip,
      });
      return { errorCode: '0', errorText: '', hash };
    },
  );
}
