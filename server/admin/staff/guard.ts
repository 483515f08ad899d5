import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { type Permission, type StaffRole, can } from '../../../contract/admin/roles.ts';
import { STAFF_SESSION_IDLE_MS } from '../../../contract/admin/staff-rules.ts';
import { businessError, requestLang } from '../../http.ts';
import type { SignedInStaff, StaffSessions } from './staff.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of staff: set on admin calls that came with a live session. */
    staff?: { id: number; email: string; name: string; role: StaffRole; sessionId: string };
  }
}

/** The session cookie. Not `__Host-`: that prefix needs Secure, and a venue may run plain http inside its network. */
export const STAFF_SESSION_COOKIE = 'staff_session';

/** The session id of the request's cookie, if it has a well-formed one. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== STAFF_SESSION_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    // Ids are 32 random bytes in base64url; anything else is not ours and is not looked up.
    return /^[\w-]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * httpOnly so page scripts never read it; SameSite=Strict so no other site's page sends it;
 * Secure when the request came over https (through a trusted proxy too). Max-Age matches the idle
 * limit: the server ends an idle session anyway, the browser may as well forget it.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string | null) {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (request.protocol === 'https') attributes.push('Secure');
  attributes.push(sessionId === null ? 'Max-Age=0' : `Max-Age=${STAFF_SESSION_IDLE_MS / 1000}`);
  reply.header('set-cookie', `${STAFF_SESSION_COOKIE}=${sessionId ?? ''}; ${attributes.join('; ')}`);
}

/**
 * The onRequest hook of every admin call: reads the session cookie and sets request.staff when it
 * names a live session. It refuses nothing; the route's guard decides.
 */
export function resolveStaffSession(sessions: StaffSessions) {
  return async (request: FastifyRequest) => {
    const sessionId = sessionCookieOf(request);
    if (!sessionId) return;
    const staff = await sessions.resolve(sessionId);
    if (staff) request.staff = staff;
  };
}

/** A call for any signed-in member of staff (their own session and profile): 401 without a session. */
export function requireSignedIn(): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (!request.staff) return reply.code(401).send(businessError(AdminErrorCode.signInRequired, requestLang(request)));
  };
}

/**
 * The guard of an admin call: 401 without a live session, 403 when the member's role lacks the
 * permission (contract/admin/roles.ts decides); the handler does not run, so nothing changes.
 */
export function requirePermission(permission: Permission): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (!request.staff) return reply.code(401).send(businessError(AdminErrorCode.signInRequired, requestLang(request)));
    if (!can(request.staff.role, permission)) {
      return reply.code(403).send(businessError(AdminErrorCode.forbidden, requestLang(request)));
    }
  };
}

/** The member a guarded handler runs for; the guard has made sure there is one. */
export function guardedStaff(request: FastifyRequest): SignedInStaff {
  if (!request.staff) throw new Error('guardedStaff called on a route without requirePermission or requireSignedIn');
  return request.staff;
}
