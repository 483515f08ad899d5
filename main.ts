// The storefront's entry point: the server (server/) with the demo catalog (demo/) that DEMO loads
// into an empty database. Composed here so the dependency runs one way: demo/ uses server/, never
// the reverse.
import { loadDemoIfEmpty } from './demo/load.ts';
import { runServer } from './server/main.ts';

await runServer(loadDemoIfEmpty);
