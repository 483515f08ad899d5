/** How long `stop` waits for the runs under way to finish. */
export const JOBS_STOP_WAIT_MS = 5_000;

/** A background task run every intervalMs; a run never overlaps the previous one. */
export type Job = { name: string; intervalMs: number; run: () => Promise<unknown> };

type Log = { error(obj: unknown, msg?: string): void };

/**
 * Runs the background jobs of this instance (reservation expiry, mail outbox, refunds). Every
 * job is safe to run on several instances at once, so each instance simply runs them all.
 */
export function startJobs(jobs: readonly Job[], log: Log) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<string>();
  let stopped = false;
  for (const job of jobs) {
    const tick = async () => {
      if (stopped || running.has(job.name)) return;
      running.add(job.name);
      try {
        await job.run();
      } catch (error) {
        log.error({ err: error, job: job.name }, 'background job failed');
      } finally {
        running.delete(job.name);
      }
    };
    const timer = setInterval(() => void tick(), job.intervalMs);
    timer.unref();
    timers.push(timer);
    void tick();
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      // Let a run in progress finish before the database closes.
      for (let waited = 0; waited < JOBS_STOP_WAIT_MS && running.size > 0; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}
