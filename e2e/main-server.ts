/**
 * The storefront server of the browser tests: main.ts's start (demo/storefront.ts) with one thing
 * replaced in code, as the API tests replace it (tests/harness.ts): staff passwords set while the
 * specs run (each member a spec adds, each password a member changes) are hashed at the tests'
 * scrypt cost, as the owner of e2e/data-folder.ts is. At production's cost each is a 64 MiB scrypt of about a quarter of a CPU
 * second, and adding a member takes four. What is tested is the same code, and production's cost
 * stays the default of every hash (server/admin/staff/password.ts; staff-cli.db.test.ts checks one
 * made at it). No environment variable can do this to a production server: only this launcher,
 * which lives with the tests, passes it (server/start.ts, ServerOverrides).
 */
import { runStorefront } from '../demo/storefront.ts';
import { TEST_SCRYPT_COST } from '../tests/scrypt-cost.ts';

await runStorefront({ staffScryptCost: TEST_SCRYPT_COST });
