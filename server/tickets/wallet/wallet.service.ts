import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type Lang, normalizeLang } from '../../../contract/lang.ts';
import { OrderStatus, isReturned } from '../../../contract/order-status.ts';
import type { TicketDocument } from '../../../contract/ticket-model.ts';
import type { Queryable } from '../../db/client.ts';
import { findViewLines } from '../../order-view/order-view.repository.ts';
import { findOrderById } from '../../orders/orders.repository.ts';
import { isoInZone } from '../../seo/event-json-ld.ts';
import { type TicketVenue, ticketDocumentOf } from '../ticket-document.ts';
import { findDocumentTickets, findTicketByHash } from '../tickets.repository.ts';
import { passJson } from './pass-json.ts';
import { type PassSigner, buildPkpass, solidPng } from './pkpass.ts';

export type WalletPasses = ReturnType<typeof createWalletPasses>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Apple Wallet passes, for the refresh and push jobs (server/start.ts); undefined when the venue has none. */
    walletPasses: WalletPasses | undefined;
  }
}

/** The icon Wallet shows in notifications: the pass's background colour, at 1×, 2× and 3×. */
const ICON_RGB = [34, 34, 34] as const;
const ICONS: Record<string, Uint8Array> = {
  'icon.png': solidPng(29, ICON_RGB),
  'icon@2x.png': solidPng(58, ICON_RGB),
  'icon@3x.png': solidPng(87, ICON_RGB),
};

export type PassState = {
  document: TicketDocument;
  lang: Lang;
  voided: boolean;
  startsAt: Date;
  hasTime: boolean;
};

/**
 * Apple Wallet passes of tickets (docs/tickets.md), when the venue has configured its Pass Type
 * ID certificate: one pass per ticket, built from the same ticket document as the page and the
 * PDF, signed on each request (a pass is a few kilobytes; signing takes about a millisecond).
 * With the venue's PassKit web service (an https PUBLIC_URL), a pass carries its web service URL
 * and a per-pass token, so a moved session or a returned ticket reaches the phone.
 */
export function createWalletPasses(deps: {
  db: Queryable;
  now: () => number;
  venue: () => Promise<TicketVenue>;
  signer: PassSigner;
  /** The web service's base URL (…/api/wallet), or undefined when passes are not updatable. */
  webServiceUrl: string | undefined;
  /** The server's secret: each pass's authentication token is derived from it. */
  secret: string;
}) {
  const tokenOf = (serial: string) => createHmac('sha256', deps.secret).update(`wallet-pass:${serial}`).digest('base64url');

  /** The ticket a serial number (its hash) names, as its pass shows it now; undefined for an unknown or unpaid one. */
  async function stateOf(serial: string, lang?: Lang): Promise<PassState | undefined> {
    const ticket = await findTicketByHash(deps.db, serial);
    if (!ticket) return undefined;
    const order = await findOrderById(deps.db, ticket.order_id);
    if (!order || order.status !== OrderStatus.paid) return undefined;
    const [lines, tickets, venue] = await Promise.all([
      findViewLines(deps.db, order.id),
      findDocumentTickets(deps.db, order.id),
      deps.venue(),
    ]);
    const line = lines.find((l) => l.id === ticket.order_line_id);
    const row = tickets.find((t) => t.id === ticket.id);
    if (!line || !row) return undefined;
    const voided = isReturned(row.status) || !row.code;
    return {
      document: ticketDocumentOf(line, row, order, venue),
      lang: lang ?? normalizeLang(order.lang),
      voided,
      startsAt: line.starts_at,
      hasTime: line.has_time,
    };
  }

  async function render(state: PassState): Promise<{ pkpass: Uint8Array; tag: string }> {
    const { timeZone } = await deps.venue();
    const json = passJson(state.document, state.lang, {
      passTypeId: deps.signer.passTypeId,
      teamId: deps.signer.teamId,
      relevantDate: state.hasTime ? isoInZone(state.startsAt, timeZone, true) : undefined,
      voided: state.voided,
      ...(deps.webServiceUrl ? { webService: { url: deps.webServiceUrl, authenticationToken: tokenOf(state.document.hash) } } : {}),
    });
    const passBytes = Buffer.from(JSON.stringify(json));
    const pkpass = buildPkpass({ 'pass.json': passBytes, ...ICONS }, deps.signer, new Date(deps.now()));
    return { pkpass, tag: createHash('sha256').update(passBytes).digest('base64url') };
  }

  return {
    passTypeId: deps.signer.passTypeId,
    updatable: deps.webServiceUrl !== undefined,
    stateOf,
    render,
    /** The pass of a ticket that still admits, in the language asked; undefined otherwise (a returned ticket gets none). */
    async passForTicket(hash: string, lang: Lang | undefined) {
      const state = await stateOf(hash, lang);
      if (!state || state.voided) return undefined;
      return { ...(await render(state)), number: state.document.number };
    },
    /** A device's "Authorization: ApplePass <token>" for a serial number, compared in constant time. */
    authorized(serial: string, header: string | undefined): boolean {
      const given = /^ApplePass (\S+)$/.exec(header ?? '')?.[1];
      if (!given) return false;
      const expected = Buffer.from(tokenOf(serial));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
