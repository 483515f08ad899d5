import { loadConfig } from '../../server/config.ts';
import type { DbKind } from './server.ts';

/**
 * The admission limits the spawned server runs with: its configuration read the way the server
 * reads it, from this environment (the bench passes ORDER_* and DATABASE_POOL_SIZE through).
 */
export function admissionLimits(db: DbKind, env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig({ ...env, DATABASE_URL: db === 'postgres' ? 'postgres://bench' : undefined });
  return { concurrency: config.orderConcurrency, queue: config.orderQueue, inFlight: config.orderConcurrency + config.orderQueue };
}
