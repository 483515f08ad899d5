import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Localized } from '../../contract/common.ts';
import { type RulesDocument, type StoredSetup, storedSetup } from '../../contract/setup.ts';
import type { Queryable } from '../db/client.ts';
import { findRulesDocuments, findStoredSetup } from './setup.repository.ts';

const DEFAULT_SETUP_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../config/setup.json');

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-merges plain objects; arrays and scalars of `over` replace those of `base`. */
export function mergeSetup(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = mergeSetup(base[key], value);
  return out;
}

export async function readJsonFile(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}

/**
 * Builds the effective setup: the defaults file, then what the database holds, then the venue's
 * SETUP_FILE. The result must pass the setup schema, or the start stops naming the field.
 */
export async function resolveSetup(db: Queryable, setupFile: string | undefined): Promise<StoredSetup> {
  let data = await readJsonFile(DEFAULT_SETUP_FILE);
  data = mergeSetup(data, (await findStoredSetup(db)) ?? {});
  if (setupFile) data = mergeSetup(data, await readJsonFile(setupFile));
  const parsed = storedSetup.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  setup.${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid storefront setup${setupFile ? ` (SETUP_FILE=${setupFile})` : ''}:\n${issues}`);
  }
  return parsed.data;
}

/**
 * The setup served to visitors. It is cached for a few seconds, so a change made by another
 * instance (a catalog import) is seen soon without a read on every request.
 */
export function createSetupService(db: Queryable, setupFile: string | undefined, now: () => number = Date.now) {
  let cached: { value: StoredSetup; at: number } | undefined;
  const TTL_MS = 5000;
  return {
    async get(): Promise<StoredSetup> {
      if (!cached || now() - cached.at > TTL_MS) cached = { value: await resolveSetup(db, setupFile), at: now() };
      return cached.value;
    },
    invalidate() {
      cached = undefined;
    },
    async rules(): Promise<RulesDocument[]> {
      const rows = await findRulesDocuments(db);
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        infname: row.name as Partial<Localized>,
        url: row.url as Partial<Localized>,
        filebody: row.body as Partial<Localized>,
      }));
    },
  };
}
export type SetupService = ReturnType<typeof createSetupService>;
