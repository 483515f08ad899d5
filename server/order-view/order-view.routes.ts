import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessResult, normalizeLang, ticketHash } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import {
  addOffersRequest,
  cancelDiscountRequest,
  discountRequest,
  discountResponse,
  heldOrdersRequest,
  heldOrdersResponse,
  orderViewRequest,
  orderViewResponse,
  removeOfferRequest,
  ticketReturnedResponse,
  ticketViewResponse,
} from '../../contract/order-view.ts';
import { type CrmService, crmTokenOf } from '../crm/crm.service.ts';
import { BusinessError, ok } from '../http.ts';
import type { DiscountsService } from '../loyalty/discounts.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { OrderViewService } from './order-view.service.ts';

// Every change of the order below may change its sum, which cancels its payments in progress in
// the change's own transaction (recomputeOrderTotals); once it committed, the acquirer is told.
export function orderViewRoutes(
  app: FastifyInstance,
  deps: {
    orderView: OrderViewService;
    offers: OffersService;
    discounts: DiscountsService;
    payments: PaymentsService;
    now: () => number;
    crm?: Pick<CrmService, 'clientIdOf'>;
    /** The venue offers Apple Wallet passes (WALLET_* configured). */
    walletPasses?: boolean;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const at = () => new Date(deps.now());

  r.post(
    '/api/order/view',
    { schema: { tags: ['order'], body: orderViewRequest, response: { 200: orderViewResponse, '4xx': businessResult } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.orderView.order({ hash: request.body.hash, bankId: request.body.bank_data?.id }));
    },
  );

  r.post(
    '/api/order/held',
    { schema: { tags: ['order'], body: heldOrdersRequest, response: { 200: heldOrdersResponse, '4xx': businessResult } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ orders: await deps.orderView.held({ eventHash: request.body.hash, orders: request.body.orders, at: at() }) });
    },
  );

  r.post(
    '/api/order/add-special-offer',
    { schema: { tags: ['order'], body: addOffersRequest, response: { 200: businessResult, '4xx': businessResult } } },
    async (request) => {
      await deps.offers.add({ hash: request.body.hash, items: request.body.data, at: at() });
      await deps.payments.cancelAtAcquirer({ hash: request.body.hash });
      return ok({});
    },
  );

  r.post(
    '/api/order/remove-special-offer',
    { schema: { tags: ['order'], body: removeOfferRequest, response: { 200: businessResult, '4xx': businessResult } } },
    async (request) => {
      await deps.offers.remove({ hash: request.body.hash, id: request.body.id, at: at() });
      await deps.payments.cancelAtAcquirer({ hash: request.body.hash });
      return ok({});
    },
  );

  r.post(
    '/api/order/discount',
    {
      schema: {
        tags: ['order'],
        body: discountRequest,
        response: {
          200: discountResponse,
          '4xx': businessResult.extend({ promoCode: z.string().optional(), cardProof: z.string().optional() }),
        },
      },
    },
    async (request) => {
      const { hash, lang, promoCode, cardCode, cardProof, bonuses } = request.body;
      const applied = await deps.discounts.apply({
        hash,
        lang: normalizeLang(lang),
        promoCode,
        cardCode,
        cardProof,
        bonuses,
        at: at(),
        crmClientId: deps.crm?.clientIdOf(crmTokenOf(request)),
        clientIp: request.ip,
      });
      await deps.payments.cancelAtAcquirer({ hash });
      return ok(applied);
    },
  );

  r.post(
    '/api/order/discount/cancel',
    { schema: { tags: ['order'], body: cancelDiscountRequest, response: { 200: businessResult, '4xx': businessResult } } },
    async (request) => {
      await deps.discounts.cancel({ hash: request.body.hash, what: request.body.what ?? 'all', at: at() });
      await deps.payments.cancelAtAcquirer({ hash: request.body.hash });
      return ok({});
    },
  );

  r.get(
    '/api/ticket/:hash',
    {
      schema: {
        tags: ['order'],
        params: z.object({ hash: ticketHash }),
        response: { 200: ticketViewResponse, 410: ticketReturnedResponse, '4xx': businessResult },
      },
    },
    async (request, reply) => {
      const ticket = await deps.orderView.ticket(request.params.hash);
      if (!ticket) throw new BusinessError(ErrorCode.notFound, { status: 404 });
      reply.header('cache-control', 'no-store');
      return ok({ ...ticket, wallet: deps.walletPasses === true });
    },
  );
}
