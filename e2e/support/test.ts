import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/**
 * Playwright's test with the browser on the clock runs' instant (scripts/clock-runs.ts): there the
 * servers and this runner read a shifted clock through libfaketime, which Chromium cannot start
 * under, so each context's pages get the same instant through Playwright's clock, running on in
 * real time from it. Outside a clock run (no TEST_CLOCK_AT) it is Playwright's own test. Specs of
 * the clock runs' list import `test` from here.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    // Date.now() of this runner is the shifted clock in a clock run.
    if (process.env.TEST_CLOCK_AT) await context.clock.install({ time: Date.now() });
    await use(context);
  },
});

// Demo dates count from the instant the servers' demo was loaded (e2e/start-server.ts), fixed by
// playwright.config.ts before the servers start, so a run that crosses the venue's midnight still
// finds them where the specs look.
const DAY_MS = 86_400_000;
// Moscow keeps UTC+3 all year.
const MOSCOW_MS = 3 * 3_600_000;

/** The demo's Moscow day `offset` days on, 'YYYY-MM-DD'. */
export function demoDay(offset: number): string {
  const at = Date.parse(process.env.E2E_DEMO_AT ?? '') || Date.now();
  return new Date(at + MOSCOW_MS + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The venue's (Moscow's) day now, 'YYYY-MM-DD'. */
export function venueToday(): string {
  return new Date(Date.now() + MOSCOW_MS).toISOString().slice(0, 10);
}
