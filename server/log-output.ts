import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/**
 * Addresses whose next path segment opens an order, a ticket, a return or a payment to whoever
 * holds it (the hash is the only key, as in the e-mailed links). Longest first, so
 * `/order/declined/{hash}` is not read as `/order/{hash}`.
 */
const BEARER_PATHS = /^(\/(?:api\/order\/return|api\/ticket|payments\/return|sandbox\/pay|sandbox\/qr|[a-z]{2}\/order\/view|order\/declined|order\/return|order|nominal-tickets|ticket))\/[^/?#]+/;
/** Query parameters that are keys in the same way (a return's confirmation code). */
const BEARER_PARAMS = /([?&](?:hash_conf|hash|token)=)[^&#]*/g;

/**
 * An address as the log may keep it: the hash or code that would open an order replaced by `***`.
 * Whoever reads the log must not be able to open a buyer's order, ticket or return with it.
 */
export function logSafeUrl(url: string): string {
  return url.replace(BEARER_PATHS, '$1/***').replace(BEARER_PARAMS, '$1***');
}

/** Fastify's request record, with the address made safe. */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: logSafeUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * The server log's shape: a developer running `npm start` in a terminal reads lines
 * (pino-pretty, in pino's transport worker so the request path does not format text), while a
 * service manager, a container runtime or a pipe gets one JSON object per line for a log
 * collector. LOG_LEVEL=silent turns logging off either way.
 */
export function loggerOptions(level: Config['logLevel'], terminal: boolean): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  if (!terminal) return { level, serializers };
  return {
    level,
    serializers,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
