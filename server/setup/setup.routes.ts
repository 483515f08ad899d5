import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type RulesDocument, rulesResponse, setupResponse, tokenResponse } from '../../contract/setup.ts';
import { staffCsrfBinding } from '../admin/staff/guard.ts';
import { type CrmService, crmTokenOf } from '../crm/crm.service.ts';
import type { Csrf } from '../security/csrf.ts';
import type { SetupService } from './setup.service.ts';
import type { HealthService } from './health.service.ts';

/** The current consent texts, shown by the rules page beside the venue's own documents. */
type ConsentTexts = { rulesDocuments(): Promise<RulesDocument[]> };

export function setupRoutes(
  app: FastifyInstance,
  deps: { setup: SetupService; csrf: Csrf; health: HealthService; crm: CrmService; consentTexts: ConsentTexts },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/setup', { schema: { tags: ['setup'], response: { 200: setupResponse } } }, async (request, reply) => {
    const [setup, rules, crmClient] = await Promise.all([deps.setup.current(), deps.setup.rules(), deps.crm.clientOf(crmTokenOf(request))]);
    // A CRM client's personal data must never sit in a shared cache.
    reply.header('cache-control', crmClient ? 'private, no-store' : 'no-cache');
    return {
      ...setup,
      db: { ...setup.db, rules: rules.map((doc) => ({ url: `/rules/${doc.slug}`, infname: doc.infname })) },
      // The venue's CRM client, identified by a signed token (docs/crm-client.md); null for anyone else.
      crm_client: crmClient,
    };
  });

  r.get('/api/token', { schema: { tags: ['setup'], response: { 200: tokenResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Bound to the staff session cookie the request came with, if any (security/csrf-guard.ts).
    return { token: deps.csrf.issue(staffCsrfBinding(request)) };
  });

  r.get('/api/rules', { schema: { tags: ['setup'], response: { 200: rulesResponse } } }, async () => ({
    rules: [...(await deps.setup.rules()), ...(await deps.consentTexts.rulesDocuments())],
  }));

  r.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (request, reply) => {
      try {
        const { database } = await deps.health.check();
        return { status: 'ok' as const, database };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
