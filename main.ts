// The storefront's entry point: the server (server/) with the demo catalog (demo/) that DEMO loads
// into an empty database, and the demo's stand-ins for the desk's cash registers (the ATOL driver
// fake, one per register, served only when DEMO is on). Composed here so the dependency runs one way: demo/ uses
// server/, never the reverse. The browser tests' server (e2e/main-server.ts) composes the same, at
// the tests' password cost: a part added here goes there too.
import { loadDemoIfEmpty } from './demo/load.ts';
import { createAtolDriver } from './demo/atol-driver-fake.ts';
import { runServer } from './server/main.ts';

await runServer(loadDemoIfEmpty, { demoRegister: (ffd) => createAtolDriver({ ffd }) });
