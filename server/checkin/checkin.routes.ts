import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkinActivityQuery,
  checkinActivityResponse,
  checkinSessionsQuery,
  checkinSessionsResponse,
  scanRequest,
  scanResponse,
  syncRequest,
  syncResponse,
} from '../../contract/checkin.ts';
import { businessResult } from '../../contract/common.ts';
import { AdminErrorCode } from '../../contract/admin/errors.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { type StaffGate, type StaffRefusal, guardedStaff, staffGate, staffRefusal } from '../admin/staff/guard.ts';
import { type AnyErrorCode, businessError, ok, requestLang } from '../http.ts';
import type { AuditWriter } from '../admin/audit/audit.service.ts';
import { clientOf } from '../admin/staff/staff.routes.ts';
import type { CheckinService, DoorReader, LiveDevice, Scanner, WindowOverride } from './checkin.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live device key the door call came with (Authorization: Bearer), set by the door's gate. */
    doorDevice?: LiveDevice;
  }
}

export type CheckinRouteDeps = { checkin: CheckinService; audit: AuditWriter };

/** The audit entry of a ticket a controller admitted outside its entry window: who, which ticket, which side. */
function overrideAudit(audit: AuditWriter, staffId: number, client: { ip: string; userAgent: string | null }): WindowOverride['audit'] {
  return (tx, ticket, side) =>
    audit(tx, {
      staffId,
      action: side === 'too-early' ? 'checkin.override-early' : 'checkin.override-late',
      subjectType: 'ticket',
      subjectId: String(ticket.ticketId),
      after: {
        code: ticket.code,
        session: ticket.sessionId,
        event: ticket.event,
        entryFrom: ticket.entryFrom,
        entryUntil: ticket.entryUntil,
      },
      ip: client.ip,
      userAgent: client.userAgent,
    });
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The door's answers to the staff gate's refusals: its own codes for sign-in and role, the back office's for codes to set up. */
const DOOR_REFUSAL: Record<StaffRefusal, { status: number; code: AnyErrorCode }> = {
  'sign-in': { status: 401, code: ErrorCode.checkinSignInRequired },
  'password-change': { status: 403, code: AdminErrorCode.passwordChangeRequired },
  'totp-setup': { status: 403, code: AdminErrorCode.totpSetupRequired },
  forbidden: { status: 403, code: ErrorCode.checkinForbidden },
};

/**
 * The door's gate, before the body is read: a device key (Authorization: Bearer) wins over a
 * session cookie, so a shared scanner never acts as whoever last signed in on it; a live key
 * (not revoked, not expired, its maker not disabled) passes within its scope. Without a key, the
 * staff gate's one decision (`staffRefusal`) with checkin.scan: a session, the venue's
 * one-time-code rule, the role.
 */
function doorGate(checkin: CheckinService): StaffGate {
  return staffGate(async (request, reply) => {
    const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      const device = await checkin.deviceOfKey(bearer);
      if (device) {
        request.doorDevice = device;
        return;
      }
      return reply.code(401).send(businessError(ErrorCode.checkinSignInRequired, requestLang(request)));
    }
    const refusal = staffRefusal(request, { kind: 'permission', permission: 'checkin.scan' });
    if (!refusal) return;
    const { status, code } = DOOR_REFUSAL[refusal];
    return reply.code(status).send(businessError(code, requestLang(request)));
  });
}

/** Who is scanning, as the gate let them through: the device key, else the signed-in member. */
function scannerOf(request: FastifyRequest, deviceId: string): Scanner {
  const device = request.doorDevice;
  if (device) {
    return {
      kind: 'device',
      checkinDeviceId: device.id,
      deviceName: device.name,
      deviceId,
      scope: { validFrom: device.validFrom, validTo: device.validTo, sessionIds: device.sessionIds },
    };
  }
  const staff = guardedStaff(request);
  return { kind: 'staff', staffId: staff.id, staffName: staff.name, deviceId };
}

/** Whose lists are read: a device key sees its scope only. */
function readerOf(request: FastifyRequest): DoorReader {
  const device = request.doorDevice;
  return { scope: device ? { validFrom: device.validFrom, validTo: device.validTo, sessionIds: device.sessionIds } : null };
}

const SECURITY: { [scheme: string]: string[] }[] = [
  { csrf: [], staffSession: [] },
  { csrf: [], deviceKey: [] },
];
/** The reads need no CSRF token: they change nothing. */
const READ_SECURITY: { [scheme: string]: string[] }[] = [{ staffSession: [] }, { deviceKey: [] }];

/** Door check-in: scan, offline sync, the day's sessions and their counts. For staff sessions and device keys. */
export function checkinRoutes(app: FastifyInstance, deps: CheckinRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gate = doorGate(deps.checkin);

  r.post(
    '/api/checkin/scan',
    {
      schema: {
        tags: ['checkin'],
        summary: 'The verdict for one scanned code; admits the ticket when it may pass',
        description:
          'Answers HTTP 200 with a verdict for any code text: admitted (the only one that lets the visitor in), already-used (usedAt, usedBy), wrong-session (not among sessionIds, or not today when they are left out, or outside a device key’s days and sessions), refunded, cancelled, replaced (a code a desk duplicate replaced), unknown or malformed. A ticket is admitted exactly once however many devices scan it at once. Authenticated, before the body is read, by the staff session cookie (a role with checkin.scan, one-time codes set up where the venue requires them) or a live device key (Authorization: Bearer ckd_…); the X-CSRF-TOKEN of GET /api/token and X-Requested-With: XMLHttpRequest are required as on every state-changing call.',
        security: SECURITY,
        body: scanRequest,
        response: { 200: scanResponse, '4xx': businessResult },
      },
      onRequest: gate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const scanner = scannerOf(request, request.body.deviceId);
      // A turnstile's key cannot decide to let someone in early: only a controller who answers for it.
      if (request.body.override && scanner.kind !== 'staff')
        return reply.code(403).send(businessError(ErrorCode.checkinOverrideForbidden, requestLang(request)));
      const override =
        request.body.override && scanner.kind === 'staff'
          ? { audit: overrideAudit(deps.audit, scanner.staffId, clientOf(request)) }
          : undefined;
      const v = await deps.checkin.scan(scanner, request.body.code, {
        sessionIds: request.body.sessionIds,
        lang: request.body.lang,
        override,
      });
      return ok(v);
    },
  );

  r.post(
    '/api/checkin/sync',
    {
      schema: {
        tags: ['checkin'],
        summary: 'Scans made offline, applied in order',
        description:
          'Each scan carries the device’s own scanId and the time it was made. Applied in the order sent; a scan already applied (same device, same scanId) answers its first verdict with replayed: true and changes nothing. A ticket another device admitted first answers conflict.',
        security: SECURITY,
        body: syncRequest,
        response: { 200: syncResponse, '4xx': businessResult },
      },
      onRequest: gate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const scanner = scannerOf(request, request.body.deviceId);
      const results = await deps.checkin.sync(scanner, request.body.scans, {
        sessionIds: request.body.sessionIds,
        lang: request.body.lang,
      });
      return ok({ results });
    },
  );

  r.get(
    '/api/checkin/sessions',
    {
      schema: {
        tags: ['checkin'],
        summary: 'The sessions of a venue-local day (today by default) with their counts',
        security: READ_SECURITY,
        querystring: checkinSessionsQuery,
        response: { 200: checkinSessionsResponse, '4xx': businessResult },
      },
      onRequest: gate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.checkin.sessionsOfDay(readerOf(request), request.query.date, request.query.lang));
    },
  );

  r.get(
    '/api/checkin/activity',
    {
      schema: {
        tags: ['checkin'],
        summary: 'Admitted, sold and remaining per chosen session, and the last admissions',
        security: READ_SECURITY,
        querystring: checkinActivityQuery,
        response: { 200: checkinActivityResponse, '4xx': businessResult },
      },
      onRequest: gate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.checkin.activity(readerOf(request), request.query.sessionIds, request.query.lang));
    },
  );
}
