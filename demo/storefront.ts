import type { ServerOverrides } from '../server/start.ts';
import { runServer } from '../server/main.ts';
import { createAtolDriver } from './atol-driver-fake.ts';
import { loadDemoIfEmpty } from './load.ts';

/**
 * The storefront's start (main.ts runs it): the server's production start (server/main.ts) with the
 * demo catalog's loader, which fills an empty database when DEMO is on, and the demo's stand-ins
 * for the desk's cash registers (the ATOL driver fake, one per register, served only when DEMO is
 * on). Composed in demo/ so the dependency runs one way: demo/ uses server/, never the reverse.
 * `overrides`: what a test launcher replaces in code (e2e/main-server.ts), nothing in production.
 */
export function runStorefront(overrides: ServerOverrides = {}): Promise<void> {
  return runServer(loadDemoIfEmpty, { demoRegister: (ffd) => createAtolDriver({ ffd }), ...overrides });
}
