import type { MainMenuEntry } from '../../../../contract/afisha.ts';
import { EMPTY_FILTERS } from './listing.ts';
import type { StoredListing } from './stored-filters.ts';

/** The listing's place named by the URL: id a kind (top menu), sid a menu of the carousel. */
export type UrlPlace = { id: number | undefined; sid: number | undefined };

/**
 * Where the listing starts, from the URL and what the visitor left in storage. A sid picks its
 * menu and that menu's own kind, so a link with a sid alone lands on it; a sid is the more
 * specific of the two, so it also wins over an id of another kind (a link made before the menu
 * moved, or a mistyped id). An id alone picks a kind with all its menus. A sid the catalog does
 * not know is ignored. Another kind than the stored one means the top menu changed, so the
 * filters start empty; with nothing in the URL the visitor finds the listing as they left it.
 */
export function startListing(
  stored: StoredListing,
  url: UrlPlace,
  menus: readonly Pick<MainMenuEntry, 'mainmenu_id' | 'menukind_id'>[],
): StoredListing {
  const menu = url.sid === undefined ? undefined : menus.find((m) => m.mainmenu_id === url.sid);
  const kindId = menu?.menukind_id ?? url.id;
  if (kindId === undefined) return stored;
  const menuId = menu?.mainmenu_id;
  if (kindId !== stored.kindId) return { kindId, menuId, filters: EMPTY_FILTERS, pages: 1 };
  return { ...stored, menuId, pages: menuId === stored.menuId ? stored.pages : 1 };
}
