import type { FastifyInstance, FastifyRequest } from 'fastify';
import { injectHead } from './html-head.ts';
import type { SeoService } from './seo.service.ts';

/**
 * The storefront's own absolute address: PUBLIC_URL when set (recommended in production, so a
 * forged Host header cannot change what a shared cache stores), else what the request says.
 */
export function baseUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = HOST.test(request.host) ? request.host : 'localhost';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

// A host name or IP literal with an optional port; anything else in a Host header is not ours.
const HOST = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?$/i;

export function seoRoutes(app: FastifyInstance, deps: { seo: SeoService; publicUrl: string | undefined }) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const xml = await deps.seo.sitemap(baseUrlOf(request, deps.publicUrl));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(deps.seo.robots(baseUrlOf(request, deps.publicUrl)));
  });
}

/**
 * index.html for one request with the page's head tags. Without a database answer the app still
 * starts: the plain index.html is served, with the status the route table gives.
 */
export function createIndexRenderer(deps: { seo: SeoService; publicUrl: string | undefined }) {
  return async (request: FastifyRequest, indexHtml: string, pathname: string) => {
    const lang = (request.query as { lang?: unknown } | undefined)?.lang;
    try {
      const { status, head } = await deps.seo.headFor(pathname, lang, baseUrlOf(request, deps.publicUrl));
      return { status, html: injectHead(indexHtml, head) };
    } catch (error) {
      request.log.error({ err: error }, 'page head: falling back to the plain index.html');
      return undefined;
    }
  };
}
export type IndexRenderer = ReturnType<typeof createIndexRenderer>;
