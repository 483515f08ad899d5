import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import {
  deskCashMoveBody,
  deskCorrectionBody,
  deskCorrectionResponse,
  deskRegisterBody,
  deskRegisterQuery,
  deskRegisterResponse,
  deskReturnBody,
  deskDueBody,
  deskReturnLookupQuery,
  deskReturnLookupResponse,
  deskReturnResponse,
  deskShiftActionResponse,
  deskShiftParams,
  deskShiftReportQuery,
  deskShiftReportResponse,
  deskTaskParams,
  deskTaskResponse,
  deskTaskResultBody,
} from '../../../contract/admin/desk-register.ts';
import { ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { DeskRegister } from './desk-register.service.ts';
import type { DeskReturns } from './desk-returns.service.ts';

/** The desk's register: its state, shifts, cash in and out, receipt tasks reported by the cashier's page, returns at the desk. */
export function deskRegisterRoutes(app: FastifyInstance, deps: { register: DeskRegister; returns: DeskReturns }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': adminErrorResponse };
  const tags = ['admin-desk'];
  const guard = requirePermission('desk.sell');
  const shiftAction = { tags, body: deskRegisterBody, response: { 200: deskShiftActionResponse, ...errors } };
  const taskAction = { tags, params: deskTaskParams, response: { 200: deskTaskResponse, ...errors } };

  r.get(
    '/api/admin/desk/register',
    { schema: { tags, querystring: deskRegisterQuery, response: { 200: deskRegisterResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.register.state(request.query.register));
    },
  );

  r.post('/api/admin/desk/shifts/open', { schema: shiftAction, onRequest: guard }, async (request) =>
    ok(await deps.register.openShift(request.body.register, staffActorOf(request))),
  );
  r.post('/api/admin/desk/shifts/close', { schema: shiftAction, onRequest: guard }, async (request) =>
    ok(await deps.register.closeOpenShift(request.body.register, staffActorOf(request))),
  );
  r.post('/api/admin/desk/shifts/report-x', { schema: shiftAction, onRequest: guard }, async (request) =>
    ok(await deps.register.reportX(request.body.register, staffActorOf(request))),
  );
  r.post(
    '/api/admin/desk/shifts/cash',
    { schema: { tags, body: deskCashMoveBody, response: { 200: deskShiftActionResponse, ...errors } }, onRequest: guard },
    async (request) => ok(await deps.register.cashMove(request.body, staffActorOf(request))),
  );

  r.get(
    '/api/admin/desk/shifts/:id/report',
    { schema: { tags, params: deskShiftParams, response: { 200: deskShiftReportResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ report: await deps.register.shiftReport(request.params.id) });
    },
  );

  r.get(
    '/api/admin/desk/shifts/:id/report.csv',
    { schema: { tags, params: deskShiftParams, querystring: deskShiftReportQuery }, onRequest: guard },
    async (request, reply) => {
      const { csv, shift } = await deps.register.shiftReportCsv(request.params.id, request.query.lang, request.query.dialect);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="shift-${shift.register}-${shift.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.post('/api/admin/desk/receipt-tasks/:id/sent', { schema: taskAction, onRequest: guard }, async (request) =>
    ok({ task: await deps.register.markSent(request.params.id) }),
  );
  r.post(
    '/api/admin/desk/receipt-tasks/:id/result',
    { schema: { ...taskAction, body: deskTaskResultBody }, onRequest: guard },
    async (request) => ok({ task: await deps.register.report(request.params.id, request.body, staffActorOf(request)) }),
  );
  r.post('/api/admin/desk/receipt-tasks/:id/retry', { schema: taskAction, onRequest: guard }, async (request) =>
    ok({ task: await deps.register.retry(request.params.id, staffActorOf(request)) }),
  );
  r.post('/api/admin/desk/receipt-tasks/:id/elsewhere', { schema: taskAction, onRequest: guard }, async (request) =>
    ok({ task: await deps.register.printedElsewhere(request.params.id, staffActorOf(request)) }),
  );

  r.post(
    '/api/admin/desk/receipt-tasks/:id/correct',
    {
      schema: { tags, params: deskTaskParams, body: deskCorrectionBody, response: { 200: deskCorrectionResponse, ...errors } },
      onRequest: guard,
    },
    async (request) => ok(await deps.register.correct(request.params.id, request.body, staffActorOf(request))),
  );

  r.get(
    '/api/admin/desk/returns/lookup',
    { schema: { tags, querystring: deskReturnLookupQuery, response: { 200: deskReturnLookupResponse, ...errors } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await deps.returns.lookup(request.query.code));
    },
  );
  r.post(
    '/api/admin/desk/returns',
    { schema: { tags, body: deskReturnBody, response: { 200: deskReturnResponse, ...errors } }, onRequest: guard },
    async (request) => ok(await deps.returns.giveBack(request.body, staffActorOf(request))),
  );
  r.post(
    '/api/admin/desk/returns/due',
    { schema: { tags, body: deskDueBody, response: { 200: deskReturnResponse, ...errors } }, onRequest: guard },
    async (request) => ok(await deps.returns.payDue(request.body, staffActorOf(request))),
  );
}
