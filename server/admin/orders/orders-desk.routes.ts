import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  cancelOrderRequest,
  cancelOrderResponse,
  deskOrderResponse,
  langQuery,
  orderIdParams,
  orderEmailRequest,
  orderEmailResponse,
  orderNoteRequest,
  orderNoteResponse,
  orderSearchQuery,
  orderSearchResponse,
  resendTicketsRequest,
  resendTicketsResponse,
  refundQuoteRequest,
  refundQuoteResponse,
  staffRefundRequest,
  staffRefundResponse,
} from '../../../contract/admin/orders.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { OrdersDesk } from './orders-desk.service.ts';

/** The orders desk: search, an order's page, and what staff do to an order. */
export function ordersDeskRoutes(app: FastifyInstance, deps: { desk: OrdersDesk }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-orders'];

  r.get(
    '/api/admin/orders',
    {
      schema: { tags, querystring: orderSearchQuery, response: { 200: orderSearchResponse, ...errors } },
      onRequest: requirePermission('orders.read'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, limit, cursor } = request.query;
      return ok(await deps.desk.search({ q, limit, cursor: cursor ?? null }));
    },
  );

  r.get(
    '/api/admin/orders/:id',
    {
      schema: { tags, params: orderIdParams, querystring: langQuery, response: { 200: deskOrderResponse, ...errors } },
      onRequest: requirePermission('orders.read'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.desk.view(request.params.id, staffActorOf(request)));
    },
  );

  r.post(
    '/api/admin/orders/:id/resend-tickets',
    {
      schema: { tags, params: orderIdParams, body: resendTicketsRequest, response: { 200: resendTicketsResponse, ...errors } },
      onRequest: requirePermission('orders.write'),
    },
    async (request) =>
      ok(await deps.desk.resendTickets({ orderId: request.params.id, to: request.body.to ?? null, actor: staffActorOf(request) })),
  );

  r.post(
    '/api/admin/orders/:id/email',
    {
      schema: { tags, params: orderIdParams, body: orderEmailRequest, response: { 200: orderEmailResponse, ...errors } },
      onRequest: requirePermission('orders.write'),
    },
    async (request) =>
      ok(
        await deps.desk.changeEmail({
          orderId: request.params.id,
          email: request.body.email,
          reason: request.body.reason,
          actor: staffActorOf(request),
        }),
      ),
  );

  r.post(
    '/api/admin/orders/:id/cancel',
    {
      schema: { tags, params: orderIdParams, body: cancelOrderRequest, response: { 200: cancelOrderResponse, ...errors } },
      onRequest: requirePermission('orders.write'),
    },
    async (request) =>
      ok(await deps.desk.cancelUnpaid({ orderId: request.params.id, reason: request.body.reason, actor: staffActorOf(request) })),
  );

  r.post(
    '/api/admin/orders/:id/refund',
    {
      schema: { tags, params: orderIdParams, body: staffRefundRequest, response: { 200: staffRefundResponse, ...errors } },
      onRequest: requirePermission('orders.refund'),
    },
    async (request) => {
      const { ticketIds, percent, reason, reasonId } = request.body;
      return ok(await deps.desk.refund({ orderId: request.params.id, ticketIds, percent, reason, reasonId, actor: staffActorOf(request) }));
    },
  );

  r.post(
    '/api/admin/orders/:id/refund-quote',
    {
      schema: { tags, params: orderIdParams, body: refundQuoteRequest, response: { 200: refundQuoteResponse, ...errors } },
      onRequest: requirePermission('orders.refund'),
    },
    async (request) =>
      ok(await deps.desk.quoteRefund({ orderId: request.params.id, ticketIds: request.body.ticketIds, percent: request.body.percent })),
  );

  r.post(
    '/api/admin/orders/:id/notes',
    {
      schema: { tags, params: orderIdParams, body: orderNoteRequest, response: { 200: orderNoteResponse, ...errors } },
      onRequest: requirePermission('orders.write'),
    },
    async (request) => ok(await deps.desk.addNote({ orderId: request.params.id, body: request.body.body, actor: staffActorOf(request) })),
  );
}
