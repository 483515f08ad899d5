import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, saveTemplate, templateFile, templateKind } from './pglite-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run's PGlite templates, `<kind>.tar` (tests/pglite-templates.ts). */
    pgliteTemplateDir: string;
  }
}

/**
 * Builds the api project's migrated PGlite template once per run; each test file loads it instead
 * of migrating. The template with a day's demo is built by the first file that needs it
 * (tests/harness.ts), so a run whose files all start empty (the clock runs') never builds one.
 * In TEST_PGLITE_TEMPLATE_DIR (set by `npm test` for its whole run, scripts/test-all.ts) the
 * templates outlive this vitest run, and a later run of the same `npm test` takes them as they are;
 * otherwise they go in a folder of this run's own, removed at its end.
 */
export default async function setup(project: TestProject) {
  const shared = process.env.TEST_PGLITE_TEMPLATE_DIR;
  const dir = shared ?? mkdtempSync(path.join(os.tmpdir(), 'storefront-pglite-'));
  if (!existsSync(templateFile(dir, templateKind(undefined)))) {
    const raw = await PGlite.create();
    try {
      await saveTemplate(dir, templateKind(undefined), await buildPgliteTemplate(undefined, raw));
    } finally {
      await raw.close();
    }
  }
  project.provide('pgliteTemplateDir', dir);
  return () => {
    if (!shared) rmSync(dir, { recursive: true, force: true });
  };
}
