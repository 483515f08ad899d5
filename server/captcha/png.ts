import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Encodes an 8-bit palette image as PNG: `pixels` holds one palette index per pixel, row by row;
 * `palette` holds up to 256 RGB triples. Written here (node:zlib deflate and CRC-32) so the
 * captcha needs no image library.
 */
export function encodePalettePng(width: number, height: number, palette: Uint8Array, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // colour type: palette
  // Bytes 10-12: deflate compression, adaptive filtering, no interlace (all 0).
  // Each row starts with its filter type; 0 (none) suits palette images.
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(raw, { level: 4 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
