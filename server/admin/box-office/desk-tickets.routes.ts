import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  deskOrderParams,
  deskOrderResponse,
  deskOrdersQuery,
  deskOrdersResponse,
  deskPrintRequest,
  deskPrintResponse,
  printSettingsRequest,
  printSettingsResponse,
} from '../../../contract/admin/desk-tickets.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { langField } from '../../../contract/common.ts';
import { z } from 'zod';
import { BusinessError, ok } from '../../http.ts';
import type { TicketPdfs } from '../../tickets/ticket-pdf.service.ts';
import { pdfDisposition } from '../../tickets/tickets-pdf.routes.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { DeskTickets } from './desk-tickets.service.ts';

/** The desk's printed tickets: hand-out search, an order's tickets, a print, the PDF, and the venue's duplicate choice. */
export function deskTicketsRoutes(app: FastifyInstance, deps: { deskTickets: DeskTickets; ticketPdfs: TicketPdfs }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-desk'];
  const sell = requirePermission('desk.sell');

  r.get(
    '/api/admin/desk/orders',
    {
      schema: {
        tags,
        description:
          'Hand-out: paid orders by number, a ticket’s code (typed, or a USB scanner’s keystrokes) or the buyer’s e-mail. -2640 when none.',
        querystring: deskOrdersQuery,
        response: { 200: deskOrdersResponse, ...errors },
      },
      onRequest: sell,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.deskTickets.search(request.query.q));
    },
  );

  r.get(
    '/api/admin/desk/orders/:id',
    { schema: { tags, params: deskOrderParams, response: { 200: deskOrderResponse, ...errors } }, onRequest: sell },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.deskTickets.order(request.params.id));
    },
  );

  r.post(
    '/api/admin/desk/orders/:id/prints',
    {
      schema: {
        tags,
        description:
          'Records a print of these tickets and answers them to print; a reprint is a duplicate (under the venue’s reissue choice with a new code).',
        params: deskOrderParams,
        body: deskPrintRequest,
        response: { 200: deskPrintResponse, ...errors },
      },
      onRequest: sell,
    },
    async (request) => ok(await deps.deskTickets.print(request.params.id, request.body.ticketIds, staffActorOf(request))),
  );

  r.get(
    '/api/admin/desk/orders/:id/tickets.pdf',
    { schema: { tags, params: deskOrderParams, querystring: z.object({ lang: langField }) }, onRequest: sell },
    async (request, reply) => {
      const drawn = await deps.ticketPdfs.orderPdf(request.params.id, request.query.lang);
      if (!drawn) throw new BusinessError(AdminErrorCode.deskOrderNotFound, { status: 404 });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', pdfDisposition(drawn.fileName, drawn.orderNumber))
        .header('cache-control', 'no-store')
        .send(drawn.pdf);
    },
  );

  r.get(
    '/api/admin/desk/print-settings',
    { schema: { tags, response: { 200: printSettingsResponse, ...errors } }, onRequest: sell },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ duplicatePolicy: await deps.deskTickets.duplicatePolicy() });
    },
  );

  r.put(
    '/api/admin/desk/print-settings',
    {
      schema: { tags, body: printSettingsRequest, response: { 200: printSettingsResponse, ...errors } },
      onRequest: requirePermission('setup.write'),
    },
    async (request) =>
      ok({ duplicatePolicy: await deps.deskTickets.setDuplicatePolicy(request.body.duplicatePolicy, staffActorOf(request)) }),
  );
}
