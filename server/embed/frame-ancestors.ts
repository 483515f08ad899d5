import type { FastifyInstance, FastifyReply } from 'fastify';

/** The CSP frame-ancestors directive: our own pages, plus the host pages of EMBED_ORIGINS. */
export function frameAncestorsDirective(origins: readonly string[]): string {
  return `frame-ancestors ${["'self'", ...origins].join(' ')}`;
}

/**
 * Limits which sites may show the storefront in a frame (the embeddable widget): only the
 * configured host origins, so another site cannot frame the checkout to trick a buyer
 * (clickjacking). X-Frame-Options is added for browsers without CSP only when no host page is
 * allowed, because it cannot name other origins and would block the allowed ones.
 */
export function frameAncestorsHook(app: FastifyInstance, origins: readonly string[]): (reply: FastifyReply) => void {
  const directive = frameAncestorsDirective(origins);
  // Returned too, for an answer that skips the hooks (an address Fastify cannot decode).
  const setHeaders = (reply: FastifyReply) => {
    // The back office is never framed, not even by the venue's own site: a framed sign-in or
    // refund button is an invitation to clickjacking.
    const backOffice = isBackOfficePath(reply.request.url);
    const own = backOffice ? "frame-ancestors 'none'" : directive;
    const existing = reply.getHeader('content-security-policy');
    reply.header('content-security-policy', typeof existing === 'string' && existing ? `${existing}; ${own}` : own);
    if (backOffice) reply.header('x-frame-options', 'DENY');
    else if (origins.length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    setHeaders(reply);
    return payload;
  });
  return setHeaders;
}

/** The back office's and the door check-in's pages and calls: /admin, /checkin, and their /api/ calls. */
export function isBackOfficePath(url: string): boolean {
  return /^\/(api\/)?(admin|checkin)(\/|\?|$)/.test(url);
}
