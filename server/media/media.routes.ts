import type { FastifyInstance } from 'fastify';
import { MEDIA_CONTENT_TYPES } from '../../contract/media.ts';
import type { MediaService } from './media.service.ts';

/**
 * GET /media/<hash>/<width>.<format>: an uploaded image's variant, from the database. Its URL
 * names its content (the hash of the upload), so it never changes: browsers and proxies keep it a
 * year without asking again, and an ETag answers a revalidation with 304.
 */
export function mediaRoutes(app: FastifyInstance, deps: { media: MediaService }) {
  app.get<{ Params: { hash: string; file: string } }>('/media/:hash/:file', async (request, reply) => {
    const { hash, file } = request.params;
    const variant = await deps.media.variant(hash, file);
    if (!variant) {
      // Not cached for long: the image may be uploaded a moment later (another instance's upload in flight).
      return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    }
    const { bytes, width, format } = variant;
    const etag = `"${hash}-${width}-${format}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(MEDIA_CONTENT_TYPES[format]).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
