import { describe, expect, it } from 'vitest';
import { newTicketCode } from './ticket-codes.ts';
import { BARCODE_HEIGHT, BARCODE_WIDTH, QR_SIZE, ticketImages } from './ticket-images.ts';

function pngSize(dataUrl: string) {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('ticket images per tickettype', () => {
  it.each([
    { type: 0, qr: false, barcode: true },
    { type: 1, qr: true, barcode: false },
    { type: 2, qr: false, barcode: false },
  ])('type $type: QR $qr, barcode $barcode', async ({ type, qr, barcode }) => {
    const images = await ticketImages('4812345678901234', type);
    expect(images._qrcode !== '').toBe(qr);
    expect(images._barcode !== '').toBe(barcode);
  });

  it('draws the QR code 180x180', async () => {
    const { _qrcode } = await ticketImages('4812345678901234', 1);
    expect(pngSize(_qrcode)).toEqual({ width: QR_SIZE, height: QR_SIZE });
    expect(QR_SIZE).toBe(180);
  });

  it('draws the barcode 240x102 with the code as text', async () => {
    const { _barcode } = await ticketImages('4812345678901234', 0);
    const svg = Buffer.from(_barcode.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
    expect(svg).toMatch(new RegExp(`<svg width="${BARCODE_WIDTH}" height="${BARCODE_HEIGHT}"`));
    expect([BARCODE_WIDTH, BARCODE_HEIGHT]).toEqual([240, 102]);
  });

  it('has no image without a code (an unpaid ticket)', async () => {
    expect(await ticketImages(null, 1)).toEqual({ _qrcode: '', _barcode: '' });
  });
});

describe('newTicketCode', () => {
  it('draws 16 digits without a leading zero, different each time', () => {
    const codes = new Set(Array.from({ length: 1000 }, newTicketCode));
    for (const code of codes) expect(code).toMatch(/^[1-9]\d{15}$/);
    expect(codes.size).toBe(1000);
  });
});
