import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/lang.ts';
import type { TicketDocument } from '../../contract/ticket-model.ts';
import { pdfPages } from './pdf-text.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';

const all = (v: string) => ({ ru: v, en: v, kz: v, ch: v });
const doc = (n: number, over: Partial<TicketDocument> = {}): TicketDocument => ({
  hash: `h${n}`,
  code: `12345678901234${String(n).padStart(2, '0')}`,
  codeKind: 'qr',
  series: 'АБ',
  number: String(n).padStart(8, '0'),
  organizer: { ru: 'ГБУК «Музей»', en: 'Museum', kz: 'Мұражай', ch: '博物馆' },
  organizerInn: '7701234567',
  event: { ru: 'Выставка', en: 'Exhibition', kz: 'Көрме әлемі', ch: '展览' },
  day: { ru: '21 ноября 2026 г.', en: '21 November 2026', kz: '2026 ж. 21 қараша', ch: '2026年11月21日' },
  weekday: { ru: 'суббота', en: 'Saturday', kz: 'сенбі', ch: '星期六' },
  time: '19:00',
  place: all('Большой зал'),
  address: all('ул. Ленина, 1'),
  category: all('Взрослый'),
  seat: null,
  price: 150000,
  currency: 'RUB',
  holder: null,
  orderNumber: 1001,
  ...over,
});

/**
 * Reads the QR code an uncompressed PDF page draws as filled rectangles: the white square, then the
 * dark rectangles of the next fill, painted into a bitmap (2 pixels a point, a white border) and
 * decoded by ZXing's QR reader, which knows nothing of how the PDF was drawn.
 */
function qrOfPage(pdf: Buffer): string {
  const content = pdf.toString('latin1');
  const lines = content.slice(content.indexOf('stream')).split('\n');
  const rect = /^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re$/;
  const start = lines.findIndex((line) => {
    const m = rect.exec(line);
    return m !== null && m[3] === m[4] && Number(m[3]) >= 100;
  });
  const box = rect.exec(lines[start] ?? '');
  if (!box) throw new Error('no QR square on the page');
  const [x0, y0, side] = [Number(box[1]), Number(box[2]), Number(box[3])];
  const dark: [number, number, number, number][] = [];
  for (const line of lines.slice(lines.indexOf('f', start) + 1)) {
    if (line === 'f') break;
    const m = rect.exec(line);
    if (m) dark.push([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
  }
  const scale = 2;
  const border = 20;
  const size = Math.ceil(side * scale) + 2 * border;
  const pixels = new Uint8ClampedArray(size * size).fill(255);
  for (const [x, y, w, h] of dark) {
    for (let py = Math.round((y - y0) * scale); py < Math.round((y - y0 + h) * scale); py += 1)
      for (let px = Math.round((x - x0) * scale); px < Math.round((x - x0 + w) * scale); px += 1)
        pixels[(py + border) * size + px + border] = 0;
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, size, size)));
  return new QRCodeReader().decode(bitmap).getText();
}

describe('the tickets PDF', () => {
  it.each<{ lang: Lang; words: string[] }>([
    { lang: 'ru', words: ['Электронный билет'.toUpperCase(), 'Выставка', 'Серия и номер', 'ИНН 7701234567'] },
    { lang: 'en', words: ['Exhibition', 'Series and number', 'Tax number 7701234567'] },
    { lang: 'kz', words: ['Көрме әлемі', 'Сериясы мен нөмірі', 'қараша'] },
    { lang: 'ch', words: ['展览', '系列和编号', '星期六', '博物馆'] },
  ])('puts one ticket a page with its number and code, in $lang', async ({ lang, words }) => {
    const tickets = [1, 2, 3].map((n) => ({
      document: doc(n, n === 2 ? { codeKind: 'barcode', seat: { sector: all('Партер'), row: '3', seat: '12' } } : {}),
    }));
    const pages = await pdfPages(await renderTicketsPdf(tickets, lang));
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain(String(i + 1).padStart(8, '0'));
      expect(page).toContain(tickets[i]?.document.code);
      for (const word of words) expect(page).toContain(word);
    });
  });

  it('keeps each PDF\u2019s text right when several are drawn at once and one after another (the parsed fonts are shared)', async () => {
    const tickets = [doc(1, { codeKind: 'barcode' }), doc(2)].map((document) => ({ document }));
    for (let round = 0; round < 2; round += 1) {
      const [ru, en, ch] = await Promise.all((['ru', 'en', 'ch'] as const).map((lang) => renderTicketsPdf(tickets, lang)));
      const text = async (pdf: Buffer | undefined) => (await pdfPages(pdf as Buffer)).join('\n');
      expect(await text(ru)).toContain('ИНН 7701234567');
      expect(await text(en)).toContain('Tax number 7701234567');
      expect(await text(ch)).toContain('系列和编号');
    }
  });

  it.each(['1234567890123401', 'WL-Ж-0007'])('draws a QR code that a reader decodes back to the ticket code %s', async (code) => {
    const bytes = await renderTicketsPdf([{ document: doc(1, { code }) }], 'ru', { compress: false });
    expect(qrOfPage(bytes)).toBe(code);
  });

  it('embeds its fonts, subset, in a file of modest size', async () => {
    const bytes = await renderTicketsPdf([{ document: doc(1) }], 'ch', { compress: false });
    const text = bytes.toString('latin1');
    expect(text).toMatch(/\/FontFile[23]?/);
    expect(bytes.length).toBeLessThan(400_000);
  });
});
