import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createOrderRequest, createOrderResponse } from '../../contract/order-create.ts';
import { type CrmService, crmTokenOf } from '../crm/crm.service.ts';
import type { SetupService } from '../setup/setup.service.ts';
import { type CreateOrderDeps, createQuantityOrder } from './quantity-order.service.ts';

export function quantityOrderRoutes(
  app: FastifyInstance,
  deps: CreateOrderDeps & { setup: SetupService; crm: CrmService; now: () => number },
) {
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
      const { hash } = await createQuantityOrder(deps, request.body, {
        now: new Date(deps.now()),
        setup: await deps.setup.get(),
        crmClientId: deps.crm.clientIdOf(crmTokenOf(request)),
        remoteIp: request.ip,
      });
      return { errorCode: '0', errorText: '', hash };
    },
  );
}
