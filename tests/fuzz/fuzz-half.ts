import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestStaff, sessionCookie, signIn } from '../../server/admin/staff/staff-test-kit.ts';
import {
  type FuzzContext,
  type FuzzRoute,
  casesOf,
  hasInput,
  discoverRoutes,
  newStats,
  routeSeed,
  runCase,
  tableDigests,
} from './api-fuzz.ts';
import { type TestApp, createClock, createTestApp } from '../harness.ts';

/**
 * Property-based fuzzing of every call of the storefront and the back office (fast-check). The
 * routes come from Fastify's route table and their schemas from the OpenAPI document, so a call
 * added later is fuzzed with no change here. Each case breaks one rule of the call's schema (a
 * wrong type, a missing or extra field, a number out of range, a text too long), sends a body no
 * parser takes or a type no route reads, leaves out the CSRF token or the staff session, or
 * follows every schema with texts as hostile as it allows (injection strings, control characters,
 * unusual Unicode, deep nesting, edge numbers). A case that breaks a rule must be refused with a
 * 4xx carrying errorCode and errorText; no case may get a 5xx; a refused case must leave every
 * table as it was (row count and a hash of every row, compared whenever the write-ahead log moved).
 *
 * The routes are fuzzed in two halves, each a test file of its own (tests/api-fuzz-1.db.test.ts
 * and tests/api-fuzz-2.db.test.ts), so the two run side by side; each route gets as many cases as
 * in one run over all of them. FUZZ_SEED replays a run (a failure prints its seed); FUZZ_CASES sets
 * the number of cases over both halves (5,000 by default; `npm run bench -- fuzz` runs a longer
 * one); FUZZ_ROUTE='POST /api/order/create' runs one route alone (in the half that has it). PGlite only: the run proves input handling, which is the same code on
 * both databases, and the CI time budget pays for one run.
 */

/**
 * Tables a refused request changes by design, each because the refusal itself must be remembered:
 * - discount_code_failures: a wrong promo code or card number is counted against the order and
 *   the client address (10 and 30 an hour), so codes cannot be guessed one after another;
 * - staff_sign_in_attempts: a wrong staff password counts against the address's sign-in limit;
 * - staff_sign_in_failures: a failed sign-in counts towards the lock of that e-mail at that address;
 * - staff_reauth_failures: a wrong password or code before an account change counts against the member's tries;
 * - card_proof_attempts: a wrong loyalty card code counts against its 5 tries;
 * - rate_limit_hits: every call a per-client limit guards is counted, refused or not.
 */
const EXCLUDED = new Set([
  'discount_code_failures',
  'staff_sign_in_attempts',
  'staff_sign_in_failures',
  'staff_reauth_failures',
  'card_proof_attempts',
  'rate_limit_hits',
]);

const CASES = Number(process.env.FUZZ_CASES ?? 5000);
const SEED = process.env.FUZZ_SEED === undefined ? (Math.random() * 2 ** 31) | 0 : Number(process.env.FUZZ_SEED);
const ONLY = process.env.FUZZ_ROUTE;

/** The routes, sorted by method and path, of half `part` (0 or 1): every other one. */
const inHalf = (routes: FuzzRoute[], part: 0 | 1) =>
  [...routes].sort((a, b) => `${a.method} ${a.url}`.localeCompare(`${b.method} ${b.url}`)).filter((_, index) => index % 2 === part);

/** Registers one half's fuzzing in the calling test file (named `file`, for the replay lines). */
export function fuzzHalf(part: 0 | 1, file: string) {
  let t: TestApp;
  let all: FuzzRoute[] = [];
  let routes: FuzzRoute[] = [];
  let ctx: FuzzContext;
  let known: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: createClock(new Date('2026-11-20T09:00:00Z')) });
    all = discoverRoutes(t.app);
    routes = inHalf(all, part).filter((route) => !ONLY || `${route.method} ${route.url}` === ONLY);
    // Each sign-in from an address of its own: the fuzz signs out now and then, and the sign-in limit per address is not what it tests.
    let signIns = 0;
    const signInOwner = async () => {
      const member = await addTestStaff(t, 'owner');
      signIns += 1;
      return sessionCookie((await signIn(t, member.email, undefined, `10.77.${signIns >> 8}.${signIns & 255}`)).headers['set-cookie']);
    };
    let cookie = await signInOwner();
    // The staff calls' token is bound to the session: fetched again with each new cookie.
    let staffCsrf = await t.csrfToken(cookie);
    const { rows } = await t.db.query<{ text: string }>('select hash as text from events union all select code from promo_codes');
    known = rows.map((row) => row.text);
    ctx = {
      t,
      credentials: { csrf: await t.csrfToken(), staffCookie: () => cookie, staffCsrf: () => staffCsrf },
      excluded: EXCLUDED,
      stats: newStats(),
      async restoreSession() {
        const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
        if (me.statusCode !== 200) {
          cookie = await signInOwner();
          staffCsrf = await t.csrfToken(cookie);
        }
      },
    };
  }, 120_000);
  afterAll(() => t.close());

  describe(`fuzzing every call, half ${part + 1} of 2`, () => {
    it('finds the calls of the storefront and the back office by itself, and fuzzes every one in one half or the other', () => {
      if (ONLY) return;
      const names = all.map((route) => `${route.method} ${route.url}`);
      expect(names).toEqual(
        expect.arrayContaining([
          'POST /api/order/create',
          'POST /api/order/create-scheme',
          'POST /api/admin/staff',
          'PUT /api/admin/catalog/events/:id',
          'GET /api/captcha',
        ]),
      );
      expect(all.filter((route) => route.body).length).toBeGreaterThan(40);
      const halves = [...inHalf(all, 0), ...inHalf(all, 1)].map((route) => `${route.method} ${route.url}`);
      expect(halves.sort()).toEqual([...names].sort());
    });

    it(
      `answers its half of ${CASES} generated cases with a 4xx that changes nothing, or a clear success; never a 5xx (seed ${SEED})`,
      async () => {
        console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run --project api ${file})`);
        const FEW = 5;
        // Cases per route as in one run over all routes: the two halves together run at least CASES.
        const varied = all.filter(hasInput);
        const perRoute = Math.max(FEW, Math.ceil((CASES - FEW * (all.length - varied.length)) / Math.max(1, varied.length)));
        const planned = (list: FuzzRoute[]) => list.reduce((sum, route) => sum + (hasInput(route) ? perRoute : FEW), 0);
        expect(planned(all)).toBeGreaterThanOrEqual(CASES);
        const baseline = { digests: await tableDigests(t.db, EXCLUDED) };
        for (const route of routes) {
          const name = `${route.method} ${route.url}`;
          const seed = routeSeed(SEED, name);
          const result = await fc.check(
            fc.asyncProperty(casesOf(route, ctx.credentials, known), (fuzzCase) => runCase(ctx, fuzzCase, baseline)),
            {
              seed,
              numRuns: hasInput(route) ? perRoute : FEW,
              endOnFailure: true,
              ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
            },
          );
          if (result.failed) {
            console.log(
              'slowest',
              [...ctx.stats.msByRoute]
                .sort((a, b) => b[1] - a[1])
                .slice(0, 12)
                .map(([r, ms]) => `${r} ${Math.round(ms)}`)
                .join('; '),
            );
            const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
            throw new Error(
              `${name}: ${error}\nreplay: FUZZ_SEED=${SEED} FUZZ_ROUTE='${name}' FUZZ_PATH=${result.counterexamplePath} npx vitest run --project api ${file}`,
            );
          }
        }
        const { stats } = ctx;
        console.log(
          `fuzz: ${stats.cases} cases on ${routes.length} routes, ${stats.refused} refused, ${stats.accepted} accepted, ${stats.digests} table digests; kinds ${JSON.stringify(Object.fromEntries(stats.byKind))}; accepted ${JSON.stringify(Object.fromEntries(stats.acceptedRoutes))}`,
        );
        console.log(
          'slowest',
          [...stats.msByRoute]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12)
            .map(([r, ms]) => `${r} ${Math.round(ms)}`)
            .join('; '),
          'total in cases',
          Math.round([...stats.msByRoute.values()].reduce((a, b) => a + b, 0)),
        );
        if (!ONLY) expect(stats.cases).toBeGreaterThanOrEqual(planned(routes));
      },
      Math.max(600_000, CASES * 60),
    );
  });
}
