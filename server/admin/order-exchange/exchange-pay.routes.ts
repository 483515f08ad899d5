import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Lang, normalizeLang } from '../../../contract/common.ts';
import { formatPrice } from '../../../contract/format-price.ts';
import { toBcp47 } from '../../../contract/lang.ts';
import { orderViewPath } from '../../../contract/order-path.ts';
import type { CurrencyCode } from '../../../contract/setup.ts';
import type { Db } from '../../db/client.ts';
import { serverText } from '../../locales/texts.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import { requestOrigin } from '../../payments/payments.routes.ts';
import type { createReturnProof } from '../../payments/return-proof.ts';
import { sessionWhen } from '../session-changes/session-mail.ts';
import { type ExchangePayPage, startExchangePayment } from './exchange-payment.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(lang: Lang, body: string): string {
  const title = escape(serverText('exchangePay', 'title', lang));
  return `<!doctype html><html lang="${toBcp47(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main style="max-width:32rem;margin:2rem auto;padding:0 1rem;font-family:system-ui,sans-serif;line-height:1.5"><h1>${title}</h1>${body}</main></body></html>`;
}

/** What the buyer's browser gets: the acquirer's form or page to pay the difference, or why the link no longer pays. */
function answerPage(
  result: ExchangePayPage,
  currency: CurrencyCode,
  timeZone: string,
  integration: boolean,
): { html: string } | { location: string } {
  const lang = normalizeLang(result.lang);
  if (result.kind === 'gone') {
    const link = result.orderHash
      ? `<p><a href="${escape(orderViewPath(result.orderHash, lang, integration))}">${escape(serverText('exchangePay', 'order', lang))}</a></p>`
      : '';
    return { html: page(lang, `<p role="status">${escape(serverText('exchangePay', 'gone', lang))}</p>${link}`) };
  }
  const { action } = result;
  if (action.type === 'redirect') return { location: action.url };
  const due = `<p>${escape(
    serverText('exchangePay', 'amount', lang, {
      amount: formatPrice(result.amount, currency, lang),
      until: sessionWhen(result.until, true, lang, timeZone),
    }),
  )}</p>`;
  if (action.type === 'qr')
    return {
      html: page(
        lang,
        `${due}<p><img src="${escape(action.image)}" alt="${escape(serverText('exchangePay', 'qr', lang))}" width="240" height="240"></p><p><a href="${escape(action.url)}">${escape(serverText('exchangePay', 'button', lang))}</a></p>`,
      ),
    };
  const fields = Object.entries(action.fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return {
    html: page(
      lang,
      `${due}<form method="post" action="${escape(action.action)}">${fields}<button type="submit">${escape(serverText('exchangePay', 'button', lang))}</button></form>`,
    ),
  };
}

/**
 * The link of an exchange's difference, opened from the buyer's e-mail (outside /api: a link a
 * mail client opens, like the acquirer's return address). It starts the payment once (a second
 * visit answers the same open payment) and sets the paying browser's return cookie, as Pay does.
 */
export function exchangePayRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    now: () => number;
    payments: PaymentsService;
    returnProof: ReturnType<typeof createReturnProof>;
    publicUrl: string | undefined;
    timeZone: string;
    venue: () => Promise<{ currency: CurrencyCode; integration: boolean }>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/exchange/pay/:token',
    {
      schema: {
        tags: ['payment'],
        params: z.object({
          token: z
            .string()
            .min(20)
            .max(64)
            .regex(/^[\w-]+$/),
        }),
      },
    },
    async (request, reply) => {
      const venue = await deps.venue();
      const result = await startExchangePayment(deps, {
        token: request.params.token,
        origin: requestOrigin(request, deps.publicUrl),
        currency: venue.currency,
      });
      reply.header('cache-control', 'no-store');
      if (result.kind === 'action') {
        reply.header(
          'set-cookie',
          deps.returnProof.cookie(result.publicId, {
            secure: request.protocol === 'https',
            maxAgeSeconds: Math.max(60, (result.until.getTime() - deps.now()) / 1000 + 3600),
          }),
        );
      }
      const answer = answerPage(result, venue.currency, deps.timeZone, venue.integration);
      if ('location' in answer) return reply.code(303).header('location', answer.location).send();
      return reply
        .code(result.kind === 'gone' ? 410 : 200)
        .type('text/html; charset=utf-8')
        .send(answer.html);
    },
  );
}
