import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminErrorCode, type AdminErrorCodeValue } from '../../../contract/admin/errors.ts';
import { type Permission, type StaffRole, can } from '../../../contract/admin/roles.ts';
import { STAFF_SESSION_IDLE_MS } from '../../../contract/admin/staff-rules.ts';
import { businessError, requestLang } from '../../http.ts';
import { createHash } from 'node:crypto';
import { type SignedInStaff, type StaffSessions, sessionIdHash } from './staff.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of staff: set on admin calls that came with a live session. */
    staff?: { id: number; email: string; name: string; role: StaffRole; sessionId: string };
    /** The venue requires one-time codes and the signed-in member has none: only setting them up is allowed. */
    staffMustSetUpTotp?: boolean;
    /** The member's password is temporary (set by an owner): only changing it is allowed. */
    staffMustChangePassword?: boolean;
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
 * What a CSRF token is bound to for this request: a digest of its staff session cookie, or ''
 * without one. A digest (the session's stored hash, domain-separated), never the id itself.
 */
export function staffCsrfBinding(request: FastifyRequest): string {
  const sessionId = sessionCookieOf(request);
  return sessionId
    ? createHash('sha256')
        .update(`csrf-binding:${sessionIdHash(sessionId)}`)
        .digest('base64url')
    : '';
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
 * The plugin-wide onRequest hook of every staff call: reads the session cookie and sets
 * request.staff when it names a live session. It refuses nothing itself; the route's gate decides.
 */
export function resolveStaffSession(sessions: StaffSessions) {
  return async (request: FastifyRequest) => {
    const sessionId = sessionCookieOf(request);
    if (!sessionId) return;
    const resolved = await sessions.resolve(sessionId);
    if (resolved) {
      request.staff = resolved.staff;
      request.staffMustSetUpTotp = resolved.mustSetUpTotp;
      request.staffMustChangePassword = resolved.mustChangePassword;
    }
  };
}

/** What a staff call needs: nothing (sign-in), any signed-in member, or a permission of the role. */
export type StaffNeed =
  | { kind: 'public' }
  | { kind: 'signed-in'; duringTotpSetup: boolean; duringPasswordChange: boolean }
  | { kind: 'permission'; permission: Permission };

/** Why a call is refused: no live session, a temporary password to change first, codes to set up first, or a role without the permission. */
export type StaffRefusal = 'sign-in' | 'password-change' | 'totp-setup' | 'forbidden';

/**
 * The one decision for every staff call, the back office's and the door's: a live session, then
 * a temporary password (set by an owner: only changing it is open), then the venue's
 * one-time-code rule (a member who must set codes up may only do that), then the role's
 * permission (contract/admin/roles.ts).
 */
export function staffRefusal(request: FastifyRequest, need: StaffNeed): StaffRefusal | undefined {
  if (need.kind === 'public') return undefined;
  if (!request.staff) return 'sign-in';
  if (request.staffMustChangePassword) {
    // The password goes first, one-time codes after: a call open during the change is open whatever else is due.
    return need.kind === 'signed-in' && need.duringPasswordChange ? undefined : 'password-change';
  }
  if (request.staffMustSetUpTotp && !(need.kind === 'signed-in' && need.duringTotpSetup)) return 'totp-setup';
  if (need.kind === 'permission' && !can(request.staff.role, need.permission)) return 'forbidden';
  return undefined;
}

/** A route-level onRequest hook: it runs before the body is read, so a refused caller reaches no parsing or validation. */
export type StaffGate = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const GATES = new WeakSet<StaffGate>();

/** Marks a hook as a staff gate, so the admin plugin's route check (`assertGated`) sees that the route has one. */
export function staffGate(gate: StaffGate): StaffGate {
  GATES.add(gate);
  return gate;
}

/**
 * Refuses, at registration, a staff route without a gate among its onRequest hooks: every call
 * under the admin plugin states who may make it, and is refused before its body is parsed.
 */
export function assertGated(route: { method: string | string[]; url: string; onRequest?: unknown }) {
  const hooks = Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [];
  if (!hooks.some((hook) => GATES.has(hook as StaffGate))) {
    throw new Error(
      `${String(route.method)} ${route.url} has no staff gate (onRequest: requirePermission, requireSignedIn or publicStaffCall)`,
    );
  }
}

const REFUSAL_ANSWER: Record<StaffRefusal, { status: number; code: AdminErrorCodeValue }> = {
  'sign-in': { status: 401, code: AdminErrorCode.signInRequired },
  'password-change': { status: 403, code: AdminErrorCode.passwordChangeRequired },
  'totp-setup': { status: 403, code: AdminErrorCode.totpSetupRequired },
  forbidden: { status: 403, code: AdminErrorCode.forbidden },
};

function gateOf(need: StaffNeed): StaffGate {
  return staffGate(async (request, reply) => {
    const refusal = staffRefusal(request, need);
    if (!refusal) return;
    const { status, code } = REFUSAL_ANSWER[refusal];
    return reply.code(status).send(businessError(code, requestLang(request)));
  });
}

/** The sign-in call: open to anyone (it has its own limits). */
export const publicStaffCall: StaffGate = gateOf({ kind: 'public' });

/**
 * A call for any signed-in member of staff (their own session and profile): 401 without a session.
 * While the venue's rule sends the member to set up one-time codes, only the calls marked
 * `duringTotpSetup` (who am I, sign out, the set-up itself) are open: 403 otherwise. While the
 * member's password is temporary, only those marked `duringPasswordChange` (who am I, sign out,
 * the account's state and the password change) are: 403 -2015 otherwise.
 */
export function requireSignedIn(options: { duringTotpSetup?: boolean; duringPasswordChange?: boolean } = {}): StaffGate {
  return gateOf({
    kind: 'signed-in',
    duringTotpSetup: options.duringTotpSetup === true,
    duringPasswordChange: options.duringPasswordChange === true,
  });
}

/**
 * The gate of an admin call: 401 without a live session, 403 when codes must be set up first or
 * the member's role lacks the permission; the body is never read, the handler never runs.
 */
export function requirePermission(permission: Permission): StaffGate {
  return gateOf({ kind: 'permission', permission });
}

/** The member a guarded handler runs for; the guard has made sure there is one. */
export function guardedStaff(request: FastifyRequest): SignedInStaff {
  if (!request.staff) throw new Error('guardedStaff called on a route without requirePermission or requireSignedIn');
  return request.staff;
}
