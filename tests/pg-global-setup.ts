import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../server/db/client.ts';
import { startCluster } from './pg-cluster.ts';

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
    return async () => {
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
  return () => cluster.stop();
}
