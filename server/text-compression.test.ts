import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTextCompressor, pickEncoding } from './text-compression.ts';

const page = (n: number) =>
  `<!doctype html><html><head><title>Событие ${n}</title></head><body>${'<p>Билеты</p>'.repeat(200)}</body></html>`;

describe('createTextCompressor', () => {
  it.each([
    { encoding: 'br' as const, decode: (b: Buffer) => brotliDecompressSync(b).toString() },
    { encoding: 'gzip' as const, decode: (b: Buffer) => gunzipSync(b).toString() },
  ])('compresses a page with $encoding, smaller and exact', async ({ encoding, decode }) => {
    const compress = createTextCompressor();
    const body = await compress(page(1), encoding);
    expect(body.length).toBeLessThan(page(1).length / 10);
    expect(decode(body)).toBe(page(1));
  });

  it('compresses the same page once and keeps only the most recently used pages', async () => {
    const compress = createTextCompressor(2);
    const first = await compress(page(1), 'br');
    expect(await compress(page(1), 'br')).toBe(first); // the kept bytes, not a new compression
    expect(await compress(page(1), 'gzip')).not.toBe(first); // another encoding is another entry
    await compress(page(1), 'br'); // page 1 in brotli is now the most recently used
    await compress(page(2), 'br'); // over the limit: page 1 in gzip goes
    expect(await compress(page(1), 'br')).toBe(first);
    const again = await compress(page(2), 'br');
    expect(brotliDecompressSync(again).toString()).toBe(page(2));
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['deflate', undefined],
    [undefined, undefined],
    [['gzip', 'br'], 'br'],
  ] as const)('answers %j in %s', (accepted, encoding) => {
    expect(pickEncoding(accepted as string | string[] | undefined)).toBe(encoding);
  });
});
