import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CurrencyCode } from '../../../contract/setup.ts';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { type Permission, PERMISSIONS, can } from '../../../contract/admin/roles.ts';
import {
  adminLangQuery,
  staffListResponse,
  staffSessionResponse,
  staffSignInRequest,
  staffSignedOutResponse,
} from '../../../contract/admin/session.ts';
import {
  accountResponse,
  addStaffRequest,
  changeOwnPasswordRequest,
  doneResponse,
  resetStaffPasswordRequest,
  staffChangedResponse,
  staffIdParams,
  staffSettingsRequest,
  staffSettingsResponse,
  totpCodeRequest,
  totpDisableRequest,
  totpSetupRequest,
  totpSetupResponse,
  updateStaffRequest,
} from '../../../contract/admin/staff-management.ts';
import type { Account } from './account.service.ts';
import type { StaffManagement } from './staff-management.service.ts';
import { ok } from '../../http.ts';
import { guardedStaff, publicStaffCall, requirePermission, requireSignedIn, setSessionCookie } from './guard.ts';
import type { SignedInStaff, StaffClient, StaffSessions } from './staff.service.ts';

export function clientOf(request: FastifyRequest): StaffClient {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

/** The signed-in member and where they act from, as a change's audit entry records them. */
export function staffActorOf(request: FastifyRequest): { id: number; name: string; ip: string; userAgent: string | null } {
  const staff = guardedStaff(request);
  return { id: staff.id, name: staff.name, ...clientOf(request) };
}

/** The venue's time zone and currency: the back office and the door show, default and compare dates and sums in them. */
export type VenueOf = () => Promise<{ timeZone: string; currency: CurrencyCode }>;

function sessionAnswer(
  staff: SignedInStaff,
  must: { mustSetUpTotp: boolean; mustChangePassword: boolean },
  venue: Awaited<ReturnType<VenueOf>>,
) {
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(staff.role, permission));
  return ok({ staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role }, permissions, ...must, venue });
}

// Who am I, sign out: open while codes must be set up and while a temporary password must be changed.
const anySignedIn = requireSignedIn({ duringTotpSetup: true, duringPasswordChange: true });

/** Sign-in, the signed-in member, sign-out and sign-out everywhere. */
export function staffSessionRoutes(app: FastifyInstance, deps: { sessions: StaffSessions; venue: VenueOf }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };

  r.post(
    '/api/admin/session',
    {
      schema: { tags: ['admin'], body: staffSignInRequest, response: { 200: staffSessionResponse, ...errors } },
      onRequest: publicStaffCall,
    },
    async (request, reply) => {
      const { email, password, totpCode } = request.body;
      const staff = await deps.sessions.signIn({ email, password, totpCode }, clientOf(request));
      reply.header('cache-control', 'no-store');
      setSessionCookie(request, reply, staff.sessionId);
      return sessionAnswer(staff, staff, await deps.venue());
    },
  );

  r.get(
    '/api/admin/me',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffSessionResponse, ...errors } },
      onRequest: anySignedIn,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const must = { mustSetUpTotp: request.staffMustSetUpTotp === true, mustChangePassword: request.staffMustChangePassword === true };
      return sessionAnswer(guardedStaff(request), must, await deps.venue());
    },
  );

  r.delete(
    '/api/admin/session',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffSignedOutResponse, ...errors } },
      onRequest: anySignedIn,
    },
    async (request, reply) => {
      await deps.sessions.signOut(guardedStaff(request), clientOf(request));
      setSessionCookie(request, reply, null);
      return ok({});
    },
  );

  r.post(
    '/api/admin/sessions/revoke-all',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffSignedOutResponse, ...errors } },
      onRequest: anySignedIn,
    },
    async (request, reply) => {
      await deps.sessions.signOutEverywhere(guardedStaff(request), clientOf(request));
      setSessionCookie(request, reply, null);
      return ok({});
    },
  );
}

/** The owner's staff management and the settings every member works under. */
export function staffManagementRoutes(app: FastifyInstance, deps: { management: StaffManagement }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const guard = requirePermission('staff.manage');

  r.get(
    '/api/admin/staff',
    { schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffListResponse, ...errors } }, onRequest: guard },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ staff: await deps.management.list() });
    },
  );

  r.post(
    '/api/admin/staff',
    { schema: { tags: ['admin'], body: addStaffRequest, response: { 200: staffChangedResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { member, initialPassword } = await deps.management.add(guardedStaff(request), request.body, clientOf(request));
      return ok({ member, ...(initialPassword === undefined ? {} : { initialPassword }) });
    },
  );

  r.patch(
    '/api/admin/staff/:id',
    {
      schema: { tags: ['admin'], params: staffIdParams, body: updateStaffRequest, response: { 200: staffChangedResponse, ...errors } },
      onRequest: guard,
    },
    async (request) =>
      ok({ member: await deps.management.update(guardedStaff(request), request.params.id, request.body, clientOf(request)) }),
  );

  r.post(
    '/api/admin/staff/:id/password',
    {
      schema: {
        tags: ['admin'],
        params: staffIdParams,
        body: resetStaffPasswordRequest,
        response: { 200: staffChangedResponse, ...errors },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { member, initialPassword } = await deps.management.resetPassword(
        guardedStaff(request),
        request.params.id,
        request.body,
        clientOf(request),
      );
      return ok({ member, ...(initialPassword === undefined ? {} : { initialPassword }) });
    },
  );

  r.post(
    '/api/admin/staff/:id/sign-out-everywhere',
    {
      schema: { tags: ['admin'], params: staffIdParams, querystring: adminLangQuery, response: { 200: staffChangedResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok({ member: await deps.management.signOutEverywhere(guardedStaff(request), request.params.id, clientOf(request)) }),
  );

  r.post(
    '/api/admin/staff/:id/totp-reset',
    {
      schema: { tags: ['admin'], params: staffIdParams, querystring: adminLangQuery, response: { 200: staffChangedResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok({ member: await deps.management.resetTotp(guardedStaff(request), request.params.id, clientOf(request)) }),
  );

  r.post(
    '/api/admin/staff/:id/unlock',
    {
      schema: { tags: ['admin'], params: staffIdParams, querystring: adminLangQuery, response: { 200: staffChangedResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok({ member: await deps.management.unlock(guardedStaff(request), request.params.id, clientOf(request)) }),
  );

  r.get(
    '/api/admin/settings',
    { schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: staffSettingsResponse, ...errors } }, onRequest: guard },
    async () => ok(await deps.management.settings()),
  );

  r.put(
    '/api/admin/settings',
    { schema: { tags: ['admin'], body: staffSettingsRequest, response: { 200: staffSettingsResponse, ...errors } }, onRequest: guard },
    async (request) =>
      ok(await deps.management.updateSettings(guardedStaff(request), { totpRequired: request.body.totpRequired }, clientOf(request))),
  );
}

/** The member's own account: password and one-time codes. */
export function accountRoutes(app: FastifyInstance, deps: { account: Account }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const duringSetup = requireSignedIn({ duringTotpSetup: true });
  // The account's state and the password change: what a member with a temporary password may do (before codes are set up).
  const duringPasswordChange = requireSignedIn({ duringPasswordChange: true });

  r.get(
    '/api/admin/account',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: accountResponse, ...errors } },
      onRequest: requireSignedIn({ duringTotpSetup: true, duringPasswordChange: true }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.account.state(guardedStaff(request)));
    },
  );

  r.post(
    '/api/admin/account/password',
    {
      schema: { tags: ['admin'], body: changeOwnPasswordRequest, response: { 200: doneResponse, ...errors } },
      onRequest: duringPasswordChange,
    },
    async (request) => {
      await deps.account.changePassword(guardedStaff(request), request.body, clientOf(request));
      return ok({});
    },
  );

  r.post(
    '/api/admin/account/totp/setup',
    { schema: { tags: ['admin'], body: totpSetupRequest, response: { 200: totpSetupResponse, ...errors } }, onRequest: duringSetup },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.account.startTotp(guardedStaff(request), request.body, clientOf(request)));
    },
  );

  r.post(
    '/api/admin/account/totp/confirm',
    { schema: { tags: ['admin'], body: totpCodeRequest, response: { 200: doneResponse, ...errors } }, onRequest: duringSetup },
    async (request) => {
      await deps.account.confirmTotp(guardedStaff(request), request.body.code, clientOf(request));
      return ok({});
    },
  );

  r.post(
    '/api/admin/account/totp/disable',
    { schema: { tags: ['admin'], body: totpDisableRequest, response: { 200: doneResponse, ...errors } }, onRequest: requireSignedIn() },
    async (request) => {
      await deps.account.disableTotp(guardedStaff(request), request.body, clientOf(request));
      return ok({});
    },
  );
}
