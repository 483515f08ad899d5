import { test as base } from '@playwright/test';
import { testNow } from './clock.ts';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';
export { testNow } from './clock.ts';

/**
 * Playwright's test with the browser on the clock runs' instant (scripts/clock-runs.ts): there only
 * the servers read a clock shifted by libfaketime (Chromium cannot start under it, and Playwright's
 * clock must log the same real time the browser keeps), so each context's pages get the servers'
 * instant through Playwright's clock, running on in real time from it (`install`, never paused).
 * Outside a clock run (no TEST_CLOCK_AT) it is Playwright's own test. Specs of the clock runs'
 * list import `test` from here, and read "now" through `testNow()`, never `Date.now()`.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    if (process.env.TEST_CLOCK_AT) await context.clock.install({ time: testNow() });
    await use(context);
  },
});

/**
 * The tag of the tests the clock runs repeat (`--grep @clock`, scripts/clock-runs.ts): those whose
 * pages show, default, pick or compare dates. `test('…', CLOCK, async ({ page }) => …)`.
 */
export const CLOCK = { tag: '@clock' } as const;

// Demo dates count from the instant the servers' demo was loaded (e2e/start-server.ts), fixed by
// playwright.config.ts before the servers start, so a run that crosses the venue's midnight still
// finds them where the specs look.
const DAY_MS = 86_400_000;
// Moscow keeps UTC+3 all year.
const MOSCOW_MS = 3 * 3_600_000;

/** The demo's Moscow day `offset` days on, 'YYYY-MM-DD'. */
export function demoDay(offset: number): string {
  const at = Date.parse(process.env.E2E_DEMO_AT ?? '') || testNow();
  return new Date(at + MOSCOW_MS + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The venue's (Moscow's) day now (the servers' now in a clock run), 'YYYY-MM-DD'. */
export function venueToday(): string {
  return new Date(testNow() + MOSCOW_MS).toISOString().slice(0, 10);
}
