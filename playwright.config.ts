import { defineConfig } from '@playwright/test';

// The browser tests run against the built app (`npm run build` first) served by the real server
// on its own port and a fresh, throw-away data folder (see e2e/start-server.ts).
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The CI script reads the totals from test-results/e2e.json.
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright's own browser downloads are never used.
      executablePath: '/usr/bin/chromium',
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
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node_modules/.bin/node e2e/start-server.ts',
    url: `${baseURL}/healthz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
