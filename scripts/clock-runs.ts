/**
 * The clock runs: the date-sensitive tests again with the machine's clock set to instants where a
 * day, a month or a year turns over in the venue's zone (Moscow) but not in UTC, or the other way
 * round. Every process of an API run (vitest and its workers, PGlite) reads the clock through
 * libfaketime (LD_PRELOAD, a fixed offset from the real clock, so time still flows and every
 * process agrees). In a browser run only the storefront servers do (the webServer processes,
 * `clockE2eEnv`): Chromium does not start under libfaketime, and Playwright's page clock must log
 * the time the browser keeps, so the runner and Chromium keep the real clock and each page gets
 * the servers' instant through Playwright's clock (e2e/support/test.ts, e2e/support/clock.ts).
 *
 * Only the files below run at each instant, chosen for what they compare or default by date; the
 * rest of the suite runs once, at the real time.
 */

/** vitest files (the api project, on PGlite) that default, group or compare by the venue's day. */
export const CLOCK_API_FILES = [
  'server/admin/reports/reports.api.test.ts',
  'server/afisha/afisha.api.test.ts',
  'server/checkin/checkin.api.test.ts',
  'server/nominal/nominal.api.test.ts',
  'server/setup/timezone.api.test.ts',
];

/**
 * Playwright specs whose pages show, default or pick dates (the listing's calendars, the reports'
 * period); of them, only the tests tagged CLOCK_E2E_GREP (`CLOCK` in e2e/support/test.ts) run.
 */
export const CLOCK_E2E_SPECS = ['e2e/afisha.spec.ts', 'e2e/admin-orders.spec.ts'];
export const CLOCK_E2E_GREP = '@clock';

export type ClockInstant = { name: string; at: Date };

// Moscow keeps UTC+3 all year.
const MOSCOW_MS = 3 * 3_600_000;

/**
 * The instants, both ahead of `now` (so cookies a server sets at its clock's time are not already
 * expired in the browser's real cookie jar). 23:30 UTC on the last day of the coming February is
 * 02:30 on 1 March in Moscow: the venue's day and month have turned over, UTC's have not, and a
 * date taken in UTC is a day and a month behind. 23:59 in Moscow on the coming 31 December is the
 * last minute of a month and of a year there (20:59 UTC), which turn over during the run.
 */
export function clockInstants(now: Date = new Date()): ClockInstant[] {
  const y = now.getUTCFullYear();
  // Day 0 of March is the last day of February.
  let februaryEnd = Date.UTC(y, 2, 0, 23, 30);
  if (februaryEnd <= now.getTime()) februaryEnd = Date.UTC(y + 1, 2, 0, 23, 30);
  // 23:59 Moscow is 20:59 UTC.
  let yearEnd = Date.UTC(y, 11, 31, 23, 59) - MOSCOW_MS;
  if (yearEnd <= now.getTime()) yearEnd = Date.UTC(y + 1, 11, 31, 23, 59) - MOSCOW_MS;
  return [
    { name: "23:30 UTC on February's last day, 1 March in Moscow", at: new Date(februaryEnd) },
    { name: '23:59 in Moscow on 31 December', at: new Date(yearEnd) },
  ];
}

const LIBFAKETIME = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

/** The environment that sets every process's clock to `at` (and lets it run on from there). */
export function clockEnv(library: string, at: Date, now = Date.now()): Record<string, string> {
  const offsetSeconds = Math.round((at.getTime() - now) / 1000);
  return {
    LD_PRELOAD: library,
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    // Timers and timeouts keep the real monotonic clock; file times stay true (build caches).
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    NO_FAKE_STAT: '1',
    // The instant, for the Playwright fixture that sets the browser's clock and for messages.
    TEST_CLOCK_AT: at.toISOString(),
  };
}

/**
 * The environment of a browser run at `at`: libfaketime for the servers only (playwright.config.ts
 * preloads TEST_CLOCK_PRELOAD into its webServer processes), the same offset for the runner's
 * `testNow()` and the pages' clock.
 */
export function clockE2eEnv(library: string, at: Date, now = Date.now()): Record<string, string> {
  const { LD_PRELOAD: _, ...rest } = clockEnv(library, at, now);
  return { ...rest, TEST_CLOCK_PRELOAD: library };
}

export { LIBFAKETIME };
