import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The origins Google's reCAPTCHA loads its script from and shows its challenge in (web/lib/recaptcha.ts). */
const RECAPTCHA_SCRIPT = ['https://www.google.com', 'https://www.gstatic.com'];
const RECAPTCHA_FRAME = ['https://www.google.com', 'https://recaptcha.google.com'];
/** Yandex SmartCaptcha's origin: its script, its challenge frame and the calls they make (web/lib/smartcaptcha.ts). */
const SMARTCAPTCHA = 'https://smartcaptcha.yandexcloud.net';

/**
 * The Content-Security-Policy of the storefront's pages, without frame-ancestors: that directive
 * is the embed code's (server/embed/frame-ancestors.ts), which appends it to this one.
 *
 * - script-src: our own bundles and reCAPTCHA's (or SmartCaptcha's, whose origin also goes to
 *   connect-src and frame-src). The page's inline `<script type="application/json">`
 *   and `ld+json` blocks are data, never executed, so they need no hash; there is no inline code.
 * - style-src: our stylesheets and, by hash, the <style> blocks of the built index.html (its
 *   first-paint CSS), so injected markup can bring no <style> of its own (CSS selectors can read
 *   attribute values out of a page). style-src-attr allows style attributes: invisible
 *   reCAPTCHA's badge is markup with them, and an attribute can neither run code nor select.
 *   React's style props go through CSSOM, which CSP does not govern.
 * - img-src data: blob: https: — the image captcha and the payment QR code are data: images, the
 *   seat map's background is a blob: SVG (web/features/scheme/map/seat-map-view.ts), and a venue's
 *   posters, menu pictures and logos may be https URLs on its own host or CDN (docs/catalog-format.md
 *   'Links'; setup logos). An image runs no code, so any https host is allowed.
 * - media-src data: — the audio captcha's recording is a data:audio/wav URL (docs/captcha.md);
 *   default-src alone would keep the player silent. Sound runs no code either.
 * - form-action: our own forms and the sandbox bank's (same origin). A real acquirer whose card
 *   form the page posts to must have its origin added through `formActions`.
 */
export function pagePolicy(
  options: { formActions?: readonly string[]; styleHashes?: readonly string[]; recaptcha?: boolean; smartcaptcha?: boolean } = {},
): string {
  // Google's origins only where a page may show its captcha: the storefront with reCAPTCHA on;
  // Yandex's likewise with SmartCaptcha on.
  const google = options.recaptcha ?? true;
  const yandex = options.smartcaptcha === true ? [SMARTCAPTCHA] : [];
  const sources = (directive: string, extra: readonly string[]) => [directive, "'self'", ...extra].join(' ');
  return [
    "default-src 'self'",
    sources('script-src', [...(google ? RECAPTCHA_SCRIPT : []), ...yandex]),
    ["style-src 'self'", ...(options.styleHashes ?? []).map((hash) => `'${hash}'`)].join(' '),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data:",
    sources('connect-src', yandex),
    sources('frame-src', [...(google ? RECAPTCHA_FRAME : []), ...yandex]),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...(options.formActions ?? [])].join(' ')}`,
  ].join('; ');
}

/**
 * Pages served as they are, without the page policy: Swagger UI's pages (/api/docs), the
 * embedding demo, which stands for a venue's own page and runs an inline script like one, and
 * the sandbox bank's pages, which stand for the acquirer's own site (with its inline CSS).
 */
const OWN_POLICY = [/^\/api\/docs(\/|$)/, /^\/embed-demo\.html$/, /^\/sandbox\//];

/** The CSP hash sources ('sha256-…') of the <style> blocks of a page. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(
    (match) =>
      `sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}`,
  );
}

/** What a request id may be when it comes from a proxy or client: short and plain, nothing to inject into a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Fastify's genReqId: the incoming X-Request-Id when it is sane (a proxy in front already named
 * the request, so its logs and ours line up), else a random UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The headers every answer carries whatever it is, here and in the answers sent before Fastify
 * (admission control's 429, security/admission-hooks.ts). Referrer-Policy: another site sees our
 * origin, never a path such as /order/{hash}, which opens the order.
 */
export const EVERY_ANSWER_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/** Sets the security headers of an answer (below) once its content type is known. */
export type HeaderSetter = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Security headers, in one onSend hook. Every answer: EVERY_ANSWER_HEADERS, X-Request-Id, and
 * HSTS when the request came over HTTPS.
 * HTML answers also get the page Content-Security-Policy. Register it before frameAncestorsHook,
 * which appends frame-ancestors to the policy set here. Answers that skip the hooks (an address
 * Fastify cannot decode) call the returned setter themselves.
 */
export function pageHeadersHook(
  app: FastifyInstance,
  options: {
    webDist?: string | undefined;
    formActions?: readonly string[];
    recaptchaEnabled?: () => Promise<boolean>;
    smartcaptchaEnabled?: () => Promise<boolean>;
  } = {},
): HeaderSetter {
  // The built page's inline CSS changes with every build: its hashes are taken at start.
  const indexFile = options.webDist ? path.join(options.webDist, 'index.html') : undefined;
  const styleHashes = indexFile && existsSync(indexFile) ? inlineStyleHashes(readFileSync(indexFile, 'utf8')) : [];
  const policies = new Map<string, string>();
  const policyFor = (recaptcha: boolean, smartcaptcha: boolean) => {
    const key = `${recaptcha}:${smartcaptcha}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = pagePolicy({ formActions: options.formActions, styleHashes, recaptcha, smartcaptcha });
      policies.set(key, policy);
    }
    return policy;
  };
  const setWith = (request: FastifyRequest, reply: FastifyReply, recaptcha: boolean, smartcaptcha = false) => {
    reply.headers(EVERY_ANSWER_HEADERS);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !ownPolicy(request)) {
      reply.header('content-security-policy', policyFor(recaptcha, smartcaptcha));
    }
  };
  app.addHook('onSend', async (request, reply, payload) => {
    // The back office and the door never show reCAPTCHA; the storefront only when the setup turns it on.
    const type = reply.getHeader('content-type');
    const html = typeof type === 'string' && type.startsWith('text/html');
    const storefront = html && !staffPage(request);
    setWith(
      request,
      reply,
      storefront && options.recaptchaEnabled !== undefined ? await options.recaptchaEnabled() : false,
      storefront && options.smartcaptchaEnabled !== undefined ? await options.smartcaptchaEnabled() : false,
    );
    return payload;
  });
  return (request, reply) => setWith(request, reply, false);
}

/** The back office's and the door's pages. */
function staffPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '/';
  return /^\/(admin|checkin)(\/|$)/.test(pathname);
}

function ownPolicy(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '/';
  return OWN_POLICY.some((pattern) => pattern.test(pathname));
}
