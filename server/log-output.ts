import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/**
 * Addresses whose next path segment opens an order, a ticket, a return or a payment to whoever
 * holds it (the hash is the only key, as in the e-mailed links). Longest first, so
 * `/order/declined/{hash}` is not read as `/order/{hash}`.
 */
const BEARER_PATHS =
  /^(\/(?:api\/order\/return|api\/ticket|payments\/return|sandbox\/pay|sandbox\/qr|[a-z]{2}\/order\/view|order\/declined|order\/return|order|nominal-tickets|ticket))\/[^/?#]+/;
/**
 * Query parameters whose values say nothing about a person: the log keeps them. Every other
 * value is written as `***`, whatever the route: a search (the order desk's, the loyalty cards')
 * carries an e-mail, a phone, a name or a ticket code that opens a door, an order's address its
 * hash, a return its confirmation code, and a search added later must not leak either.
 */
const PLAIN_PARAMS = new Set(['lang', 'page', 'before', 'revision', 'dialect', 'limit']);

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      // A bare word (`?john@example.com`) is a value too.
      if (equals < 0) return pair === '' ? pair : '***';
      const name = pair.slice(0, equals);
      if (PLAIN_PARAMS.has(name)) return pair;
      // A name is kept when it looks like one (a client could put a value where the name goes).
      return `${/^[A-Za-z_][\w.[\]-]{0,40}$/.test(name) ? name : '***'}=***`;
    })
    .join('&');
}

/**
 * An address as the log may keep it: the hash that would open an order replaced by `***`, and
 * every query value but a few plain ones too. Whoever reads the log must not be able to open a
 * buyer's order, ticket or return with it, nor read whom the staff searched for.
 */
export function logSafeUrl(url: string): string {
  const question = url.indexOf('?');
  const path = (question < 0 ? url : url.slice(0, question)).replace(BEARER_PATHS, '$1/***');
  return question < 0 ? path : `${path}?${maskQuery(url.slice(question + 1))}`;
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
 * collector. LOG_LEVEL=silent turns logging off either way. A test passes a stream to read the JSON.
 */
export function loggerOptions(
  level: Config['logLevel'],
  terminal: boolean,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  if (stream) return { level, serializers, stream };
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
