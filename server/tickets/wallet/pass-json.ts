import type { Lang } from '../../../contract/lang.ts';
import { type TicketDocument, ticketRequisites } from '../../../contract/ticket-model.ts';
import { serverText } from '../../locales/texts.ts';

/** What a pass says besides its ticket's document. */
export type PassContext = {
  passTypeId: string;
  teamId: string;
  /** The session's start as ISO 8601 with the venue's offset: Wallet puts the pass on the lock screen near it. */
  relevantDate: string | undefined;
  /** A returned or replaced ticket's pass is voided: Wallet greys it out and hides its code. */
  voided: boolean;
  /** The venue's PassKit web service (updates and voiding reach the phone); absent: the pass never changes once added. */
  webService?: { url: string; authenticationToken: string };
};

type PassField = { key: string; label: string; value: string };

/**
 * pass.json of an event ticket (Apple's PassKit Package Format, formatVersion 1): the same
 * requisites as the ticket page and the PDF, in the language asked, and the same code as a QR
 * code or a Code 128 barcode. A ticket without a code gets no barcode.
 */
export function passJson(doc: TicketDocument, lang: Lang, ctx: PassContext): Record<string, unknown> {
  const req = ticketRequisites(doc, lang, {
    seriesNumber: (series, number) => serverText('ticket', 'seriesNumberValue', lang, { series, number }),
    inn: (inn) => serverText('ticket', 'inn', lang, { inn }),
  });
  type Label = 'heading' | 'date' | 'place' | 'category' | 'seat' | 'price' | 'holder' | 'seriesNumber' | 'organizer' | 'orderLabel';
  const label = (key: Label) => serverText('ticket', key, lang);
  const field = (key: Exclude<Label, 'heading' | 'orderLabel'>): PassField | undefined => {
    const line = req.lines.find((l) => l.key === key);
    return line && { key, label: label(key), value: line.extra ? `${line.value}, ${line.extra}` : line.value };
  };
  const present = (fields: (PassField | undefined)[]) => fields.filter((f): f is PassField => f !== undefined);
  const organizer = req.lines.find((l) => l.key === 'organizer')?.value.split(', ')[0] ?? '';
  const barcode =
    doc.codeKind === 'none' || !doc.code
      ? undefined
      : {
          format: doc.codeKind === 'qr' ? 'PKBarcodeFormatQR' : 'PKBarcodeFormatCode128',
          message: doc.code,
          messageEncoding: 'iso-8859-1',
          altText: doc.code,
        };
  return {
    formatVersion: 1,
    passTypeIdentifier: ctx.passTypeId,
    teamIdentifier: ctx.teamId,
    serialNumber: doc.hash,
    organizationName: organizer || req.title,
    description: `${label('heading')}: ${req.title}`,
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(200, 200, 200)',
    backgroundColor: 'rgb(34, 34, 34)',
    ...(ctx.relevantDate ? { relevantDate: ctx.relevantDate } : {}),
    ...(ctx.voided ? { voided: true } : {}),
    ...(ctx.webService ? { webServiceURL: ctx.webService.url, authenticationToken: ctx.webService.authenticationToken } : {}),
    ...(barcode ? { barcodes: [barcode], barcode } : {}),
    eventTicket: {
      primaryFields: [{ key: 'event', label: label('heading'), value: req.title }],
      secondaryFields: present([field('date')]),
      auxiliaryFields: present([field('seat') ?? field('category'), field('holder')]),
      backFields: present([
        field('place'),
        field('category'),
        field('seat'),
        field('price'),
        field('holder'),
        field('seriesNumber'),
        field('organizer'),
        { key: 'order', label: label('orderLabel'), value: String(req.orderNumber) },
      ]),
    },
  };
}
