import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderHash } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { LANGS } from '../../contract/lang.ts';
import { BusinessError } from '../http.ts';
import type { TicketPdfs } from './ticket-pdf.service.ts';

/** An attachment's file name for every mail client: an ASCII fallback, and the language's own in UTF-8. */
export function pdfDisposition(fileName: string, orderNumber: number): string {
  return `attachment; filename="tickets-${orderNumber}.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** GET /api/order/{hash}/tickets.pdf: all tickets of a paid order in one PDF (the order page's download). */
export function ticketsPdfRoutes(app: FastifyInstance, deps: { ticketPdfs: TicketPdfs }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/order/:hash/tickets.pdf',
    {
      schema: {
        tags: ['order'],
        description:
          'All tickets of a paid order in one PDF, one A4 page each, in the language asked (else the buyer’s). 404 for an unknown or unpaid order, or one with no ticket that admits.',
        params: z.object({ hash: orderHash }),
        querystring: z.object({ lang: z.enum(LANGS).optional() }),
      },
    },
    async (request, reply) => {
      const drawn = await deps.ticketPdfs.orderPdfByHash(request.params.hash, request.query.lang);
      if (!drawn) throw new BusinessError(ErrorCode.notFound, { status: 404 });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', pdfDisposition(drawn.fileName, drawn.orderNumber))
        .header('cache-control', 'private, no-store')
        .send(drawn.pdf);
    },
  );
}
