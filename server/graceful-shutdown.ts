import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../contract/errors.ts';
import { businessError, requestLang } from './http.ts';
import { RETRY_AFTER_SECONDS } from './security/admission-hooks.ts';

/** The longest SIGTERM waits for requests under way before it closes their connections. */
export const DRAIN_MS = 10_000;

/**
 * The longest one step after the drain may take by default: past it the shutdown goes on to the
 * next step (and logs it), so the whole stays within the orchestrator's grace period (compose's
 * and Kubernetes' 30 s): the process ends on its own, naming the step it left unfinished, rather
 * than being killed without a word.
 */
export const STEP_MS = 2_000;

/** A step of the shutdown after the drain; `limitMs` for one that waits on purpose (STEP_MS by default). */
type Step = { name: string; run: () => Promise<unknown> | unknown; limitMs?: number };

/**
 * A stop that loses no buyer's request (a deploy, a scale-down: SIGTERM, or Ctrl-C). The server
 * stops accepting connections; a request that comes on a kept-alive connection meanwhile gets
 * 503 with the 'try again' answer (-1029), Retry-After and Connection: close, so the browser or
 * the load balancer sends it to another instance; requests under way finish (up to DRAIN_MS) and
 * their connections close after the answer. Then the background jobs stop, the database closes
 * and the DATA_DIR lock goes (the `after` steps, in order).
 */
export function createGracefulShutdown(options: { drainMs?: number; log?: (message: string) => void } = {}) {
  const drainMs = options.drainMs ?? DRAIN_MS;
  const log = options.log ?? ((message: string) => console.log(message));
  let closing = false;
  let app: FastifyInstance | undefined;
  let done: Promise<void> | undefined;
  // Requests accepted before the shutdown began and not answered yet.
  let inFlight = 0;
  let idle: (() => void) | undefined;
  const settled = () =>
    new Promise<void>((resolve) => {
      if (inFlight === 0) return resolve();
      idle = resolve;
    });

  return {
    get closing() {
      return closing;
    },

    /**
     * Puts the shutdown's hooks on the app; buildApp calls it first, before every other hook, so
     * a request that arrives while closing does no work at all (no CSRF check, no admission).
     */
    register(instance: FastifyInstance) {
      app = instance;
      instance.addHook('onRequest', async (request, reply) => {
        if (!closing) {
          // 'close' comes once whether the answer went out or the client went away.
          inFlight++;
          reply.raw.once('close', () => {
            inFlight--;
            if (inFlight === 0) idle?.();
          });
          return;
        }
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .header('connection', 'close')
          .send(businessError(ErrorCode.tooManyRequests, requestLang(request)));
      });
      // An answer sent while closing ends its connection, so kept-alive connections drain too.
      instance.addHook('onSend', async (_request, reply, payload) => {
        if (closing) reply.header('connection', 'close');
        return payload;
      });
    },

    /** Stops the server gracefully, then runs `after` in order; resolves when all is done (once). */
    shutdown(signal: string, after: readonly Step[]): Promise<void> {
      done ??= (async () => {
        closing = true;
        const started = performance.now();
        const seconds = (from: number, to = performance.now()) => ((to - from) / 1000).toFixed(1);
        log(`${signal}: shutting down (finishing requests under way, up to ${drainMs / 1000} s)`);
        if (app) await drain(app, settled(), drainMs, log);
        const drained = performance.now();
        for (const step of after) {
          const limitMs = step.limitMs ?? STEP_MS;
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<'late'>((resolve) => {
            timer = setTimeout(() => resolve('late'), limitMs);
          });
          try {
            if ((await Promise.race([Promise.resolve().then(step.run), late])) === 'late')
              log(`shutdown: ${step.name} did not finish within ${limitMs / 1000} s; going on`);
          } catch (error) {
            log(`shutdown: ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            clearTimeout(timer);
          }
        }
        // How long each part took: a stop near the orchestrator's grace period says where it went.
        log(
          `${signal}: stopped in ${seconds(started)} s (requests and connections ${seconds(started, drained)} s, jobs, app and database ${seconds(drained)} s)`,
        );
      })();
      return done;
    },
  };
}
export type GracefulShutdown = ReturnType<typeof createGracefulShutdown>;

/**
 * Stops accepting connections and lets the requests under way finish (up to ms). Kept-alive
 * connections stay open meanwhile, so a request on one gets the 503 above rather than a reset;
 * once nothing is under way the idle ones close, and after ms whatever is left is closed.
 */
async function drain(app: FastifyInstance, settled: Promise<void>, ms: number, log: (message: string) => void) {
  const server = app.server;
  if (!server.listening) return;
  // net.Server's close, not http.Server's: since Node 19 the latter also closes every idle
  // kept-alive connection at once, and a request already on its way on one would meet a reset.
  // This one only stops accepting; 'close' comes when the last connection has ended.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    if ((await Promise.race([settled, timedOut])) === 'timeout') {
      log(`shutdown: requests still under way after ${ms / 1000} s, closing their connections`);
      server.closeAllConnections();
    } else {
      server.closeIdleConnections();
    }
    await Promise.race([closed, timedOut]);
    server.closeAllConnections();
    await closed;
  } finally {
    clearTimeout(timer);
  }
}
