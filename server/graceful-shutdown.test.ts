import { describe, expect, it } from 'vitest';
import { STEP_MS, createGracefulShutdown } from './graceful-shutdown.ts';

// The steps after the drain (server/start.ts: jobs, mail, the app, the database, the DATA_DIR
// lock), without an app: the drain itself is proven on a running server (graceful-shutdown.db.test.ts).
describe('the shutdown steps after the drain', () => {
  it('runs them in order; one that fails is logged and the next still runs', async () => {
    const lines: string[] = [];
    const ran: string[] = [];
    const shutdown = createGracefulShutdown({ log: (line) => lines.push(line) });
    await shutdown.shutdown('SIGTERM', [
      { name: 'jobs', run: () => ran.push('jobs') },
      {
        name: 'mail',
        run: async () => {
          ran.push('mail');
          throw new Error('the connection broke');
        },
      },
      { name: 'database', run: async () => ran.push('database') },
    ]);
    expect(ran).toEqual(['jobs', 'mail', 'database']);
    expect(lines).toEqual([
      'SIGTERM: shutting down (finishing requests under way, up to 10 s)',
      'shutdown: mail failed: the connection broke',
      expect.stringMatching(/^SIGTERM: stopped in \d+\.\d s \(requests and connections 0\.0 s, jobs, app and database \d+\.\d s\)$/),
    ]);
  });

  it('goes on past a step that does not finish within its limit, and says which', async () => {
    const lines: string[] = [];
    const ran: string[] = [];
    const shutdown = createGracefulShutdown({ log: (line) => lines.push(line) });
    const started = Date.now();
    await shutdown.shutdown('SIGTERM', [
      { name: 'jobs', run: () => new Promise(() => ran.push('jobs')), limitMs: 50 },
      { name: 'database', run: () => ran.push('database') },
    ]);
    expect(ran).toEqual(['jobs', 'database']);
    expect(lines).toContain('shutdown: jobs did not finish within 0.05 s; going on');
    expect(Date.now() - started).toBeLessThan(STEP_MS);
  });

  it('runs once however often it is asked (SIGTERM, then Ctrl-C)', async () => {
    let runs = 0;
    const shutdown = createGracefulShutdown({ log: () => undefined });
    const steps = [{ name: 'database', run: () => runs++ }];
    await Promise.all([shutdown.shutdown('SIGTERM', steps), shutdown.shutdown('SIGINT', steps)]);
    expect(runs).toBe(1);
    expect(shutdown.closing).toBe(true);
  });
});
