// The pages' Content-Security-Policy allows no eval (server/security/page-headers.ts). zod
// compiles object parsers with `new Function` when it may, and probes for that as soon as an
// object schema is built: the probe is caught and zod falls back, but the browser still reports
// it as a violation. zod's `jitless` setting skips the probe and the compiling. It is set on the
// global object zod keeps its configuration in (shared by every copy of zod, and created by
// whichever comes first), not through `z.config()`, so the first load carries no zod code;
// zod-csp.test.ts fails if zod stops reading it. Imported first by main.tsx, before any schema.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
