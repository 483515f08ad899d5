import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessResult, normalizeLang } from '../../contract/common.ts';
import { orderDeclinedPath, orderViewPath } from '../../contract/order-path.ts';
import {
  orderNumberRequest,
  orderNumberResponse,
  orderStatusRequest,
  orderStatusResponse,
  payRequest,
  payResponse,
} from '../../contract/payment.ts';
import type { CurrencyCode } from '../../contract/setup.ts';
import { ok } from '../http.ts';
import type { createReturnProof } from './return-proof.ts';
import type { PaymentsService } from './payments.service.ts';
import type { ProviderRegistry } from './provider.ts';

/** The storefront's own origin for links that leave the page (QR codes, bank return URLs). */
export function requestOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

export function paymentsRoutes(
  app: FastifyInstance,
  deps: {
    payments: PaymentsService;
    providers: ProviderRegistry;
    publicUrl: string | undefined;
    /** The cookie that lets only the paying browser back to its order (return-proof.ts). */
    returnProof: ReturnType<typeof createReturnProof>;
    now: () => number;
    /** Integration mode (setup is_integration): the order link takes the older path shape. */
    isIntegration: () => Promise<boolean>;
    /** The setup's currency, which the acquirer charges in. */
    currency: () => Promise<CurrencyCode>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/order/pay',
    { schema: { tags: ['payment'], body: payRequest, response: { 200: payResponse, '4xx': businessResult } } },
    async (request, reply) => {
      const { hash, lang, bank_data } = request.body;
      const result = await deps.payments.startPayment({
        hash,
        lang,
        methodId: bank_data?.id,
        origin: requestOrigin(request, deps.publicUrl),
        currency: await deps.currency(),
      });
      if (result.type === 'nominal') return ok({ hash: result.hash });
      if (result.type === 'paid') return ok({});
      reply.header(
        'set-cookie',
        deps.returnProof.cookie(result.publicId, {
          secure: request.protocol === 'https',
          // Past the reserve time by an hour: a bank may send the visitor back late.
          maxAgeSeconds: (result.expiresAt.getTime() - deps.now()) / 1000 + 3600,
        }),
      );
      const action = result.action;
      if (action.type === 'form') return ok({ form_action: action.action, form_bank: action.fields });
      if (action.type === 'qr') return ok({ form_qr_url: action.url, form_qr_code: action.image });
      return ok({ bankUrl: action.url });
    },
  );

  // Polled by the QR modal every 10 000 ms: 0 while the order awaits payment.
  r.post(
    '/api/order/status',
    { schema: { tags: ['payment'], body: orderStatusRequest, response: { 200: orderStatusResponse, '4xx': businessResult } } },
    async (request) => deps.payments.payStateOf(request.body.hash),
  );

  r.post(
    '/api/order/number',
    { schema: { tags: ['payment'], body: orderNumberRequest, response: { 200: orderNumberResponse, '4xx': businessResult } } },
    async (request) => {
      const order = await deps.payments.declineOf(request.body.hash);
      return ok({ num: order.number, reason: order.reason, payment_num: order.paymentNumber });
    },
  );

  // The acquirer's server-to-server callback. Outside /api: it carries a signature, not a CSRF
  // token. A forged body gets 400 and changes nothing; a repeated one gets 200 and changes nothing.
  // A body refused before the handler (malformed JSON, a NUL) gets the app's usual 400 answer: the
  // 4xx schema admits both shapes, else that answer failed serialization and went out as a 500.
  const refused = z.union([z.object({ ok: z.literal(false) }), businessResult]);
  r.post(
    '/payments/notify/:provider',
    {
      schema: {
        tags: ['payment'],
        params: z.object({ provider: z.string().max(40) }),
        body: z.unknown(),
        response: { 200: z.union([z.object({ ok: z.literal(true), result: z.string() }), z.string()]), '4xx': refused },
      },
    },
    async (request, reply) => {
      const provider = deps.providers.get(request.params.provider);
      if (!provider) return reply.code(404).send({ ok: false as const });
      let notification: Awaited<ReturnType<typeof provider.verifyNotification>>;
      try {
        notification = await provider.verifyNotification(request.body, request.headers, { ip: request.ip });
      } catch (error) {
        // The acquirer's API could not confirm it (read-back of an unsigned webhook): any answer
        // but 200 makes the acquirer repeat it later. 429 with Retry-After, not a 5xx: anyone can
        // send this body, and nothing a client sends gets a 5xx; the reconciliation job reads the
        // payment back anyway.
        request.log.warn({ err: error }, 'payment notification could not be checked with the acquirer');
        return reply
          .code(429)
          .header('retry-after', '60')
          .send({ ok: false as const });
      }
      if (!notification) return reply.code(400).send({ ok: false as const });
      // Too many read-backs for this payment or sender: the acquirer repeats a genuine one later,
      // and the reconciliation job reads the payment back anyway.
      if (notification === 'throttled')
        return reply
          .code(429)
          .header('retry-after', '60')
          .send({ ok: false as const });
      let result: string;
      if (notification === 'acknowledged') result = 'acknowledged';
      else if ('type' in notification) {
        // News of a refund: its read-back is made due now and runs in the refunds job, not here.
        await deps.payments.refundNews(provider.id, notification);
        result = 'acknowledged';
      } else result = (await deps.payments.applyOutcome(provider.id, notification, request.body)).result;
      const answer = provider.notificationReply;
      if (answer)
        return reply
          .code(200)
          .type(answer.contentType)
          .serializer((payload) => String(payload))
          .send(answer.body);
      return { ok: true as const, result };
    },
  );

  // Where the acquirer sends the visitor back: check the outcome (the notification may still be
  // on its way) and show the order, or the declined page.
  r.get(
    '/payments/return/:publicId',
    {
      schema: {
        tags: ['payment'],
        params: z.object({ publicId: z.string().max(80) }),
        querystring: z.object({ lang: z.unknown().optional() }),
      },
    },
    async (request, reply) => {
      const order = await deps.payments.returnedOrder(request.params.publicId, (publicId) =>
        deps.returnProof.carries(request.headers.cookie, publicId),
      );
      if (!order) return reply.code(303).header('location', '/').send();
      const declined = order.declined;
      // The language of the page the visitor paid from (the return URL carries it), else the order's.
      const lang = normalizeLang(request.query.lang ?? order.lang);
      const location = declined ? orderDeclinedPath(order.hash, lang) : orderViewPath(order.hash, lang, await deps.isIntegration());
      return reply.code(303).header('location', location).send();
    },
  );
}
