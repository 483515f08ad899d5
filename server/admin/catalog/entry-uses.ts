import type { Lang } from '../../../contract/lang.ts';
import { serverText } from '../../locales/texts.ts';

/** What may still use a catalog entry that a manager wants to delete. */
export const ENTRY_USERS = ['events', 'mainMenus', 'subMenus', 'halls', 'checkboxes', 'orders', 'setup'] as const;
export type EntryUser = (typeof ENTRY_USERS)[number];
export type EntryUse = { what: EntryUser; count: number; names: string[] };

/** Enough names to recognise the users by; the count says how many there are in all. */
export const ENTRY_USE_NAMES = 5;

/** '3 события: «Экскурсия», «Концерт»; 1 зал: «Большой»': what uses an entry, for the refusal of its deletion. */
export function entryUsesText(uses: readonly EntryUse[], lang: Lang): string {
  return uses
    .filter((u) => u.count > 0)
    .map((u) => {
      // The storefront setup is one: named without a number.
      if (u.what === 'setup') return serverText('adminEntryUses', 'setup', lang);
      const use = serverText('adminEntryUses', u.what, lang, { count: u.count });
      const shown = u.names.slice(0, ENTRY_USE_NAMES).map((name) => serverText('adminEntryUses', 'quoted', lang, { name }));
      if (shown.length === 0) return use;
      if (u.count > shown.length) shown.push(serverText('adminEntryUses', 'more', lang));
      return serverText('adminEntryUses', 'named', lang, { use, names: shown.join(serverText('adminEntryUses', 'nameSeparator', lang)) });
    })
    .join(serverText('adminEntryUses', 'useSeparator', lang));
}
