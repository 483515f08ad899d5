import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../server/db/client.ts';
import { startCluster } from './pg-cluster.ts';
import { claimPostgresTemplate, postgresTemplateName } from './pg-pool.ts';
import { templateKind } from './pglite-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** This run's template databases are named `<prefix>_<kind>` (tests/harness.ts). */
    pgTemplatePrefix: string;
  }
}

/** Starts one PostgreSQL cluster for the api-pg project; each test file makes its own database. */
export default async function setup(project: TestProject) {
  // A prefix of this run's own: a server given by TEST_DATABASE_URL may still hold another run's
  // templates, migrated by other code.
  const templatePrefix = `tpl_${randomBytes(4).toString('hex')}`;
  project.provide('pgTemplatePrefix', templatePrefix);
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    const built = await startTemplates(given, templatePrefix);
    return async () => {
      await built;
      const admin = await openPostgres(given, 1);
      try {
        const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
          `${templatePrefix}_`,
        ]);
        for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await admin.close();
      }
    };
  }
  const cluster = await startCluster();
  project.provide('pgUrl', cluster.url);
  const built = await startTemplates(cluster.url, templatePrefix);
  return async () => {
    await built;
    cluster.stop();
  };
}

/**
 * Starts building the two templates most tests copy (migrated, and with today's demo) while the
 * run's first project (PGlite) keeps the cores busy; a test that needs one before it is built
 * waits for its lock (tests/pg-pool.ts). Answers once both locks are held, with their builds' end.
 */
async function startTemplates(url: string, prefix: string): Promise<Promise<unknown>> {
  const today = new Date();
  const claims = await Promise.all(
    [undefined, today].map((demoAt) => claimPostgresTemplate(url, postgresTemplateName(prefix, templateKind(demoAt)), demoAt)),
  );
  // A build that fails is built again by the first test that asks, which then reports the error.
  return Promise.allSettled(claims.map((c) => c.built));
}
