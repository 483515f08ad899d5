import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { normalizeLang } from '../../contract/common.ts';
import { businessResult } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { noSchemeRequest, noSchemeResponse } from '../../contract/event.ts';
import { createAnswerCompression } from '../answer-compression.ts';
import { type CrmService, crmTokenOf } from '../crm/crm.service.ts';
import { sendError } from '../http.ts';
import type { SetupService } from '../setup/setup.service.ts';
import { type EventPages, EventNotFound } from './event.service.ts';

export function eventRoutes(app: FastifyInstance, deps: { pages: EventPages; setup: SetupService; crm: CrmService; now: () => number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The answer is ~55 kB of JSON for a busy event: compressed for browsers (the page's LCP).
  const compressAnswer = createAnswerCompression();

  r.post(
    '/api/no-scheme',
    {
      schema: {
        tags: ['event'],
        summary: 'Event page data: action, calendar, prices, checkboxes',
        body: noSchemeRequest,
        response: { 200: noSchemeResponse, 404: businessResult },
      },
      onSend: compressAnswer,
    },
    async (request, reply) => {
      const lang = normalizeLang(request.body.lang);
      const setup = await deps.setup.get();
      try {
        reply.header('cache-control', 'no-store');
        const json = await deps.pages.load(
          {
            hash: request.body.hash,
            lang,
            pushkarta: request.body.pushkarta,
            crmClientId: deps.crm.clientIdOf(crmTokenOf(request)),
          },
          { now: new Date(deps.now()), tz: setup.app.timezone },
        );
        // JSON text already checked against the contract (createEventPages): sent as it is, which
        // the typed reply does not allow.
        const raw: FastifyReply = reply;
        return raw.type('application/json; charset=utf-8').send(json);
      } catch (error) {
        if (error instanceof EventNotFound) return sendError(reply, 404, ErrorCode.notFound, lang);
        throw error;
      }
    },
  );
}
