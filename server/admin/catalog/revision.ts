import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { serverText } from '../../locales/texts.ts';
import { type RevisedTable, lockRevision, stampEditor } from './catalog-admin.repository.ts';

export type { RevisedTable } from './catalog-admin.repository.ts';

/** 27.11.2026 10:42 in the venue's zone: how the refusal names the time of the other change. */
export function changeTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * Takes the entry for a save made on `expected`: locks its row for the rest of the transaction
 * and refuses (409, catalog-stale) when someone saved it since the form loaded it, naming who
 * and when. 404 when there is no such entry. Answers the revision found.
 */
export async function claimRevision(tx: Queryable, table: RevisedTable, id: number, expected: number, timeZone: string): Promise<number> {
  const row = await lockRevision(tx, table, id);
  if (!row) throw new BusinessError(AdminErrorCode.catalogNotFound, { status: 404 });
  if (row.revision !== expected) {
    const when = row.updated_at ? changeTime(new Date(row.updated_at), timeZone) : '—';
    throw new BusinessError(AdminErrorCode.catalogStale, {
      status: 409,
      text: (lang) =>
        adminErrorText(
          AdminErrorCode.catalogStale,
          lang,
          `${row.updated_by_name ?? serverText('adminCatalog', 'importer', lang)}, ${when}`,
        ),
      details: { revision: row.revision },
    });
  }
  return row.revision;
}

/** After the save wrote the entry (the write moved its revision): records who saved it and when. */
export function recordEditor(tx: Queryable, table: RevisedTable, id: number, staffId: number, at: Date): Promise<number> {
  return stampEditor(tx, table, id, staffId, at);
}
