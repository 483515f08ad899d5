import { formatPrice } from './format-price.ts';
import { type Lang, type Localized, pickLocalized } from './lang.ts';
import type { CurrencyCode } from './setup.ts';

/**
 * The one ticket template's data: what a ticket carries, computed once on the server
 * (server/tickets/ticket-document.ts) and rendered by the e-ticket page, the desk's printed ticket
 * and the PDF through `ticketRequisites`. Zod-free: the ticket page loads it on its first render.
 */
export type TicketDocument = {
  /** The ticket's own page (/ticket/{hash}). */
  hash: string;
  /** What the QR code or barcode encodes, and the door scans; '' when the ticket has no code. */
  code: string;
  codeKind: TicketCodeKind;
  series: string;
  /** The ticket's number within the venue (its id, zero-padded). */
  number: string;
  organizer: Partial<Localized>;
  organizerInn: string;
  event: Localized;
  /** The session's day ('21 ноября 2026'), weekday and time ('' for a whole-day ticket), in the venue's zone. */
  day: Localized;
  weekday: Localized;
  time: string;
  place: Localized;
  address: Localized;
  category: Localized;
  seat: { sector: Localized; row: string; seat: string } | null;
  /** The ticket's price in kopecks. */
  price: number;
  currency: CurrencyCode;
  /** A named ticket's holder, or a Pushkin-card ticket's buyer; null for any other ticket. */
  holder: string | null;
  orderNumber: number;
};

export type TicketCodeKind = 'qr' | 'barcode' | 'none';

/** The spec's ticket types (0 barcode, 1 QR code, 2 no code) as the template's kinds. */
export function codeKindOf(ticketType: number, code: string): TicketCodeKind {
  if (!code || ticketType === 2) return 'none';
  return ticketType === 1 ? 'qr' : 'barcode';
}

/** A requisite's label, named by its key in each renderer's texts (web `ticket` catalog, server `ticket` texts). */
export const REQUISITE_KEYS = ['seriesNumber', 'date', 'place', 'category', 'seat', 'price', 'holder', 'organizer', 'code'] as const;
export type RequisiteKey = (typeof REQUISITE_KEYS)[number];

/** The words a requisite's value is written with, in the renderer's language. */
export type RequisiteWords = {
  seriesNumber: (series: string, number: string) => string;
  inn: (inn: string) => string;
};

export type TicketRequisites = {
  title: string;
  code: string;
  codeKind: TicketCodeKind;
  orderNumber: number;
  /** In print order; a requisite the ticket does not have (no seat, no holder) is left out. */
  lines: { key: RequisiteKey; value: string; extra?: string }[];
};

/**
 * A ticket's printable requisites in one language: the electronic ticket's fields (series and
 * number, organiser and tax number, event, date and time, place, category, seat, price, holder)
 * and its code. Every renderer prints these and nothing else, so the three never drift apart.
 */
export function ticketRequisites(doc: TicketDocument, lang: Lang, words: RequisiteWords): TicketRequisites {
  const lines: TicketRequisites['lines'] = [];
  if (doc.series || doc.number) lines.push({ key: 'seriesNumber', value: words.seriesNumber(doc.series, doc.number) });
  const day = pickLocalized(doc.day, lang);
  const weekday = pickLocalized(doc.weekday, lang);
  lines.push({ key: 'date', value: `${day}${doc.time ? `, ${doc.time}` : ''}${weekday ? ` (${weekday})` : ''}` });
  const place = pickLocalized(doc.place, lang);
  const address = pickLocalized(doc.address, lang);
  lines.push({ key: 'place', value: place, ...(address ? { extra: address } : {}) });
  lines.push({ key: 'category', value: pickLocalized(doc.category, lang) });
  if (doc.seat)
    lines.push({ key: 'seat', value: [pickLocalized(doc.seat.sector, lang), doc.seat.row, doc.seat.seat].filter(Boolean).join(' · ') });
  lines.push({ key: 'price', value: formatPrice(doc.price, doc.currency, lang) });
  if (doc.holder) lines.push({ key: 'holder', value: doc.holder });
  const organizer = pickLocalized(doc.organizer, lang);
  if (organizer || doc.organizerInn) {
    lines.push({ key: 'organizer', value: [organizer, doc.organizerInn ? words.inn(doc.organizerInn) : ''].filter(Boolean).join(', ') });
  }
  if (doc.code) lines.push({ key: 'code', value: doc.code });
  return { title: pickLocalized(doc.event, lang), code: doc.code, codeKind: doc.codeKind, orderNumber: doc.orderNumber, lines };
}
