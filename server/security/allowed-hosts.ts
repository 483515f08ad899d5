import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Lang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { businessError } from '../http.ts';
import { serverText } from '../locales/texts.ts';

// A host name or IP literal, without a port: what an ALLOWED_HOSTS entry names.
const HOST_NAME = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

/** ALLOWED_HOSTS: host names (no scheme, no port) separated by commas or spaces. */
export const allowedHostsFromEnv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((h) => h.toLowerCase()),
  )
  .pipe(
    z.array(z.string().regex(HOST_NAME, 'each entry must be a host name or IP address without scheme or port, like tickets.venue.example')),
  );

/** Addresses that name no host: listening on them means every interface. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The host names links may be built from when PUBLIC_URL is unset: ALLOWED_HOSTS, else the
 * listening address (unless it is a wildcard) and localhost. Undefined when PUBLIC_URL is set and
 * ALLOWED_HOSTS is not: links then never read the Host header, and a proxy's internal host name
 * keeps working.
 */
export function allowedHostsOf(config: {
  host: string;
  publicUrl: string | undefined;
  allowedHosts: readonly string[];
}): ReadonlySet<string> | undefined {
  if (config.allowedHosts.length > 0) return new Set(config.allowedHosts);
  if (config.publicUrl) return undefined;
  const listening = config.host.toLowerCase();
  const bracketed = listening.includes(':') && !listening.startsWith('[') ? `[${listening}]` : listening;
  return new Set(['localhost', '127.0.0.1', '[::1]', ...(WILDCARDS.has(listening) ? [] : [bracketed])]);
}

/** The host name of a Host header value (port dropped, IPv6 brackets kept), lower case. */
export function hostNameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d*$/, '');
}

/**
 * Refuses a request whose Host (or trusted X-Forwarded-Host) is not an allowed host, with 421
 * Misdirected Request: links to the bank, the QR payment page and the bank's return address are
 * built from that host, so a forged one must never reach them. /healthz stays open to
 * orchestrators, which probe by the container's address.
 */
export function allowedHostsGuard(app: FastifyInstance, allowed: ReadonlySet<string> | undefined, langOf: (url: string) => Lang) {
  if (!allowed) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/healthz' || request.url.startsWith('/healthz?')) return;
    if (allowed.has(hostNameOf(request.host))) return;
    const lang = langOf(request.url);
    return reply.code(421).send(businessError(ErrorCode.validation, lang, serverText('security', 'unknownHost', lang)));
  });
}
