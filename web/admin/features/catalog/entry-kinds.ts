import { type SimpleEntryKind, entryListResponse } from '../../../../contract/admin/catalog.ts';
import { apiGet } from '../../../lib/api.ts';

/**
 * How each kind of catalog entry is edited: its fields in the catalog file's own names, so the
 * form's paths (entry.name.ru) are the ones the contract schema and the server's refusals name.
 */
export type FieldSpec =
  /** A text in four languages, shown on the language tabs; required: the Russian one must be filled. */
  | { key: string; type: 'localized'; required?: boolean }
  /** A link in four languages (a site path or an http(s) address). */
  | { key: string; type: 'localizedUrl' }
  /** HTML in four languages, in the rich-text editor; the server keeps it to the allow-list. */
  | { key: string; type: 'html' }
  | { key: string; type: 'number'; min: number; max?: number }
  | { key: string; type: 'boolean' }
  /** A line of text; optional: left empty it is left out of the entry. */
  | { key: string; type: 'text'; optional?: boolean; hint?: boolean }
  | { key: string; type: 'color' }
  | { key: string; type: 'choice'; choices: readonly (string | number)[] }
  /** Another entry of the catalog, chosen from a list. */
  | { key: string; type: 'ref'; source: 'kinds' | 'mainMenus' | 'events'; optional?: boolean };

const sortnum = { key: 'sortnum', type: 'number', min: -2147483647 } as const;

export const ENTRY_FIELDS: Record<SimpleEntryKind, readonly FieldSpec[]> = {
  kinds: [
    { key: 'name', type: 'localized', required: true },
    { key: 'typeId', type: 'choice', choices: [1, 2, 3] },
    sortnum,
    { key: 'columnCount', type: 'number', min: 1, max: 4 },
    { key: 'rowCount', type: 'number', min: 1, max: 1000 },
    { key: 'showFilterCalendar', type: 'boolean' },
    { key: 'showAttribute', type: 'boolean' },
  ],
  mainMenus: [
    { key: 'name', type: 'localized', required: true },
    { key: 'kindId', type: 'ref', source: 'kinds' },
    sortnum,
    { key: 'showImage', type: 'boolean' },
    { key: 'imageUrl', type: 'text', optional: true, hint: true },
  ],
  subMenus: [
    { key: 'name', type: 'localized', required: true },
    { key: 'mainMenuId', type: 'ref', source: 'mainMenus' },
    sortnum,
    { key: 'imageUrl', type: 'text', optional: true, hint: true },
  ],
  venues: [
    { key: 'name', type: 'localized', required: true },
    { key: 'address', type: 'localized', required: true },
    { key: 'mapUrl', type: 'text', hint: true },
  ],
  tags: [{ key: 'name', type: 'localized', required: true }],
  checkboxes: [
    { key: 'name', type: 'localized', required: true },
    { key: 'url', type: 'localizedUrl' },
    { key: 'scope', type: 'choice', choices: ['order', 'nominal', 'return'] },
    { key: 'eventId', type: 'ref', source: 'events', optional: true },
    sortnum,
    { key: 'required', type: 'boolean' },
  ],
  rules: [
    { key: 'name', type: 'localized', required: true },
    { key: 'body', type: 'html' },
    { key: 'url', type: 'localizedUrl' },
    { key: 'slug', type: 'text', hint: true },
    sortnum,
  ],
  zones: [
    { key: 'name', type: 'localized', required: true },
    { key: 'levelName', type: 'localized' },
    { key: 'description', type: 'localized' },
    { key: 'color', type: 'color' },
  ],
};

/** A new entry of the kind with the catalog file's defaults, its id a stand-in the server replaces. */
export function blankEntry(
  kind: SimpleEntryKind,
  first: { kindId?: number | undefined; mainMenuId?: number | undefined },
): Record<string, unknown> {
  const name = { ru: '' };
  switch (kind) {
    case 'kinds':
      return { id: -1, name, typeId: 1, sortnum: 0, columnCount: 3, rowCount: 100, showFilterCalendar: true, showAttribute: true };
    case 'mainMenus':
      return { id: -1, name, kindId: first.kindId ?? 1, sortnum: 0, showImage: false };
    case 'subMenus':
      return { id: -1, name, mainMenuId: first.mainMenuId ?? 1, sortnum: 0 };
    case 'venues':
      return { id: -1, name, address: { ru: '' }, mapUrl: '' };
    case 'tags':
      return { id: -1, name };
    case 'checkboxes':
      return { id: -1, name, url: {}, scope: 'order', sortnum: 0, required: false };
    case 'rules':
      return { id: -1, name, body: {}, url: {}, slug: '', sortnum: 0 };
    case 'zones':
      return { id: -1, name, levelName: {}, description: {}, color: '#7a5af8' };
  }
}

export const entriesQuery = (kind: SimpleEntryKind) => ({
  queryKey: ['admin', 'catalog', 'entries', kind],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`/api/admin/catalog/entries/${kind}`, entryListResponse, { signal }),
});
