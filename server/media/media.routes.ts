import type { FastifyInstance } from 'fastify';
import { MEDIA_CONTENT_TYPES, MEDIA_HASH_PATTERN, MEDIA_WIDTHS, type MediaFormat } from '../../contract/media.ts';
import type { Queryable } from '../db/client.ts';
import { findVariant } from './media.repository.ts';

const FILE = /^(\d+)\.(avif|webp|jpg|png)$/;

/**
 * GET /media/<hash>/<width>.<format>: an uploaded image's variant, from the database. Its URL
 * names its content (the hash of the upload), so it never changes: browsers and proxies keep it a
 * year without asking again, and an ETag answers a revalidation with 304.
 */
export function mediaRoutes(app: FastifyInstance, deps: { db: Queryable }) {
  app.get<{ Params: { hash: string; file: string } }>('/media/:hash/:file', async (request, reply) => {
    const { hash, file } = request.params;
    const match = FILE.exec(file);
    const width = Number(match?.[1]);
    const format = match?.[2] as MediaFormat | undefined;
    const bytes = format && MEDIA_HASH_PATTERN.test(hash) && (MEDIA_WIDTHS as readonly number[]).includes(width) ? await findVariant(deps.db, hash, width, format) : undefined;
    if (!bytes || !format) {
      // Not cached for long: the image may be uploaded a moment later (another instance's upload in flight).
      return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    }
    const etag = `"${hash}-${width}-${format}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(MEDIA_CONTENT_TYPES[format]).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
