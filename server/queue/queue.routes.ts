import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  QUEUE_PASS_COOKIE,
  QUEUE_PASS_EXPIRES_COOKIE,
  queueStatusRequest,
  queueStatusResponse,
  queueTicketRequest,
  queueTicketResponse,
} from '../../contract/queue.ts';
import { ok } from '../http.ts';
import type { QueuePass, QueueService } from './queue.service.ts';

/**
 * The waiting page's two calls (deploy/nginx/waiting/waiting.html). Cheap on purpose: a ticket
 * is a sequence number and an HMAC, a status one read of a one-row table (and at most about one
 * write a second across all waiting visitors).
 */
export function queueRoutes(app: FastifyInstance, deps: { queue: QueueService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['queue'];

  r.post(
    '/api/queue/ticket',
    {
      schema: {
        tags,
        summary: 'Take a place at the end of the waiting room line',
        body: queueTicketRequest,
        response: { 200: queueTicketResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.queue.takeTicket());
    },
  );

  r.get(
    '/api/queue/status',
    {
      schema: {
        tags,
        summary: "Where a waiting room ticket stands; an admitted one's answer sets the pass cookies nginx checks",
        querystring: queueStatusRequest,
        response: { 200: queueStatusResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { pass, ...place } = await deps.queue.status(request.query.ticket);
      if (pass) setPassCookies(request, reply, pass);
      return ok(place);
    },
  );
}

/**
 * Two cookies, as nginx's `secure_link $cookie_queue_pass,$cookie_queue_pass_expires` reads them.
 * httpOnly (no page script needs them); SameSite=Lax so a link from the venue's site still
 * carries them; Secure over https.
 */
function setPassCookies(request: FastifyRequest, reply: FastifyReply, pass: QueuePass) {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${pass.ttlSeconds}`];
  if (request.protocol === 'https') attributes.push('Secure');
  const tail = attributes.join('; ');
  reply.header('set-cookie', [`${QUEUE_PASS_COOKIE}=${pass.signature}; ${tail}`, `${QUEUE_PASS_EXPIRES_COOKIE}=${pass.expires}; ${tail}`]);
}
