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
import { ErrorCode } from '../../contract/errors.ts';
import { BusinessError, ok } from '../http.ts';
import type { CheckinService, Scanner } from './checkin.service.ts';

/** A signed-in member of staff, as the staff session resolves them; whether their role may scan is for the caller to say. */
export type DoorStaff = { id: number; name: string; mayScan: boolean };

export type CheckinRouteDeps = {
  checkin: CheckinService;
  /** The staff session of the request, if it has a live one. */
  staffOf: (request: FastifyRequest) => Promise<DoorStaff | undefined>;
};

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Who is scanning: a device key (Authorization: Bearer) wins over a session cookie, so a shared
 * scanner never acts as whoever last signed in on it. Neither: 401; a role that may not scan: 403.
 */
async function scannerOf(request: FastifyRequest, deps: CheckinRouteDeps, deviceId: string): Promise<Scanner> {
  const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) {
    const device = await deps.checkin.deviceOfKey(bearer);
    if (!device) throw new BusinessError(ErrorCode.checkinSignInRequired, { status: 401 });
    return { kind: 'device', checkinDeviceId: device.id, deviceName: device.name, deviceId };
  }
  const staff = await deps.staffOf(request);
  if (!staff) throw new BusinessError(ErrorCode.checkinSignInRequired, { status: 401 });
  if (!staff.mayScan) throw new BusinessError(ErrorCode.checkinForbidden, { status: 403 });
  return { kind: 'staff', staffId: staff.id, staffName: staff.name, deviceId };
}

const SECURITY: { [scheme: string]: string[] }[] = [{ csrf: [], staffSession: [] }, { csrf: [], deviceKey: [] }];
/** The reads need no CSRF token: they change nothing. */
const READ_SECURITY: { [scheme: string]: string[] }[] = [{ staffSession: [] }, { deviceKey: [] }];

/** Door check-in: scan, offline sync, the day's sessions and their counts. For staff sessions and device keys. */
export function checkinRoutes(app: FastifyInstance, deps: CheckinRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/checkin/scan',
    {
      schema: {
        tags: ['checkin'],
        summary: 'The verdict for one scanned code; admits the ticket when it may pass',
        description:
          'Answers HTTP 200 with a verdict for any code text: admitted (the only one that lets the visitor in), already-used (usedAt, usedBy), wrong-session (not among sessionIds, or not today when they are left out), refunded, cancelled, unknown or malformed. A ticket is admitted exactly once however many devices scan it at once. Authenticated by the staff session cookie or a device key (Authorization: Bearer ckd_…); the X-CSRF-TOKEN of GET /api/token and X-Requested-With: XMLHttpRequest are required as on every state-changing call.',
        security: SECURITY,
        body: scanRequest,
        response: { 200: scanResponse, '4xx': businessResult },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const scanner = await scannerOf(request, deps, request.body.deviceId);
      const v = await deps.checkin.scan(scanner, request.body.code, { sessionIds: request.body.sessionIds, lang: request.body.lang });
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
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const scanner = await scannerOf(request, deps, request.body.deviceId);
      const results = await deps.checkin.sync(scanner, request.body.scans, { sessionIds: request.body.sessionIds, lang: request.body.lang });
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
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await scannerOf(request, deps, 'listing');
      return ok(await deps.checkin.sessionsOfDay(request.query.date, request.query.lang));
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
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await scannerOf(request, deps, 'listing');
      return ok(await deps.checkin.activity(request.query.sessionIds, request.query.lang));
    },
  );
}
