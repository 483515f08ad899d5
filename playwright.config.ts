import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { testNow } from './e2e/support/clock.ts';

/** The lowest port a run takes, and how many it takes from there (the servers and fakes below). */
const PORTS_FROM = 20_000;
const PORTS_USED = 16;
/**
 * The first port the kernel gives outgoing connections; Linux's default where it cannot be read or
 * leaves too little room below it.
 */
function outgoingPortsFrom(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (first > PORTS_FROM + 1000) return first;
  } catch {
    // Not Linux: its default range's start.
  }
  return 32_768;
}

// The browser tests run against the built app (`npm run build` first) served by the real server
// on its own port and a fresh, throw-away data folder (see e2e/start-server.ts).
// Without E2E_PORT, a port derived from the runner's pid, so two runs on one machine (developers,
// CI) do not collide; it goes into the environment so the test workers see the same one. The ports
// stay below the kernel's range for outgoing connections' own ports (Linux: 32768 and up,
// /proc/sys/net/ipv4/ip_local_port_range): there, a connection that happened to get one of them
// (the launcher's own health checks, a browser's, a test's) would make the server's listen fail.
// Next to it: its mail catcher (port + 1) and the widget test's host site (port + 2). The
// image-captcha specs get a second server on port + 3 (its own mail catcher on port + 4) whose
// setup turns the captcha on (e2e/captcha-server.ts), so every other spec keeps the demo's
// captcha-free setup.
process.env.E2E_PORT ??= String(PORTS_FROM + (process.pid % (outgoingPortsFrom() - PORTS_FROM - PORTS_USED)));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const captchaPort = port + 3;
const captchaURL = `http://127.0.0.1:${captchaPort}`;
const CAPTCHA_SPECS = /(^|[\\/])captcha\.spec\.ts$/;
// The SmartCaptcha spec gets a server of its own on port + 13 (mail catcher + 14) whose setup
// turns Yandex SmartCaptcha on and whose SMARTCAPTCHA_VALIDATE_URL is the validate fake (+ 15),
// started by the same launcher (e2e/captcha-server.ts); the spec routes the widget's script to
// the widget fake and the widget's calls to that validate fake (E2E_SMARTCAPTCHA_FAKE_URL).
const SMARTCAPTCHA_SPECS = /smartcaptcha\.spec\.ts$/;
const smartcaptchaPort = port + 13;
const smartcaptchaURL = `http://127.0.0.1:${smartcaptchaPort}`;
const smartcaptchaFakePort = port + 15;
process.env.E2E_SMARTCAPTCHA_FAKE_URL ??= `http://127.0.0.1:${smartcaptchaFakePort}`;
// The real-acquirer specs get a third server on port + 5 (its mail catcher on port + 6) paying
// cards through a T-Bank fake (port + 7) and SBP through a YooKassa fake (port + 8), and a
// fourth on port + 9 (mail catcher + 10) the other way round: cards through YooKassa (+ 12), SBP
// through T-Bank (+ 11), e2e/acquirers-server.ts. The specs reach the fourth by its address in
// E2E_ACQUIRERS_SWAPPED_URL.
const acquirersPort = port + 5;
const acquirersURL = `http://127.0.0.1:${acquirersPort}`;
const swappedAcquirersPort = port + 9;
process.env.E2E_ACQUIRERS_SWAPPED_URL ??= `http://127.0.0.1:${swappedAcquirersPort}`;
const ACQUIRER_SPECS = /acquirers\.spec\.ts$/;
// Specs that change the demo catalog other specs read (a new published event moves the listing's
// cards and counts; a blocked seat leaves the map for a while) run on the same server after every
// other spec of it has finished.
const CATALOG_CHANGING_SPECS =
  /(admin-(catalog|editor-guard|entries|offers|loyalty|setup|groups|visits-report)|concessions-(admin|door)|session-(cancel|postpone)|waiting-list|order-self-exchange|order-exchange-seated)\.spec\.ts$/;
// The seat-blocking spec counts a seated session's free places before and after it blocks a seat;
// the group, exchange and waiting-list specs of the project above take places in the same
// sessions. It runs after them, on its own (the last of the main server's projects).
const SEAT_COUNTING_SPECS = /admin-halls\.spec\.ts$/;
// A clock run (scripts/clock-runs.ts) sets TEST_CLOCK_AT and runs only specs of the main server's
// chromium project: it starts that server alone, under libfaketime (TEST_CLOCK_PRELOAD, the offset
// in FAKETIME). This runner and Chromium keep the real clock (Chromium does not start under
// libfaketime, and Playwright's page clock logs the runner's time to replay against the
// browser's); the pages get the servers' instant through Playwright's clock (e2e/support/test.ts).
const clockRun = Boolean(process.env.TEST_CLOCK_AT);
if (clockRun && process.env.LD_PRELOAD?.includes('faketime')) {
  throw new Error(
    'A clock run preloads libfaketime into the servers only: pass it in TEST_CLOCK_PRELOAD, not LD_PRELOAD (see scripts/clock-runs.ts).',
  );
}
const clockEnv: Record<string, string> = clockRun ? { LD_PRELOAD: process.env.TEST_CLOCK_PRELOAD ?? '' } : {};
// The instant the servers load the demo at (e2e/start-server.ts) and the specs count its days
// from (e2e/support/test.ts): fixed once here, so a run that crosses the venue's midnight agrees.
process.env.E2E_DEMO_AT ??= new Date(testNow()).toISOString();

// The servers start side by side, from one webServer entry (e2e/start-servers.ts): Playwright
// would start its entries one after another. Stopped with SIGTERM, so each removes its data folder.
const servers = (list: { entry: string; port: number; env?: Record<string, string> }[]) => ({
  command: 'node_modules/.bin/node e2e/start-servers.ts',
  wait: { stdout: /e2e servers ready/ },
  env: { E2E_SERVERS: JSON.stringify(list), ...clockEnv },
  reuseExistingServer: false,
  timeout: 300_000,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
});
// The waiting-list spec (on the main server) waits for the job to offer places that came back:
// there it polls every second, not five; the other servers poll at production's interval. Each
// poll costs an embedded database a query: the fast polls took an idle server about a CPU second
// a minute.
const mainServer = { entry: 'e2e/main-server.ts', port, env: { WAITLIST_INTERVAL_MS: '1000' } };
// The captcha specs' servers run no background jobs: those specs wait for no e-mail, expiry or offer.
const NO_JOBS = { JOBS: '0' };
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Three on two cores: a test waits on its page, the server or an e-mail for part of its time,
  // and with two workers a tenth of the cores stayed idle (sampled from /proc/stat); three keep
  // them busy and took the run from 6.8 to 6.1 minutes.
  workers: 3,
  // In CI a test that fails is run once more: one that then passes is reported as flaky, by name,
  // at the end of npm test (scripts/test-all.ts), and counts as passed; one that fails twice fails
  // the run. A single stray failure among 250 browser flows on a loaded machine would otherwise
  // also skip every spec of the catalog-changes project, which depends on the others passing.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Whole purchase flows take ~10 s on an idle machine; the bound leaves room for a loaded one
  // (two workers, two servers, other suites on the same cores). Waits end on visible state.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The CI script reads the totals from test-results/e2e.json. Traces of failures go to a folder
  // of their own: Playwright empties its output folder when it starts, which took vitest's
  // per-test durations (test-results/vitest.json) with it. Each clock run has a folder of its own
  // (E2E_OUTPUT_DIR), so the main run's traces are still there after them.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? 'test-results/e2e.json' }]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  use: {
    browserName: 'chromium',
    locale: 'ru-RU',
    // In CI a trace is recorded on a failed test's second run only: recording one on every run
    // (screencast frames and DOM snapshots of each step) took a sixth of the browser suite's CPU.
    // Without CI, where nothing runs twice, a failed test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright's own browser downloads are never used. Its headless shell
      // (`apt-get install -y chromium-headless-shell`), the same engine without the desktop
      // browser's layers, runs the suite on about a third less CPU; without it, the full browser.
      executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [CAPTCHA_SPECS, SMARTCAPTCHA_SPECS, ACQUIRER_SPECS, CATALOG_CHANGING_SPECS, SEAT_COUNTING_SPECS],
      use: { baseURL },
    },
    { name: 'catalog-changes', testMatch: CATALOG_CHANGING_SPECS, dependencies: ['chromium'], use: { baseURL } },
    { name: 'seat-counts', testMatch: SEAT_COUNTING_SPECS, dependencies: ['catalog-changes'], use: { baseURL } },
    { name: 'acquirers', testMatch: ACQUIRER_SPECS, use: { baseURL: acquirersURL } },
    { name: 'captcha', testMatch: CAPTCHA_SPECS, use: { baseURL: captchaURL } },
    { name: 'smartcaptcha', testMatch: SMARTCAPTCHA_SPECS, use: { baseURL: smartcaptchaURL } },
  ],
  webServer: servers(
    clockRun
      ? [mainServer]
      : [
          mainServer,
          {
            entry: 'e2e/captcha-server.ts',
            port: captchaPort,
            env: { SETUP_FILE: 'e2e/support/captcha-setup.json', E2E_MAIL_PORT: String(captchaPort + 1), ...NO_JOBS },
          },
          {
            entry: 'e2e/captcha-server.ts',
            port: smartcaptchaPort,
            env: {
              SETUP_FILE: 'e2e/support/smartcaptcha-setup.json',
              E2E_MAIL_PORT: String(smartcaptchaPort + 1),
              E2E_SMARTCAPTCHA_FAKE_PORT: String(smartcaptchaFakePort),
              SMARTCAPTCHA_SECRET: 'ysc2_e2e-server-key',
              SMARTCAPTCHA_VALIDATE_URL: `http://127.0.0.1:${smartcaptchaFakePort}/validate`,
              ...NO_JOBS,
            },
          },
          {
            entry: 'e2e/acquirers-server.ts',
            port: acquirersPort,
            env: { E2E_MAIL_PORT: String(acquirersPort + 1) },
          },
          {
            entry: 'e2e/acquirers-server.ts',
            port: swappedAcquirersPort,
            env: { E2E_MAIL_PORT: String(swappedAcquirersPort + 1), E2E_CARD_ACQUIRER: 'yookassa' },
          },
        ],
  ),
});
