import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import bwipjs from 'bwip-js';
import { type Font, create as parseFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Lang } from '../../contract/lang.ts';
import { type TicketDocument, ticketRequisites } from '../../contract/ticket-model.ts';
import { serverText } from '../locales/texts.ts';

/**
 * The fonts every PDF embeds (subset to the glyphs it uses): Noto Sans for Latin and Cyrillic,
 * Kazakh's letters and the ₽ and ₸ signs included, and Noto Sans Hans (Noto Sans CJK's Simplified
 * Chinese) for Chinese, which lacks Kazakh's letters and the currency signs.
 *
 * Read and parsed once, then kept: given the bytes, pdfkit parses a font anew for every PDF, and
 * parsing the 8.4 MB CJK font's tables took most of a Chinese PDF's time. pdfkit takes a parsed
 * font (anything with `layout`) where its types say bytes, and each PDF makes its own subset of it.
 * One parsed pair serves one PDF at a time (a pool, as PDFs are drawn concurrently), and its glyph
 * cache is emptied before each: a glyph fontkit created while subsetting the previous PDF carries
 * no characters, and pdfkit would write that empty text into the next PDF's text layer.
 */
type ParsedFont = Font & { _glyphs: Record<number, unknown> };
type FontPair = { main: ParsedFont; cjk: ParsedFont };
const require = createRequire(import.meta.url);
let fontBytes: { main: Buffer; cjk: Buffer } | undefined;
const idleFonts: FontPair[] = [];
/** Parsed pairs kept idle; more PDFs at once parse their own and drop them after. */
const IDLE_FONTS_KEPT = 2;

function takeFonts(): FontPair {
  const kept = idleFonts.pop();
  if (kept) {
    kept.main._glyphs = {};
    kept.cjk._glyphs = {};
    return kept;
  }
  fontBytes ??= {
    main: readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    // The package exports only its index; its fonts folder sits beside the index's folder.
    cjk: readFileSync(path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf')),
  };
  return { main: parseFont(fontBytes.main) as ParsedFont, cjk: parseFont(fontBytes.cjk) as ParsedFont };
}

function giveBackFonts(fonts: FontPair): void {
  if (idleFonts.length < IDLE_FONTS_KEPT) idleFonts.push(fonts);
}

/** What pdfkit's registerFont is given: the parsed font, typed as the source its types know. */
const asSource = (font: ParsedFont) => font as unknown as PDFKit.Mixins.PDFFontSource;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;
/** A text with Chinese characters is set in the CJK font, any other in Noto Sans. */
const fontFor = (text: string) => (CJK.test(text) ? 'cjk' : 'main');

/** A ticket's poster as JPEG or PNG bytes (what a PDF can embed), when its event has one. */
export type TicketPoster = Uint8Array | undefined;

/** Changing what or how the PDF draws changes this, so no cached PDF of the old template is served. */
export const PDF_TEMPLATE_VERSION = 2;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

/** The QR code's side on the page (points) and its quiet zone (modules), as the ticket page draws it. */
const QR_SIZE = 180;
const QR_MARGIN = 1;

/**
 * Draws the QR code as vector squares, one rectangle per run of dark modules in a row. Encoding it
 * as a PNG and having pdfkit decode that PNG again cost most of a ticket's drawing time; vectors
 * also print sharp at any size.
 */
function drawQr(pdf: PDFKit.PDFDocument, code: string, x: number, y: number): void {
  const { size, data } = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules;
  const cell = QR_SIZE / (size + 2 * QR_MARGIN);
  pdf.rect(x, y, QR_SIZE, QR_SIZE).fill('#fff');
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col += 1;
      // A hair taller than the cell, so viewers that smooth edges leave no seam between rows.
      pdf.rect(x + (QR_MARGIN + start) * cell, y + (QR_MARGIN + row) * cell, (col - start) * cell, cell + 0.05);
    }
  }
  pdf.fill('#000');
}

async function barcodeImage(doc: TicketDocument): Promise<{ png: Buffer; width: number; height: number } | undefined> {
  if (doc.codeKind === 'barcode') {
    const png = await bwipjs.toBuffer({
      bcid: 'code128',
      text: doc.code,
      scale: 3,
      height: 15,
      includetext: true,
      textxalign: 'center',
      paddingwidth: 4,
      paddingheight: 2,
    });
    return { png, width: 240, height: 102 };
  }
  return undefined;
}

/**
 * All tickets of an order in one PDF, one A4 page each, in the buyer's language: the same
 * requisites as the e-ticket page (ticketRequisites) and the same QR code or barcode, with the
 * event's poster where it has one. Drawn by pdfkit on the server; no browser involved.
 */
export async function renderTicketsPdf(
  tickets: readonly { document: TicketDocument; poster?: TicketPoster }[],
  lang: Lang,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const fonts = takeFonts();
  try {
    return await drawTickets(tickets, lang, fonts, options.compress ?? true);
  } finally {
    giveBackFonts(fonts);
  }
}

async function drawTickets(
  tickets: readonly { document: TicketDocument; poster?: TicketPoster }[],
  lang: Lang,
  fonts: FontPair,
  compress: boolean,
): Promise<Buffer> {
  const first = tickets[0]?.document;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    compress,
    lang: lang === 'ch' ? 'zh' : lang === 'kz' ? 'kk' : lang,
    info: { Title: first ? serverText('ticket', 'pdfTitle', lang, { number: first.orderNumber }) : '', Producer: 'storefront' },
  });
  pdf.registerFont('main', asSource(fonts.main));
  pdf.registerFont('cjk', asSource(fonts.cjk));
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const write = (text: string, size: number, options: PDFKit.Mixins.TextOptions & { color?: string } = {}) => {
    const { color = '#111', ...rest } = options;
    pdf.font(fontFor(text)).fontSize(size).fillColor(color).text(text, rest);
  };
  const words = {
    seriesNumber: (series: string, number: string) => serverText('ticket', 'seriesNumberValue', lang, { series, number }),
    inn: (inn: string) => serverText('ticket', 'inn', lang, { inn }),
  };
  const contentWidth = A4.width - 2 * MARGIN;

  for (const { document, poster } of tickets) {
    pdf.addPage();
    const req = ticketRequisites(document, lang, words);
    write(serverText('ticket', 'heading', lang).toUpperCase(), 10, { color: '#666', characterSpacing: 1 });
    pdf.moveDown(0.3);
    const posterWidth = poster ? 150 : 0;
    write(req.title, 22, { width: contentWidth - (poster ? posterWidth + 16 : 0) });
    const top = pdf.y + 12;
    const image = document.codeKind === 'qr' ? { width: QR_SIZE, height: QR_SIZE } : await barcodeImage(document);
    if (document.codeKind === 'qr') drawQr(pdf, document.code, MARGIN, top);
    else if (image && 'png' in image) pdf.image(image.png, MARGIN, top, { width: image.width, height: image.height });
    else
      pdf
        .font(fontFor(serverText('ticket', 'noCode', lang)))
        .fontSize(11)
        .text(serverText('ticket', 'noCode', lang), MARGIN, top);
    if (poster) {
      try {
        pdf.image(Buffer.from(poster), A4.width - MARGIN - posterWidth, MARGIN, { fit: [posterWidth, 210], align: 'right' });
      } catch {
        // A poster the PDF cannot read is left out rather than costing the visitor the tickets.
      }
    }
    pdf.x = MARGIN;
    pdf.y = Math.max(top + (image?.height ?? 20) + 20, poster ? MARGIN + 220 : 0);
    for (const line of req.lines) {
      const label =
        line.key === 'code' ? serverText('ticket', 'order', lang, { number: req.orderNumber }) : serverText('ticket', line.key, lang);
      write(label, 9, { color: '#666', width: contentWidth });
      const value = line.key === 'code' ? `${serverText('ticket', 'code', lang)}: ${line.value}` : line.value;
      write(value, 12, { width: contentWidth });
      if (line.extra) write(line.extra, 10, { width: contentWidth, color: '#333' });
      pdf.moveDown(0.5);
    }
  }
  pdf.end();
  return done;
}
