/**
 * The clock of a clock run (scripts/clock-runs.ts) as the Playwright runner sees it. There only the
 * servers (the webServer processes) read a clock shifted by libfaketime; the runner and Chromium
 * keep the real one, so Playwright's page clock (which logs the runner's real time and replays the
 * log on each new document against the browser's) agrees with it, and the specs and the pages get
 * the servers' instant from here: the real clock plus the run's offset (FAKETIME, in seconds, the
 * same number libfaketime adds in the servers). Outside a clock run (no TEST_CLOCK_AT) the offset
 * is 0. Deliberately free of @playwright/test: playwright.config.ts imports it.
 */

/** How far the servers' clock is ahead of the real one in a clock run, in ms (0 otherwise). */
export function clockOffsetMs(): number {
  if (!process.env.TEST_CLOCK_AT) return 0;
  const seconds = Number(process.env.FAKETIME ?? '');
  if (!Number.isFinite(seconds)) throw new Error(`TEST_CLOCK_AT is set, but FAKETIME is not an offset in seconds: ${process.env.FAKETIME}`);
  return seconds * 1000;
}

/** The servers' time now, in ms since the epoch: the real time outside a clock run. */
export function testNow(): number {
  return Date.now() + clockOffsetMs();
}
