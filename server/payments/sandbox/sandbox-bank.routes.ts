import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_LANG, type Lang, normalizeLang, toBcp47 } from '../../../contract/lang.ts';
import { DECLINE_REASONS, type DeclineReason, isDeclineReason } from '../../../contract/payment.ts';
import { type TextKey, serverText } from '../../locales/texts.ts';
import { type SandboxBank, type SandboxPayment, signForm } from './sandbox-bank.ts';

/** The bank's pages speak the storefront's four languages; `?lang=` carries the visitor's. */
type PageLang = Lang;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/**
 * The amount in the currency the payment was registered in (minor units: two decimals in each),
 * written as the visitor's language writes it (kz '1 060,00 ₸', ch '₸1,060.00'): Intl needs the
 * BCP 47 tag, not the storefront's code ('kz' is no language Intl knows; it fell back to English).
 */
const money = (p: Pick<SandboxPayment, 'amount' | 'currency'>, lang: PageLang) =>
  new Intl.NumberFormat(toBcp47(lang), {
    style: 'currency',
    currency: p.currency,
    currencyDisplay: 'narrowSymbol',
  }).format(p.amount / 100);

function page(lang: PageLang, body: string): string {
  // <html lang> takes the BCP 47 tag (kk, zh), so screen readers read the page in its language.
  return `<!doctype html><html lang="${toBcp47(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(serverText('sandboxBank', 'title', lang))}</title>
<style>
  body{font:16px/1.45 system-ui,sans-serif;margin:0;background:#eef1f6;color:#17202e}
  main{max-width:420px;margin:32px auto;background:#fff;border-radius:14px;padding:24px;box-shadow:0 4px 24px #0002}
  h1{font-size:1.3rem;margin:0 0 4px} .note{color:#8a5a00;background:#fff5d6;padding:6px 10px;border-radius:8px;font-size:.85rem}
  .sum{font-size:1.6rem;font-weight:700;margin:16px 0} button{font:inherit;width:100%;padding:12px;border-radius:10px;border:1px solid #c7cfdb;background:#f6f8fb;margin:4px 0;cursor:pointer}
  button.primary{background:#1b6ef3;border-color:#1b6ef3;color:#fff;font-weight:600} fieldset{border:0;padding:0;margin:16px 0 0}
  legend{font-weight:600;margin-bottom:6px} a{color:#1b6ef3} @media (max-width:460px){main{margin:0;border-radius:0}}
</style></head><body><main>${body}</main></body></html>`;
}

const notFoundPage = (lang: PageLang) => page(lang, `<h1>${escape(serverText('sandboxBank', 'notFound', lang))}</h1>`);

function paymentPage(p: SandboxPayment, lang: PageLang): string {
  const tr = (key: TextKey<'sandboxBank'>) => escape(serverText('sandboxBank', key, lang));
  const heading = p.kind === 'pushkin' ? tr('pushkin') : p.kind === 'qr' ? tr('qr') : tr('card');
  const q = lang === DEFAULT_LANG ? '' : `?lang=${lang}`;
  if (p.status !== 'new') {
    return page(
      lang,
      `<h1>${tr('title')}</h1><p>${tr('done')}: <strong>${p.status === 'paid' ? tr('paid') : p.status === 'canceled' ? tr('canceled') : tr('declined')}</strong></p>
       <form method="post" action="/sandbox/pay/${escape(p.id)}/complete${q}"><input type="hidden" name="choice" value="pay">
       <button class="primary" type="submit">${tr('back')}</button></form>`,
    );
  }
  const reasons = DECLINE_REASONS.map(
    (reason) => `<button type="submit" name="choice" value="${reason}">${escape(serverText('sandboxDecline', reason, lang))}</button>`,
  ).join('');
  return page(
    lang,
    `<h1>${tr('title')}</h1><p>${heading}</p><p class="note">${tr('sandbox')}</p>
     <p>${escape(p.description)}</p><div class="sum" aria-label="${tr('amount')}">${money(p, lang)}</div>
     <form method="post" action="/sandbox/pay/${escape(p.id)}/complete${q}">
       <button class="primary" type="submit" name="choice" value="pay">${tr('pay')} ${money(p, lang)}</button>
       <fieldset><legend>${tr('decline')}</legend>${reasons}</fieldset>
     </form>`,
  );
}

/**
 * The sandbox bank's pages, served by our own server under /sandbox (outside /api: they are
 * the bank's site, posted to by plain HTML forms, not by the storefront's client).
 */
export async function sandboxBankRoutes(app: FastifyInstance, deps: { bank: SandboxBank }) {
  await app.register(async (scope) => {
    // The bank's forms are plain HTML posts; this scope alone reads url-encoded bodies.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    // Unknown or missing: ru, as everywhere in the storefront.
    const langOf = (query: unknown): PageLang => normalizeLang((query as { lang?: unknown } | undefined)?.lang);
    const html = (reply: FastifyReply, status: number, text: string) =>
      reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(text);

    const show = async (id: string, lang: PageLang, reply: FastifyReply) => {
      const payment = await deps.bank.find(id);
      if (!payment) return html(reply, 404, notFoundPage(lang));
      return html(reply, 200, paymentPage(payment, lang));
    };

    scope.get<{ Params: { id: string } }>('/sandbox/pay/:id', async (request, reply) =>
      show(request.params.id, langOf(request.query), reply),
    );
    scope.get<{ Params: { id: string } }>('/sandbox/qr/:id', async (request, reply) =>
      show(request.params.id, langOf(request.query), reply),
    );

    // The auto-submitted card form of the storefront lands here (form_action + form_bank).
    scope.post('/sandbox/pay', async (request, reply) => {
      const lang = langOf(request.query);
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const id = body.MdOrder ?? '';
      const payment = await deps.bank.find(id);
      if (!payment || body.amount !== String(payment.amount) || body.signature !== signForm(deps.bank.key, id, payment.amount)) {
        return html(reply, 400, notFoundPage(lang));
      }
      return html(reply, 200, paymentPage(payment, lang));
    });

    scope.post<{ Params: { id: string } }>('/sandbox/pay/:id/complete', async (request, reply) => {
      const lang = langOf(request.query);
      const choice = ((request.body ?? {}) as Record<string, string | undefined>).choice;
      if (choice !== 'pay' && !isDeclineReason(choice)) return html(reply, 400, notFoundPage(lang));
      const existing = await deps.bank.find(request.params.id);
      if (!existing) return html(reply, 404, notFoundPage(lang));
      const finished = await deps.bank.complete(existing.id, choice as 'pay' | DeclineReason);
      // Back to the merchant, which checks the outcome and shows the order or the declined page.
      return reply.code(303).header('location', finished.return_url).send();
    });
  });
}
