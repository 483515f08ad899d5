import { createHash } from 'node:crypto';
import { type Lang, pickLocalized } from '../../contract/lang.ts';
import { parseMediaUrl } from '../../contract/media.ts';
import type { Db } from '../db/client.ts';
import { findVariant } from '../media/media.repository.ts';
import { type TicketVenue, orderTicketDocuments } from './ticket-document.ts';
import { PDF_TEMPLATE_VERSION, renderTicketsPdf } from './ticket-pdf.ts';
import { findCachedPdf, findEventPosters, findPaidOrderByHash, storeCachedPdf } from './ticket-pdf.repository.ts';
import { normalizeLang } from '../../contract/lang.ts';
import { serverText } from '../locales/texts.ts';
import type { MailAttachment } from '../mail/transport.ts';
import { findOrderById } from '../orders/orders.repository.ts';

/** The poster's width in the PDF's source image: sharp at 150 pt, small in the file. */
const POSTER_WIDTH = 640;

export type TicketPdfs = ReturnType<typeof createTicketPdfs>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The tickets PDFs, for the mail worker's attachments (server/start.ts). */
    ticketPdfs: TicketPdfs;
  }
}

/**
 * The tickets PDF of a paid order: drawn once per version of what it prints (the tickets'
 * documents, posters and the template), then served from the cache until any of them changes.
 * Undefined when the order has no ticket that admits.
 */
export function createTicketPdfs(deps: { db: Db; now: () => number; venue: () => Promise<TicketVenue> }) {
  async function posterOf(image: Record<string, string> | undefined, lang: Lang): Promise<Uint8Array | undefined> {
    const media = parseMediaUrl(pickLocalized(image, lang));
    if (!media) return undefined;
    return findVariant(deps.db, media.hash, POSTER_WIDTH, media.fallback);
  }

  async function orderPdf(orderId: number, lang: Lang): Promise<{ pdf: Buffer; orderNumber: number; fileName: string } | undefined> {
    const drawn = await draw(orderId, lang);
    return drawn && { ...drawn, fileName: serverText('ticket', 'pdfFile', lang, { number: drawn.orderNumber }) };
  }

  return {
    orderPdf,
    /** The tickets e-mail's attachment: the order's PDF in the buyer's language; none when no ticket admits. */
    async mailAttachments(orderId: number): Promise<MailAttachment[]> {
      const order = await findOrderById(deps.db, orderId);
      const drawn = order ? await orderPdf(order.id, normalizeLang(order.lang)) : undefined;
      return drawn ? [{ filename: drawn.fileName, content: drawn.pdf, contentType: 'application/pdf' }] : [];
    },
    /** The storefront's download: the paid order its hash names, in the language asked, else the buyer's. */
    async orderPdfByHash(hash: string, lang: Lang | undefined) {
      const order = await findPaidOrderByHash(deps.db, hash);
      return order ? orderPdf(order.id, lang ?? normalizeLang(order.lang)) : undefined;
    },
  };

  async function draw(orderId: number, lang: Lang): Promise<{ pdf: Buffer; orderNumber: number } | undefined> {
    const tickets = await orderTicketDocuments(deps.db, orderId, await deps.venue());
    const first = tickets[0];
    if (!first) return undefined;
    const images = await findEventPosters(deps.db, [...new Set(tickets.map((t) => t.eventId))]);
    const posterByEvent = new Map<number, Uint8Array | undefined>();
    for (const eventId of images.keys()) posterByEvent.set(eventId, await posterOf(images.get(eventId), lang));
    const pages = tickets.map((t) => ({ document: t.document, poster: posterByEvent.get(t.eventId) }));
    const digest = createHash('sha256').update(JSON.stringify({ v: PDF_TEMPLATE_VERSION, docs: tickets.map((t) => t.document) }));
    for (const page of pages) digest.update(page.poster ? createHash('sha256').update(page.poster).digest() : Buffer.alloc(0));
    const version = digest.digest('base64url');
    const cached = await findCachedPdf(deps.db, orderId, lang, version);
    if (cached) return { pdf: cached, orderNumber: first.document.orderNumber };
    const pdf = await renderTicketsPdf(pages, lang);
    await storeCachedPdf(deps.db, orderId, lang, version, pdf, new Date(deps.now()));
    return { pdf, orderNumber: first.document.orderNumber };
  }
}
