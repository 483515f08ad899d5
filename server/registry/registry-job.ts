import type { Db } from '../db/client.ts';
import { type RegistryConfig, REGISTRY_TIMEOUT_MS, sendReport } from './registry-client.ts';
import { claimDueReports, markReportFailed, markReportSent } from './registry.repository.ts';

/** The first retry after 30 s, then doubling, at most every 6 hours: an outage of a day costs a few calls per report. */
export function registryBackoffMs(attempts: number): number {
  const base = 30_000 * 2 ** Math.max(0, attempts - 1);
  return Math.min(base, 6 * 3600_000);
}

/** A claim outlasts the longest send of a whole batch, so no other instance takes a report being sent. */
const BATCH = 20;
const LEASE_MS = BATCH * REGISTRY_TIMEOUT_MS + 60_000;

/**
 * The registry's sender: claims due reports (safe on several instances), sends each outside any
 * transaction (an embedded database is not held while the registry answers), and records the
 * outcome. A report is sent again only after a failure or a crash between sending and recording.
 */
export function createRegistrySender(deps: { db: Db; config: RegistryConfig; now: () => number; fetch?: typeof fetch }) {
  return {
    /** One pass over the due reports; answers how many were sent and how many failed. */
    async run(): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const now = new Date(deps.now());
        const claimed = await claimDueReports(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
        if (claimed.length === 0) break;
        for (const report of claimed) {
          const outcome = await sendReport(deps.config, report, deps.fetch);
          const at = new Date(deps.now());
          if (outcome.ok) {
            await markReportSent(deps.db, report.id, report.attempts, at, outcome.registryTicketId);
            sent += 1;
          } else {
            await markReportFailed(deps.db, report.id, report.attempts, new Date(at.getTime() + registryBackoffMs(report.attempts)), outcome.error);
            failed += 1;
          }
        }
        // A ticket accepted in this pass makes its visit or refund due at once: claim again.
        if (claimed.length < BATCH && !claimed.some((r) => r.kind === 'ticket')) break;
        if (failed > 0 && sent === 0) break;
      }
      return { sent, failed };
    },
  };
}
