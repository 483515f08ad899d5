import type { Db } from '../../db/client.ts';
import { countUnsentReports, findFailingReports } from '../../registry/registry.repository.ts';

/** The most failing reports one answer lists; the oldest first, since they have waited longest. */
const LIST_LIMIT = 200;

export type RegistryReportsService = ReturnType<typeof createRegistryReportsService>;

/** What the back office sees of the reports to the Pushkin-card registry: those that keep failing. */
export function createRegistryReportsService(deps: { db: Db; configured: boolean }) {
  return {
    /** Whether the registry is configured, how many reports wait, and the failing ones, oldest first. */
    async failing() {
      const [reports, unsent] = await Promise.all([findFailingReports(deps.db, LIST_LIMIT), countUnsentReports(deps.db)]);
      return { configured: deps.configured, unsent, reports };
    },
  };
}
