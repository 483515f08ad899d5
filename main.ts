// The storefront's entry point: the server (server/) with the demo's parts (demo/storefront.ts:
// the demo catalog that DEMO loads into an empty database, the stand-ins for the desk's cash
// registers).
import { runStorefront } from './demo/storefront.ts';

await runStorefront();
