import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const UNIT_INCLUDE = ['{contract,server,web,demo,scripts,bench}/**/*.test.{ts,tsx}'];
const UNIT_EXCLUDE = ['**/*.{api,db,pg}.test.ts', '**/node_modules/**'];

// Unit test files share their worker's process, file after file, as the api project's do: imports,
// jsdom and React load once per worker instead of once per file, which took half the unit tests'
// time. What a test stubs or spies on (vi.stubGlobal, vi.stubEnv, vi.spyOn) is undone after it
// (unstubGlobals, unstubEnvs, restoreMocks). A file that mocks a module, fakes the timers or
// assigns to window, globalThis or process.env would change what the files after it see: it runs
// in a process of its own (the unit-isolated project), found by its source; so does a file that
// imports a module at its top level after preparing what that module reads once as it loads (the
// page's embedded answer): the module must load afresh, not come from an earlier file.
const FRESH_IMPORT = /^(?:const|let|var)\s[^\n]*=\s*await import\(/m;
const GLOBAL_CHANGE =
  /vi\.(mock|doMock|resetModules|useFakeTimers)\b|\b(globalThis|window)\.[\w$]+\s*=[^=]|Object\.defineProperty\((window|globalThis|global|navigator|document)\b|process\.env\.[\w$]+\s*=[^=]|delete process\.env/;
// Unit files in jsdom run in a project of their own (unit-dom): a worker that ran a file in Node's
// environment between two jsdom files built a new document for the second, about a second of CPU
// each time; in a project of their own the files of a worker share one, as they share the process.
const sources = globSync(UNIT_INCLUDE, { cwd: import.meta.dirname, exclude: UNIT_EXCLUDE }).map((file) => ({
  file,
  source: readFileSync(path.join(import.meta.dirname, file), 'utf8'),
}));
const ownProcess = sources.filter(({ source }) => GLOBAL_CHANGE.test(source) || FRESH_IMPORT.test(source)).map(({ file }) => file);
const inJsdom = sources
  .filter(({ file, source }) => /@vitest-environment jsdom\b/.test(source) && !ownProcess.includes(file))
  .map(({ file }) => file);

// Every worker's young generation at 64 MB a half instead of V8's default: the tests allocate
// fast (PGlite's results, the app's JSON, jsdom's trees), and fewer, larger scavenges took the api
// project from 422 to 375 CPU seconds (three runs of each, the project alone; docs/codebase.md).
const WORKER_ARGV = ['--max-semi-space-size=64'];

// API tests that run on PGlite only. A PostgreSQL server differs from PGlite in the driver (how
// parameters are sent and answers parsed), the pool (statements of one request on several
// connections, each with its prepared statements), transactions that really run side by side, and
// no NOTIFY into the process (the caches poll instead): every file whose requests sell, hold, pay,
// refund, print, scan or count places, money or tickets, every job, every file with requests sent
// at once (two saves of one revision, sign-ins counted together) and the catalog's import and
// export run on both. These reach no such path, and other files run their statements on
// PostgreSQL (demo/load.pg.test.ts writes the whole demo catalog there): pages rendered in jsdom
// over the API, refusals before the database (the permission guard, hosts, headers, CSRF,
// timeouts), the back office's catalog entries, halls, images, staff and door devices, reading the
// setup and its file, search engines' pages, captchas and the embed's links.
const PGLITE_ONLY = [
  'tests/**/*.api.test.tsx',
  'server/admin/{permission-matrix,admin-page}.api.test.ts',
  'server/admin/catalog/catalog-entries.api.test.ts',
  'server/admin/{halls,images,checkin,home,waitlist}/**/*.api.test.ts',
  'server/admin/staff/{staff-management,staff-temporary-password}.api.test.ts',
  'demo/catalog.api.test.ts',
  'server/{setup,seo,embed,captcha}/**/*.api.test.ts',
  'server/spa-serving.api.test.ts',
  'server/security/{trust-proxy,page-headers,csrf,timeouts,allowed-hosts}.api.test.ts',
];

/**
 * Vitest's order (a group's projects one after another by name; in each, the longest file first,
 * or the largest on a fresh clone) with the files that start a process each (unit-isolated) first
 * in their group. Last, by name, they ended the run with a core half idle while each file's process
 * started (20 s for its 16 files); first, the files of the other projects fill those waits.
 */
class IsolatedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return sorted.sort((a, b) => group(a) - group(b) || Number(b.project.config.isolate) - Number(a.project.config.isolate));
  }
}

// The unit and unit-dom projects: a worker runs its files one after another in one process, what
// a test stubs or spies on undone after it (see above).
const SHARED_UNIT = {
  execArgv: WORKER_ARGV,
  setupFiles: ['tests/unit-setup.ts'],
  isolate: false,
  unstubGlobals: true,
  unstubEnvs: true,
  restoreMocks: true,
  // Waits end on visible state (up to 5 s each, tests/unit-setup.ts); a whole component test gets
  // room for a few of them on a loaded machine.
  testTimeout: 20_000,
};

// Three kinds of tests (see ARCHITECTURE.md):
// - unit (and unit-dom, unit-isolated): rules, schemas and components, no database (web component
//   tests opt into jsdom), and the bench's own helpers (its HTTP client);
// - api: every *.api.test.ts through app.inject() on embedded PGlite, and *.db.test.ts that only
//   make sense on PGlite (the catalog CLI on a data folder); tests/*.api.test.tsx render a page
//   in jsdom whose calls go to the app (tests/page-on-app.ts);
// - api-pg: *.pg.test.ts (concurrency, expiry, crashes, several instances) and the API tests of
//   every path that can differ on a PostgreSQL server, on a throw-away cluster started by
//   tests/pg-global-setup.ts (or TEST_DATABASE_URL); PGLITE_ONLY above says which stay on PGlite.
export default defineConfig({
  test: {
    sequence: { sequencer: IsolatedFirst },
    // Two test files at a time. Vitest's default on 2 cores is one (cores - 1), which left a core
    // idle: a PGlite file is one busy thread, and the main process and PostgreSQL mostly wait.
    // CI has 2 cores (docs/codebase.md, 'The suite's time').
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          ...SHARED_UNIT,
          include: UNIT_INCLUDE,
          exclude: [...UNIT_EXCLUDE, ...ownProcess, ...inJsdom],
        },
      },
      {
        test: {
          name: 'unit-dom',
          ...SHARED_UNIT,
          include: inJsdom.length > 0 ? inJsdom : ['tests/no-such-file'],
          environment: 'jsdom',
          setupFiles: [...SHARED_UNIT.setupFiles, 'tests/dom-cleanup.ts'],
        },
      },
      {
        test: {
          name: 'unit-isolated',
          execArgv: WORKER_ARGV,
          // A pattern that matches no file where no file needs it (an empty list means vitest's default).
          include: ownProcess.length > 0 ? ownProcess : ['tests/no-such-file'],
          setupFiles: ['tests/unit-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          execArgv: WORKER_ARGV,
          include: ['{server,demo,tests}/**/*.{api,db}.test.ts', 'tests/**/*.api.test.tsx'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/pglite-global-setup.ts'],
          // A worker runs its files one after another in one process, not a fresh one per file:
          // a file then spares starting Node, importing the server and loading PGlite (seconds
          // each), and takes the PGlite instances the files before it left, reset to their
          // template (tests/pglite-templates.ts). No api test mocks modules or leaves globals
          // stubbed; tests/api-setup.ts closes the instances of rare kinds after each file.
          isolate: false,
          setupFiles: ['tests/api-setup.ts', 'tests/dom-cleanup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pg',
          execArgv: WORKER_ARGV,
          include: ['{server,demo,tests}/**/*.{api,pg}.test.ts', 'tests/**/*.api.test.tsx'],
          // An exclude list replaces vitest's default one, which leaves out node_modules.
          exclude: [...PGLITE_ONLY, '**/node_modules/**'],
          // Three files at a time, after the other projects (vitest runs projects with another
          // worker count as a group of their own): a worker here waits on PostgreSQL's answers
          // for part of its time, and with two a tenth of the cores stayed idle through this
          // project (sampled from /proc/stat); with three they stay busy. npm test runs it in a
          // vitest run of its own beside the other projects' (scripts/test-all.ts).
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/pg-global-setup.ts'],
          // As the api project: a worker runs its files in one process, so a file does not pay for
          // starting Node and importing the server again (about a fifth of this project's time). No
          // file of it mocks a module or stubs a global; each closes its databases and pools.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
