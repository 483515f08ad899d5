import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { adminLangQuery } from '../../../contract/admin/session.ts';
import { createDeviceRequest, createDeviceResponse, devicesResponse, revokeDeviceResponse } from '../../../contract/checkin.ts';
import { recordId } from '../../../contract/common.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { CheckinService } from '../../checkin/checkin.service.ts';
import { BusinessError, ok } from '../../http.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { clientOf } from '../staff/staff.routes.ts';
import { guardedStaff, requirePermission } from '../staff/guard.ts';

/** Keys of scanning devices: made (the key shown once), listed, revoked; each change in the audit log. */
export function checkinDevicesRoutes(app: FastifyInstance, deps: { checkin: CheckinService; audit: AuditService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };

  r.get(
    '/api/admin/checkin/devices',
    {
      schema: { tags: ['admin'], querystring: adminLangQuery, response: { 200: devicesResponse, ...errors } },
      onRequest: requirePermission('checkin.devices'),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ devices: await deps.checkin.listDevices() });
    },
  );

  r.post(
    '/api/admin/checkin/devices',
    {
      schema: { tags: ['admin'], body: createDeviceRequest, response: { 200: createDeviceResponse, ...errors } },
      onRequest: requirePermission('checkin.devices'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const staff = guardedStaff(request);
      const client = clientOf(request);
      const made = await deps.checkin.createDevice(request.body, staff.id, (tx, device) =>
        deps.audit.record(tx, {
          staffId: staff.id,
          action: 'checkin-device.create',
          subjectType: 'checkin-device',
          subjectId: String(device.id),
          after: device,
          ip: client.ip,
          userAgent: client.userAgent,
        }),
      );
      return ok(made);
    },
  );

  r.post(
    '/api/admin/checkin/devices/:id/revoke',
    {
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.coerce.number().pipe(recordId) }),
        querystring: adminLangQuery,
        response: { 200: revokeDeviceResponse, ...errors },
      },
      onRequest: requirePermission('checkin.devices'),
    },
    async (request) => {
      const staff = guardedStaff(request);
      const client = clientOf(request);
      const device = await deps.checkin.revokeDevice(request.params.id, (tx, before) =>
        deps.audit.record(tx, {
          staffId: staff.id,
          action: 'checkin-device.revoke',
          subjectType: 'checkin-device',
          subjectId: String(before.id),
          before,
          ip: client.ip,
          userAgent: client.userAgent,
        }),
      );
      if (!device) throw new BusinessError(ErrorCode.notFound, { status: 404 });
      return ok({ device });
    },
  );
}
