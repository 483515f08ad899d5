import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  waitlistJoinRequest,
  waitlistJoinResponse,
  waitlistUnsubscribeRequest,
  waitlistUnsubscribeResponse,
} from '../../contract/waitlist.ts';
import { ok } from '../http.ts';
import type { WaitlistService } from './waitlist.service.ts';

/** The visitor's waiting-list calls: joining a sold-out session's line, and leaving it by the e-mail's link. */
export function waitlistRoutes(app: FastifyInstance, deps: { waitlist: WaitlistService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['waitlist'];

  r.post(
    '/api/waitlist/join',
    {
      schema: {
        tags,
        summary: 'Join the waiting list of a sold-out session',
        body: waitlistJoinRequest,
        response: { 200: waitlistJoinResponse },
      },
    },
    async (request) => ok(await deps.waitlist.join(request.body, request.ip)),
  );

  r.post(
    '/api/waitlist/unsubscribe',
    {
      schema: {
        tags,
        summary: "Leave a session's waiting list by the e-mail's signed link (no sign-in)",
        body: waitlistUnsubscribeRequest,
        response: { 200: waitlistUnsubscribeResponse },
      },
    },
    async (request) => ok(await deps.waitlist.unsubscribe(request.body.token)),
  );
}
