import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Localized } from '../../contract/common.ts';
import { type RulesDocument, type StoredSetup, storedSetup } from '../../contract/setup.ts';
import { isValidTimeZone } from '../config.ts';
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

/** The setup as configured is unusable: SETUP_FILE unreadable or not JSON, or a field the schema refuses. */
export class SetupError extends Error {}

async function readSetupFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SetupError(`Invalid storefront setup (SETUP_FILE=${file}): cannot read the file: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SetupError(`Invalid storefront setup (SETUP_FILE=${file}): not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Builds the effective setup: the defaults file, then what the database holds, then the venue's
 * SETUP_FILE. The result must pass the setup schema, or it throws a SetupError naming the field.
 */
export async function resolveSetup(db: Queryable, setupFile: string | undefined): Promise<StoredSetup> {
  let data = await readJsonFile(DEFAULT_SETUP_FILE);
  data = mergeSetup(data, (await findStoredSetup(db)) ?? {});
  if (setupFile) data = mergeSetup(data, await readSetupFile(setupFile));
  const parsed = storedSetup.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  setup.${i.path.join('.')}: ${i.message}`).join('\n');
    throw new SetupError(`Invalid storefront setup${setupFile ? ` (SETUP_FILE=${setupFile})` : ''}:\n${issues}`);
  }
  return parsed.data;
}

type SetupLog = { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };

/** How long a resolved setup is served before SETUP_FILE and the database's setup are read again. */
export const SETUP_TTL_MS = 5000;

/**
 * The setup served to visitors. It is cached for a few seconds, so a change made by another
 * instance (a catalog import) or an edit of SETUP_FILE is seen soon without a read on every
 * request. An edit that breaks the setup (bad JSON, a field the schema refuses) does not take
 * the storefront down: the last valid setup goes on being served, and the error is logged once
 * per distinct problem (not on every re-read) until the file is put right.
 */
export function createSetupService(deps: {
  db: Queryable;
  /** SETUP_FILE: the venue's file merged over the database's setup; undefined: none. */
  setupFile: string | undefined;
  now?: () => number;
  log?: SetupLog;
  /** TIMEZONE: wins over the setup's app.timezone. */
  timeZone?: string | undefined;
  /** The catalog version: a new one drops the cached setup. */
  version?: () => Promise<number>;
}) {
  const { db, setupFile } = deps;
  const now = deps.now ?? Date.now;
  let cached: { value: StoredSetup; at: number; version: number | undefined } | undefined;
  let lastValid: StoredSetup | undefined;
  let reported: string | undefined;
  // The venue's one time zone, fixed by the first setup resolved (config TIMEZONE wins).
  let zone: string | undefined;

  /**
   * The setup with app.timezone set to the venue's zone: what the pages format dates in must be
   * the zone the server formats and compares dates in (order, tickets, seat map, afisha).
   */
  function fixTimezone(value: StoredSetup): StoredSetup {
    if (zone === undefined) {
      zone = deps.timeZone ?? value.app.timezone;
      if (!isValidTimeZone(zone))
        throw new SetupError(`Invalid storefront setup: setup.app.timezone: unknown time zone ${JSON.stringify(zone)} (or set TIMEZONE)`);
    }
    return value.app.timezone === zone ? value : { ...value, app: { ...value.app, timezone: zone } };
  }

  /** The setup resolved through `runner`, or the last valid one while the configured one is broken. */
  async function resolveServedSetup(runner: Queryable): Promise<StoredSetup> {
    try {
      const value = fixTimezone(await resolveSetup(runner, setupFile));
      if (reported !== undefined) deps.log?.info({ setupFile }, 'storefront setup valid again');
      reported = undefined;
      lastValid = value;
      return value;
    } catch (error) {
      // Only a broken setup falls back: a database error is the request's own (busy: 429).
      if (!(error instanceof SetupError) || lastValid === undefined) throw error;
      if (reported !== error.message) {
        reported = error.message;
        deps.log?.error({ setupFile }, `${error.message}\nServing the last valid setup until this is put right.`);
      }
      return lastValid;
    }
  }

  async function load(version: number | undefined): Promise<StoredSetup> {
    cached = { value: await resolveServedSetup(db), at: now(), version };
    return cached.value;
  }

  async function get(): Promise<StoredSetup> {
    if (!cached || now() - cached.at > SETUP_TTL_MS) return load(cached?.version);
    return cached.value;
  }

  return {
    get,
    /**
     * The setup as the pages see it: as get(), and read afresh as soon as the catalog version
     * moved (a back office save or an import on any instance moves it with the setup), so the
     * storefront shows a change on its next call. Costs a version read per call on PostgreSQL,
     * so the order paths use get(), which may be a few seconds behind.
     */
    async current(): Promise<StoredSetup> {
      const version = await deps.version?.();
      if (!cached || now() - cached.at > SETUP_TTL_MS || cached.version !== version) return load(version);
      return cached.value;
    },
    /** Resolves the setup now through a transaction (PGlite has one connection), with the same fallback. */
    resolveServedSetup,
    /**
     * The venue's time zone, the one every date of the server and the pages is in: config
     * TIMEZONE when set, else the setup's app.timezone as first resolved. Fixed for the life of
     * the app (an edit of the setup's zone takes a restart), so dates never disagree mid-run.
     */
    async venueTimeZone(): Promise<string> {
      // Resolved, not cached: the first request still reads the setup afresh.
      if (zone === undefined) await resolveServedSetup(db);
      if (zone === undefined) throw new Error('no setup resolved');
      return zone;
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
