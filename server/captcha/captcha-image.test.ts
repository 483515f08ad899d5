import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, GLYPHS, drawCaptchaPng, randomCaptchaText, renderCaptchaImage } from './captcha-image.ts';
import { encodePalettePng } from './png.ts';

const ALPHABET = [...'346789ABCDEFGHJKMNPQRTUVWXY'];

type Chunk = { type: string; data: Buffer; crc: number };

/** Splits a PNG into its chunks, as a decoder does (signature first, then length, type, data, CRC). */
function chunksOf(png: Buffer): Chunk[] {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    chunks.push({
      type: png.toString('latin1', at + 4, at + 8),
      data: png.subarray(at + 8, at + 8 + length),
      crc: png.readUInt32BE(at + 8 + length),
    });
    at += 12 + length;
  }
  expect(at).toBe(png.length);
  return chunks;
}

/** Decodes an 8-bit palette PNG without filters: size, palette and one index per pixel. */
function decodePalettePng(png: Buffer) {
  const chunks = chunksOf(png);
  for (const { type, data, crc } of chunks) expect(crc, `${type} CRC`).toBe(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  const header = chunks.find((c) => c.type === 'IHDR')?.data;
  if (!header) throw new Error('no IHDR chunk');
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    expect(raw[y * (width + 1)], `row ${y} filter`).toBe(0);
    raw.copy(pixels, y * width, y * (width + 1) + 1, (y + 1) * (width + 1));
  }
  return { chunks, header, width, height, palette: chunks.find((c) => c.type === 'PLTE')?.data, raw, pixels };
}

/** The PNG inside the captcha's markup. */
const pngOf = (markup: string) => Buffer.from(/src="data:image\/png;base64,([^"]+)"/.exec(markup)?.[1] ?? '', 'base64');

/**
 * The security audit's reader: each character was an SVG path whose points were the glyph's grid
 * points moved by at most ±0.25, so matching the points against the font gave the answer.
 */
function readAnswerFromMarkup(markup: string): string {
  const paths = [...markup.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1] ?? '');
  return paths
    .map((d) => {
      const points = [...d.matchAll(/[ML]([-\d.]+) ([-\d.]+)/g)].map((m): [number, number] => [Number(m[1]), Number(m[2])]);
      let best = '';
      let bestError = Infinity;
      for (const [ch, strokes] of Object.entries(GLYPHS)) {
        const grid = strokes.flat();
        if (grid.length !== points.length) continue;
        const error = Math.max(
          ...grid.map(([x, y], i) => Math.max(Math.abs(x - (points[i]?.[0] ?? NaN)), Math.abs(y - (points[i]?.[1] ?? NaN)))),
        );
        if (error < bestError) [best, bestError] = [ch, error];
      }
      return best;
    })
    .join('');
}

describe('captcha image', () => {
  it('draws random texts of unambiguous characters', () => {
    const texts = Array.from({ length: 200 }, () => randomCaptchaText());
    for (const text of texts) expect(text).toMatch(new RegExp(`^[${ALPHABET.join('')}]{${CAPTCHA_LENGTH}}$`));
    expect(new Set(texts).size).toBeGreaterThan(190);
  });

  it('has a glyph for every character of the alphabet', () => {
    for (const ch of ALPHABET) expect(GLYPHS[ch]?.length, ch).toBeGreaterThan(0);
  });

  it('answers an <img> of a PNG data: URI, 160 × 56, with an alt text that is not the answer', () => {
    const text = randomCaptchaText();
    const markup = renderCaptchaImage(text);
    expect(markup).toMatch(/^<img src="data:image\/png;base64,[A-Za-z0-9+/]+={0,2}" width="160" height="56" alt="captcha">$/);
    // Outside the picture's bytes (whose base64 may hold any five letters by chance).
    expect(markup.replace(/base64,[^"]+/, 'base64,')).not.toContain(text);
  });

  it.each(ALPHABET)('carries no shape of %s in the markup: no <svg>, <path> or <text>', (ch) => {
    const markup = renderCaptchaImage(ch.repeat(CAPTCHA_LENGTH));
    for (const tag of ['<svg', '<path', '<text', '<circle']) expect(markup).not.toContain(tag);
  });

  it("leaves the audit's markup reader nothing to read", () => {
    for (let n = 0; n < 20; n += 1) {
      const text = randomCaptchaText();
      expect(readAnswerFromMarkup(renderCaptchaImage(text))).not.toBe(text);
    }
  });

  it('is a valid PNG: IHDR 320 × 112 (twice the CSS size), 8-bit palette, right CRCs, IDAT inflating to every row', () => {
    const png = decodePalettePng(pngOf(renderCaptchaImage('K7WPX')));
    expect(png.chunks.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect([png.width, png.height]).toEqual([320, 2 * CAPTCHA_HEIGHT]);
    expect([...png.header.subarray(8)]).toEqual([8, 3, 0, 0, 0]);
    expect(png.palette?.length).toBe(256 * 3);
    expect(png.raw.length).toBe((320 + 1) * 112);
    // The empty IEND chunk's CRC is the same in every PNG.
    expect(png.chunks[3]?.crc).toBe(0xae426082);
  });

  it('draws ink on paper: the characters and noise take part of the image, most of it stays blank', () => {
    const { pixels } = decodePalettePng(drawCaptchaPng('K7WPX'));
    const inked = pixels.filter((p) => p > 128).length / pixels.length;
    expect(inked).toBeGreaterThan(0.08);
    expect(inked).toBeLessThan(0.4);
  });

  it('draws each answer differently every time', () => {
    expect(renderCaptchaImage('ABCDE')).not.toBe(renderCaptchaImage('ABCDE'));
  });
});

describe('encodePalettePng', () => {
  it('keeps every pixel and the palette', () => {
    const palette = new Uint8Array([255, 255, 255, 0, 0, 0, 200, 30, 40]);
    const pixels = new Uint8Array([0, 1, 2, 2, 1, 0]);
    const png = decodePalettePng(encodePalettePng(3, 2, palette, pixels));
    expect([png.width, png.height]).toEqual([3, 2]);
    expect([...(png.palette ?? [])]).toEqual([...palette]);
    expect([...png.pixels]).toEqual([...pixels]);
  });
});
