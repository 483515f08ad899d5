import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderHash } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { LANGS } from '../../contract/lang.ts';
import type { Db } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import type { CalendarFiles } from './calendar.service.ts';
import { passUpdatedAt, registerDevice, unregisterDevice, updatedSerials } from './wallet/wallet-updates.ts';
import type { WalletPasses } from './wallet/wallet.service.ts';

/** Apple's PassKit web service lives outside /api: Wallet sends neither our CSRF token nor X-Requested-With. */
export const WALLET_WEB_SERVICE_PATH = '/wallet';

const ticketHash = z.string().min(1).max(100);
// Apple's identifiers: a device library id, a pass type id ('pass.ru.venue.tickets'), a push token.
const walletId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.-]+$/);

/**
 * What a buyer keeps besides the ticket page and the PDF: the order's calendar file, each ticket's
 * Apple Wallet pass (only when the venue configured its pass certificate), and Wallet's web
 * service for passes that follow a moved session or a returned ticket.
 */
export function keepsakesRoutes(
  app: FastifyInstance,
  deps: { db: Db; calendar: CalendarFiles; wallet: WalletPasses | undefined; now: () => number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/order/:hash/calendar.ics',
    {
      schema: {
        tags: ['order'],
        description:
          'The sessions of a paid order as an iCalendar file (RFC 5545), at the venue’s time zone, in the language asked (else the buyer’s). 404 for an unknown or unpaid order, or one with no ticket that admits.',
        params: z.object({ hash: orderHash }),
        querystring: z.object({ lang: z.enum(LANGS).optional() }),
      },
    },
    async (request, reply) => {
      const file = await deps.calendar.orderIcsByHash(request.params.hash, request.query.lang);
      if (!file) throw new BusinessError(ErrorCode.notFound, { status: 404 });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.ics);
    },
  );

  const wallet = deps.wallet;
  r.get(
    '/api/ticket/:hash/wallet.pkpass',
    {
      schema: {
        tags: ['order'],
        description:
          'The ticket as an Apple Wallet pass (.pkpass), in the language asked (else the buyer’s). 404 when the venue has no pass certificate, or for an unknown, unpaid or returned ticket.',
        params: z.object({ hash: ticketHash }),
        querystring: z.object({ lang: z.enum(LANGS).optional() }),
      },
    },
    async (request, reply) => {
      const pass = wallet ? await wallet.passForTicket(request.params.hash, request.query.lang) : undefined;
      if (!pass) throw new BusinessError(ErrorCode.notFound, { status: 404 });
      return reply
        .header('content-type', 'application/vnd.apple.pkpass')
        .header('content-disposition', `attachment; filename="ticket-${pass.number}.pkpass"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pass.pkpass));
    },
  );
  if (!wallet?.updatable) return;

  // Apple's PassKit web service (developer.apple.com, "Adding a Web Service to Update Passes").
  const base = `${WALLET_WEB_SERVICE_PATH}/v1`;
  const registration = z.object({ deviceId: walletId, passTypeId: walletId, serial: ticketHash });
  const authorized = (passTypeId: string, serial: string, header: string | undefined) =>
    passTypeId === wallet.passTypeId && wallet.authorized(serial, header);
  const hide = { schema: { hide: true } };

  r.post(
    `${base}/devices/:deviceId/registrations/:passTypeId/:serial`,
    { schema: { ...hide.schema, params: registration, body: z.object({ pushToken: walletId }) } },
    async (request, reply) => {
      const { deviceId, passTypeId, serial } = request.params;
      if (!authorized(passTypeId, serial, request.headers.authorization)) return reply.code(401).send();
      const created = await registerDevice(deps.db, deviceId, serial, request.body.pushToken, new Date(deps.now()));
      return reply.code(created ? 201 : 200).send();
    },
  );
  r.delete(
    `${base}/devices/:deviceId/registrations/:passTypeId/:serial`,
    { schema: { ...hide.schema, params: registration } },
    async (request, reply) => {
      const { deviceId, passTypeId, serial } = request.params;
      if (!authorized(passTypeId, serial, request.headers.authorization)) return reply.code(401).send();
      await unregisterDevice(deps.db, deviceId, serial);
      return reply.code(200).send();
    },
  );
  r.get(
    `${base}/devices/:deviceId/registrations/:passTypeId`,
    {
      schema: {
        ...hide.schema,
        params: z.object({ deviceId: walletId, passTypeId: walletId }),
        querystring: z.object({
          passesUpdatedSince: z
            .string()
            .regex(/^\d{1,16}$/)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      if (request.params.passTypeId !== wallet.passTypeId) return reply.code(404).send();
      const since = request.query.passesUpdatedSince === undefined ? undefined : Number(request.query.passesUpdatedSince);
      const { serials, lastUpdated } = await updatedSerials(deps.db, request.params.deviceId, since);
      if (serials.length === 0) return reply.code(204).send();
      // lastUpdated is a string: Wallet ignores a number there.
      return reply.send({ serialNumbers: serials, lastUpdated: String(lastUpdated) });
    },
  );
  r.get(
    `${base}/passes/:passTypeId/:serial`,
    { schema: { ...hide.schema, params: z.object({ passTypeId: walletId, serial: ticketHash }) } },
    async (request, reply) => {
      const { passTypeId, serial } = request.params;
      if (!authorized(passTypeId, serial, request.headers.authorization)) return reply.code(401).send();
      const updatedAt = await passUpdatedAt(deps.db, serial);
      const since = request.headers['if-modified-since'] ? Date.parse(request.headers['if-modified-since']) : NaN;
      // HTTP dates have whole seconds.
      if (updatedAt && !Number.isNaN(since) && Math.floor(updatedAt.getTime() / 1000) * 1000 <= since) return reply.code(304).send();
      const state = await wallet.stateOf(serial);
      if (!state) return reply.code(401).send();
      const { pkpass } = await wallet.render(state);
      return reply
        .header('content-type', 'application/vnd.apple.pkpass')
        .header('last-modified', (updatedAt ?? new Date(deps.now())).toUTCString())
        .send(Buffer.from(pkpass));
    },
  );
  r.post(
    `${base}/log`,
    { schema: { ...hide.schema, body: z.object({ logs: z.array(z.string().max(2000)).max(100) }) } },
    async (request, reply) => {
      for (const line of request.body.logs) request.log.warn({ wallet: line }, 'Apple Wallet reported a problem with a pass');
      return reply.code(200).send();
    },
  );
}
