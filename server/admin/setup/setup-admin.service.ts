import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { SETUP_EDIT_KEYS, type SetupEdit } from '../../../contract/admin/setup.ts';
import type { StoredSetup } from '../../../contract/setup.ts';
import { bumpCatalogVersion } from '../../catalog/catalog-write.repository.ts';
import { lockCatalog } from '../../catalog/import.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { serverText } from '../../locales/texts.ts';
import { findSetupStamp, findStoredSetup, saveSetup } from '../../setup/setup.repository.ts';
import { SetupError, readJsonFile, resolveSetup } from '../../setup/setup.service.ts';
import type { AuditEntry } from '../audit/audit.repository.ts';
import type { CatalogActor } from '../catalog/events.service.ts';
import { changeTime } from '../catalog/revision.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const pick = (from: Json, keys: readonly string[]): Json =>
  Object.fromEntries(keys.filter((key) => key in from).map((key) => [key, from[key]]));

/** The editable part of a setup, shaped as the form edits it. */
export function editablePart(setup: StoredSetup): Json {
  return {
    app: pick(setup.app, SETUP_EDIT_KEYS.app),
    db: pick(setup.db, SETUP_EDIT_KEYS.db),
    ...pick(setup as unknown as Json, SETUP_EDIT_KEYS.top),
  };
}

/**
 * The stored setup with the edit applied. Each edited key replaces what was stored whole (a
 * localized text the form cleared in one language loses that language), where a deep merge would
 * keep the old text; keys the form does not edit stay as stored.
 */
function applyEdit(stored: unknown, edit: SetupEdit): Json {
  const base = isObject(stored) ? stored : {};
  const { app, db, ...top } = edit;
  return {
    ...base,
    ...top,
    app: { ...(isObject(base.app) ? base.app : {}), ...app },
    db: { ...(isObject(base.db) ? base.db : {}), ...db },
  };
}

/** The editable paths ('app.logo', 'topmenu') a SETUP_FILE sets: whatever the database holds, the file wins there. */
function pathsSetBy(file: unknown): string[] {
  if (!isObject(file)) return [];
  const app = isObject(file.app) ? SETUP_EDIT_KEYS.app.filter((key) => key in (file.app as Json)).map((key) => `app.${key}`) : [];
  const db = isObject(file.db) ? SETUP_EDIT_KEYS.db.filter((key) => key in (file.db as Json)).map((key) => `db.${key}`) : [];
  return [...app, ...db, ...SETUP_EDIT_KEYS.top.filter((key) => key in file)];
}

/**
 * The storefront setup in the back office (owners). A save stores the edit over the database's
 * setup, checks the result with the setup's own schema, moves the setup's revision and the
 * catalog version (so the afisha, the pages' setup and every cache keyed on it follow on their
 * next call) and records the before and after in the audit log, in one transaction. Orders in
 * progress keep what they were placed with: nothing in an order refers back to the setup.
 */
export function createSetupEditor(deps: {
  db: Db;
  now: () => number;
  timeZone: string;
  setupFile: string | undefined;
  /** After a save commits: drop this instance's cached setup. */
  onSaved: () => void;
  audit: (tx: Queryable, entry: AuditEntry) => Promise<void>;
}) {
  const fileSetup = async () => (deps.setupFile ? readJsonFile(deps.setupFile).catch(() => undefined) : undefined);
  return {
    async load() {
      return deps.db.transaction(async (tx) => {
        const [effective, stamp] = await Promise.all([resolveSetup(tx, deps.setupFile), findSetupStamp(tx)]);
        return {
          setup: editablePart(effective),
          revision: stamp.revision,
          updatedAt: stamp.updated_at ? new Date(stamp.updated_at).toISOString() : null,
          updatedBy: stamp.updated_by_name,
          fixedByFile: pathsSetBy(await fileSetup()),
        };
      });
    },

    async save(input: { revision: number; edit: SetupEdit; actor: CatalogActor }) {
      const revision = await deps.db.transaction(async (tx) => {
        // A catalog import writes the setup too: one at a time.
        await lockCatalog(tx);
        const stamp = await findSetupStamp(tx, true);
        if (stamp.revision !== input.revision) {
          const when = stamp.updated_at ? changeTime(new Date(stamp.updated_at), deps.timeZone) : '—';
          throw new BusinessError(AdminErrorCode.catalogStale, {
            status: 409,
            text: (lang) =>
              adminErrorText(
                AdminErrorCode.catalogStale,
                lang,
                `${stamp.updated_by_name ?? serverText('adminCatalog', 'importer', lang)}, ${when}`,
              ),
            details: { revision: stamp.revision },
          });
        }
        const before = editablePart(await resolveSetup(tx, deps.setupFile));
        const at = new Date(deps.now());
        const saved = await saveSetup(tx, applyEdit(await findStoredSetup(tx), input.edit), input.actor.id, at);
        let after: Json;
        try {
          after = editablePart(await resolveSetup(tx, deps.setupFile));
        } catch (error) {
          if (!(error instanceof SetupError)) throw error;
          throw new BusinessError(AdminErrorCode.catalogInvalid, {
            status: 400,
            details: { fields: [{ path: 'setup', code: 'invalid', text: error.message }] },
          });
        }
        await bumpCatalogVersion(tx);
        await deps.audit(tx, {
          staffId: input.actor.id,
          action: 'setup.update',
          subjectType: 'setup',
          subjectId: null,
          before,
          after,
          ip: input.actor.ip,
          userAgent: input.actor.userAgent,
          at,
        });
        return saved;
      });
      deps.onSaved();
      return { revision };
    },
  };
}
export type SetupEditor = ReturnType<typeof createSetupEditor>;
