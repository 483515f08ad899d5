import { loadConfig } from '../../server/config.ts';

/**
 * The admission limits the spawned server runs with: its configuration read the way the server
 * reads it, from this environment (the bench passes ORDER_* and DATABASE_POOL_SIZE through).
 */
export function admissionLimits(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig({ ...env, DATA_DIR: './data', DATABASE_URL: undefined });
  return { concurrency: config.orderConcurrency, queue: config.orderQueue, inFlight: config.orderConcurrency + config.orderQueue };
}
