import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

/** Ticket types: 0 barcode, 1 QR code, 2 no code button. */
export const TicketType = { barcode: 0, qr: 1, none: 2 } as const;

/** QR image 180x180, barcode 240x102. */
export const QR_SIZE = 180;
export const BARCODE_WIDTH = 240;
export const BARCODE_HEIGHT = 102;

/** The QR code of a ticket code as a 180x180 PNG data URL. */
export async function qrImage(code: string): Promise<string> {
  return QRCode.toDataURL(code, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The Code 128 barcode of a ticket code as a 240x102 SVG data URL: vector bars stay sharp at
 * any zoom and print, and the image has exactly the spec's size.
 */
export function barcodeImage(code: string): string {
  const svg = bwipjs
    .toSVG({ bcid: 'code128', text: code, height: 15, includetext: true, textxalign: 'center', paddingwidth: 4, paddingheight: 2 })
    .replace('<svg ', `<svg width="${BARCODE_WIDTH}" height="${BARCODE_HEIGHT}" preserveAspectRatio="none" `)
    .replace('viewBox', 'viewBox');
  // A white background, so the bars scan on a dark-mode screen too.
  const withBackground = svg.replace(/(<svg[^>]*>)/, '$1<rect width="100%" height="100%" fill="#fff"/>');
  return `data:image/svg+xml;base64,${Buffer.from(withBackground).toString('base64')}`;
}

/** The images a ticket of the given type shows: only its own kind, none for type 2. */
export async function ticketImages(code: string | null, ticketType: number): Promise<{ _qrcode: string; _barcode: string }> {
  if (!code || ticketType === TicketType.none) return { _qrcode: '', _barcode: '' };
  if (ticketType === TicketType.barcode) return { _qrcode: '', _barcode: barcodeImage(code) };
  return { _qrcode: await qrImage(code), _barcode: '' };
}
