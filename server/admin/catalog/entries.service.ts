import { type SimpleEntryKind, simpleEntrySchemas } from '../../../contract/admin/catalog.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { pickLocalized } from '../../../contract/lang.ts';
import type { Lang } from '../../../contract/lang.ts';
import { CatalogImportError } from '../../catalog/catalog-issues.ts';
import { exportSimpleEntries } from '../../catalog/export.ts';
import { importCatalogIn, lockCatalog } from '../../catalog/import.ts';
import { sanitizeHtml } from '../../catalog/sanitize-html.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { serverText } from '../../locales/texts.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import { refusedByDatabase } from '../../db/errors.ts';
import { entryUsesText } from './entry-uses.ts';
import { bumpCatalogVersion, deleteEntryRow, findEntryUsers, findRevision, isLooseZone, nextEntryId } from './catalog-admin.repository.ts';
import { type CatalogActor, byActor } from './events.service.ts';
import { claimRevision, recordEditor } from './revision.ts';

const TABLE = {
  kinds: 'kinds',
  mainMenus: 'main_menus',
  subMenus: 'sub_menus',
  venues: 'venues',
  tags: 'tags',
  checkboxes: 'checkboxes',
  rules: 'rules_documents',
  zones: 'zones',
} as const satisfies Record<SimpleEntryKind, string>;

const notFound = () => new BusinessError(AdminErrorCode.catalogNotFound, { status: 404 });

// A foreign key the usage check does not know of (a table added later) still refuses the delete
// without a 5xx: the catalog's own rows are never deleted out from under anything.
const FOREIGN_KEY_VIOLATION = '23503';

const refused = (fields: Array<{ path: string; code: string; text?: string }>) =>
  new BusinessError(AdminErrorCode.catalogInvalid, { status: 400, details: { fields } });

/**
 * Kinds, menus, venues, tags, checkboxes, rules documents and hall-less zones, saved one at a time
 * through the catalog import with the same revision check and audit as events. The import never
 * deletes a top-level entry, so deletion is this editor's own: only of an entry nothing uses.
 */
export function createEntryEditor(deps: { db: Db; now: () => number; timeZone: string; audit: AuditWriter }) {
  const at = () => new Date(deps.now());
  return {
    async list(kind: SimpleEntryKind) {
      return deps.db.transaction(async (tx) => {
        const entries = await exportSimpleEntries(tx, kind);
        return Promise.all(
          entries.map(async (entry) => {
            const stamp = await findRevision(tx, TABLE[kind], entry.id);
            return {
              entry,
              revision: stamp?.revision ?? 1,
              updatedAt: stamp?.updated_at ? new Date(stamp.updated_at).toISOString() : null,
              updatedBy: stamp?.updated_by_name ?? null,
            };
          }),
        );
      });
    },

    async save(input: { kind: SimpleEntryKind; id?: number; revision?: number; entry: unknown; actor: CatalogActor; lang: Lang }) {
      const parsed = simpleEntrySchemas[input.kind].safeParse(input.entry);
      if (!parsed.success) {
        throw refused(
          parsed.error.issues.map((i) => ({ path: ['entry', ...i.path.filter((p) => typeof p !== 'symbol')].join('.'), code: i.code })),
        );
      }
      const table = TABLE[input.kind];
      return deps.db.transaction(async (tx) => {
        await lockCatalog(tx);
        let before: unknown;
        let id: number;
        if (input.id !== undefined) {
          if (input.revision === undefined) throw refused([{ path: 'revision', code: 'required' }]);
          if (input.kind === 'zones' && !(await isLooseZone(tx, input.id))) throw notFound();
          await claimRevision(tx, table, input.id, input.revision, deps.timeZone);
          before = (await exportSimpleEntries(tx, input.kind)).find((e) => e.id === input.id);
          id = input.id;
        } else id = await nextEntryId(tx, table);
        const entry: Record<string, unknown> = { ...parsed.data, id };
        // A rules document's body is HTML, kept to the allow-list as an event's description is.
        if (input.kind === 'rules') {
          const body = (parsed.data as unknown as { body: Record<string, string | undefined> }).body;
          entry.body = Object.fromEntries(Object.entries(body).map(([lang, html]) => [lang, sanitizeHtml(html ?? '')]));
        }
        try {
          await importCatalogIn(tx, { [input.kind]: [entry] });
        } catch (error) {
          if (error instanceof CatalogImportError) {
            throw refused(
              error.issues.map((i) => ({
                path: i.field ? `entry.${i.field.replace(/\[(\d+)\]/g, '.$1')}` : 'entry',
                code: 'invalid',
                text: serverText('adminCatalog', 'other', input.lang, { message: i.message }),
              })),
            );
          }
          throw error;
        }
        const revision = await recordEditor(tx, table, id, input.actor.id, at());
        const after = (await exportSimpleEntries(tx, input.kind)).find((e) => e.id === id);
        await deps.audit(tx, {
          action: `catalog.${input.kind}.${before === undefined ? 'create' : 'update'}`,
          subjectType: input.kind,
          subjectId: String(id),
          ...(before === undefined ? {} : { before }),
          after,
          ...byActor(input.actor, at()),
        });
        return { id, revision };
      });
    },

    /** Deletes an entry nothing uses; one in use is refused (409) naming what uses it. */
    async remove(input: { kind: SimpleEntryKind; id: number; revision: number; actor: CatalogActor }) {
      const table = TABLE[input.kind];
      return deps.db.transaction(async (tx) => {
        await lockCatalog(tx);
        if (input.kind === 'zones' && !(await isLooseZone(tx, input.id))) throw notFound();
        await claimRevision(tx, table, input.id, input.revision, deps.timeZone);
        const users = await findEntryUsers(tx, table, input.id);
        if (users.length > 0) {
          throw new BusinessError(AdminErrorCode.catalogEntryInUse, {
            status: 409,
            text: (lang) =>
              adminErrorText(
                AdminErrorCode.catalogEntryInUse,
                lang,
                entryUsesText(
                  users.map((u) => ({ ...u, names: u.names.map((n) => pickLocalized(n, lang)) })),
                  lang,
                ),
              ),
            details: { users: users.map((u) => ({ what: u.what, count: u.count })) },
          });
        }
        const before = (await exportSimpleEntries(tx, input.kind)).find((e) => e.id === input.id);
        try {
          await deleteEntryRow(tx, table, input.id);
        } catch (error) {
          if (refusedByDatabase(error) && (error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
            throw new BusinessError(AdminErrorCode.catalogEntryInUse, {
              status: 409,
              text: (lang) => adminErrorText(AdminErrorCode.catalogEntryInUse, lang, serverText('adminCatalog', 'elsewhere', lang)),
            });
          }
          throw error;
        }
        const catalogVersion = await bumpCatalogVersion(tx);
        await deps.audit(tx, {
          action: `catalog.${input.kind}.delete`,
          subjectType: input.kind,
          subjectId: String(input.id),
          before,
          ...byActor(input.actor, at()),
        });
        return { catalogVersion };
      });
    },
  };
}
export type EntryEditor = ReturnType<typeof createEntryEditor>;
