import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, saveTemplate, templateKind } from './pglite-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run's PGlite templates, `<kind>.tar` (tests/pglite-templates.ts). */
    pgliteTemplateDir: string;
  }
}

/**
 * Builds the api project's PGlite templates once per run: migrated, and migrated with the demo of
 * today (the day most tests' clocks start on). Each test file loads them instead of migrating.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-pglite-'));
  const raw = await PGlite.create();
  try {
    await saveTemplate(dir, 'none', await buildPgliteTemplate(undefined, raw));
    const today = new Date();
    await saveTemplate(dir, templateKind(today), await buildPgliteTemplate(today, raw));
  } finally {
    await raw.close();
  }
  project.provide('pgliteTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
