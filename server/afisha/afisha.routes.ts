import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { afishaQuery, afishaResponse } from '../../contract/afisha.ts';
import { normalizeLang } from '../../contract/common.ts';
import type { AfishaService } from './afisha.service.ts';

/** Whether an If-None-Match header names this ETag (weak comparison, lists and '*'). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export function afishaRoutes(app: FastifyInstance, deps: { afisha: AfishaService }) {
  app.get<{ Querystring: z.infer<typeof afishaQuery> }>(
    '/api/afisha',
    { schema: { tags: ['afisha'], querystring: afishaQuery, response: { 200: afishaResponse } } },
    async (request, reply) => {
      const answer = await deps.afisha.get(normalizeLang(request.query.lang));
      // no-cache: the browser keeps the answer but asks every time; an unchanged catalog costs a 304.
      reply.header('etag', answer.etag).header('cache-control', 'no-cache');
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      // Serialized and encoded once per build: the bytes go out as they are, with the JSON type.
      return reply.type('application/json; charset=utf-8').send(answer.bytes);
    },
  );
}
