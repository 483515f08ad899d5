import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/**
 * The server log's shape: a developer running `npm start` in a terminal reads lines
 * (pino-pretty, in pino's transport worker so the request path does not format text), while a
 * service manager, a container runtime or a pipe gets one JSON object per line for a log
 * collector. LOG_LEVEL=silent turns logging off either way.
 */
export function loggerOptions(level: Config['logLevel'], terminal: boolean): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  if (!terminal) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
