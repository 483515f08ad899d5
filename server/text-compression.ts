import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

export type TextEncoding = 'br' | 'gzip';

/** The encoding to answer in for a request's Accept-Encoding: brotli, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): TextEncoding | undefined {
  const accepted = String(acceptEncoding ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
}

/** Compresses a text: brotli at a fast level, or gzip. */
export function compressText(text: string, encoding: TextEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(text, { level: 6 });
}

/**
 * Compresses the app's HTML pages (server/app.ts) and large JSON answers (answer-compression.ts):
 * brotli at a fast level, or gzip. A page's HTML only changes with the catalog, the
 * language and the path, while every visitor of an on-sale event asks for the same ~70 kB page, so
 * the compressed bytes are kept by content (its SHA-1, far cheaper than compressing again), the
 * `maxEntries` most recently used.
 */
export function createTextCompressor(maxEntries = 256) {
  const cache = new Map<string, Promise<Buffer>>();
  return function compress(html: string, encoding: TextEncoding): Promise<Buffer> {
    const key = `${encoding}:${createHash('sha1').update(html).digest('base64url')}`;
    const known = cache.get(key);
    if (known) {
      // Most recently used last: the first key is the one to drop.
      cache.delete(key);
      cache.set(key, known);
      return known;
    }
    const made = compressText(html, encoding);
    cache.set(key, made);
    made.catch(() => cache.delete(key));
    if (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return made;
  };
}
