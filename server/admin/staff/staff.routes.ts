import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { type Permission, PERMISSIONS, can } from '../../../contract/admin/roles.ts';
import { adminLangQuery, staffListResponse, staffSessionResponse, staffSignInRequest, staffSignedOutResponse } from '../../../contract/admin/session.ts';
import type { Db } from '../../db/client.ts';
import { listStaff } from './staff.repository.ts';
import { ok } from '../../http.ts';
import { guardedStaff, requirePermission, requireSignedIn, setSessionCookie } from './guard.ts';
import type { SignedInStaff, StaffClient, StaffSessions } from './staff.service.ts';

export function clientOf(request: FastifyRequest): StaffClient {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

function sessionAnswer(staff: SignedInStaff) {
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(staff.role, permission));
  return ok({ staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role }, permissions });
}

/** Sign-in, the signed-in member, sign-out and sign-out everywhere. */
export function staffSessionRoutes(app: FastifyInstance, deps: { sessions: StaffSessions }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };

  r.post(
    '/api/admin/session',
    { schema: { tags: ['admin'], body: staffSignInRequest, response: { 200: staffSessionResponse, ...errors } } },
    async (request, reply) => {
      const { email, password, totpCode } = request.body;
      const staff = await deps.sessions.signIn({ email, password, totpCode }, clientOf(request));
      reply.header('cache-control', 'no-store');
      setSessionCookie(request, reply, staff.sessionId);
      return sessionAnswer(staff);
    },
  );

  r.get(
    '/api/admin/me',
    { schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffSessionResponse, ...errors } }, preHandler: requireSignedIn() },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sessionAnswer(guardedStaff(request));
    },
  );

  r.delete(
    '/api/admin/session',
    { schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffSignedOutResponse, ...errors } }, preHandler: requireSignedIn() },
    async (request, reply) => {
      await deps.sessions.signOut(guardedStaff(request), clientOf(request));
      setSessionCookie(request, reply, null);
      return ok({});
    },
  );

  r.post(
    '/api/admin/sessions/revoke-all',
    { schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffSignedOutResponse, ...errors } }, preHandler: requireSignedIn() },
    async (request, reply) => {
      await deps.sessions.signOutEverywhere(guardedStaff(request), clientOf(request));
      setSessionCookie(request, reply, null);
      return ok({});
    },
  );
}

/** Staff management: the list of members (adding, disabling and roles come on top of it). */
export function staffManagementRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/staff',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffListResponse, '4xx': adminErrorResponse } },
      preHandler: requirePermission('staff.manage'),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const staff = await listStaff(deps.db);
      return ok({
        staff: staff.map((m) => ({
          id: m.id,
          email: m.email,
          name: m.name,
          role: m.role,
          disabled: m.disabled,
          totpEnabled: m.totpEnabled,
          lockedUntil: m.lockedUntil?.toISOString() ?? null,
        })),
      });
    },
  );
}
