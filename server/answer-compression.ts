import type { FastifyReply, FastifyRequest } from 'fastify';
import { createTextCompressor, pickEncoding } from './text-compression.ts';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const MIN_BYTES = 4096;

/**
 * A route's onSend hook that compresses a large JSON answer (brotli or gzip, as the browser
 * accepts) — the event page's answer is ~55 kB of JSON, ~300 ms on a phone's slow 4G as it is
 * and a tenth of that compressed. Visitors of one event at one moment get the same
 * answer, so the compressed bytes are kept by content (server/text-compression.ts). A client
 * that does not ask for compression (the load generator, API tests) gets the plain answer.
 */
export function createAnswerCompression(maxEntries = 256) {
  const compress = createTextCompressor(maxEntries);
  return async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    return compress(payload, encoding);
  };
}
