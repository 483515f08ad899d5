import type { Db } from '../db/client.ts';
import { pingDatabase } from './setup.repository.ts';

export type HealthService = ReturnType<typeof createHealthService>;

/** The health check a load balancer asks: is the database reachable. */
export function createHealthService(deps: { db: Db }) {
  return {
    /** Which database answered; throws when it does not answer. */
    async check(): Promise<{ database: Db['kind'] }> {
      await pingDatabase(deps.db);
      return { database: deps.db.kind };
    },
  };
}
