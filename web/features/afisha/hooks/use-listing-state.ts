import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { AFISHA } from '../../../../contract/afisha-constants.ts';
import { rememberListingSelection } from '../../../lib/listing-selection.ts';
import type { MainMenuEntry } from '../../../../contract/afisha.ts';
import { type Catalog, EMPTY_FILTERS, type Filters, currentKind, visibleMenus } from '../model/listing.ts';
import { startListing } from '../model/start-listing.ts';
import { type StoredListing, clearListing, loadListing, saveListing } from '../model/stored-filters.ts';

const toId = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : undefined);

/** Where the listing starts: reset=1 forgets everything, then the URL's id and sid (startListing). */
export function initialListing(params: URLSearchParams, now: number, lifetime: number, menus: readonly MainMenuEntry[]): StoredListing {
  if (params.get('reset') === AFISHA.resetFlag) clearListing();
  return startListing(loadListing(now, lifetime), { id: toId(params.get('id')), sid: toId(params.get('sid')) }, menus);
}

/** The listing's state: kind, menu, filters and pages, kept in storage and in the URL. */
export function useListingState(catalog: Catalog) {
  const [params, setParams] = useSearchParams();
  const lifetime = catalog.answer.setup.lifetime_storage || AFISHA.lifetimeStorage;
  const [state, setState] = useState<StoredListing>(() => initialListing(params, Date.now(), lifetime, catalog.answer.main_menu));

  const kind = currentKind(catalog, state.kindId);
  const kindId = kind?.menukind_id;
  const menus = useMemo(
    () => (kindId === undefined ? [] : visibleMenus(catalog, kindId, state.filters.tags)),
    [catalog, kindId, state.filters.tags],
  );
  const kindMenuCount = useMemo(() => (kindId === undefined ? 0 : visibleMenus(catalog, kindId, []).length), [catalog, kindId]);
  // A menu the tag filter hid (or one that no longer exists) falls back to all of the kind.
  const menuId = menus.some((m) => m.mainmenu_id === state.menuId) ? state.menuId : undefined;

  useEffect(() => {
    saveListing(state, Date.now());
  }, [state]);

  // The URL says where the visitor is (id, sid), so a reload or a shared link lands there too.
  // A visitor who chose nothing keeps the plain URL.
  const chosenKind = state.kindId === undefined ? undefined : kindId;
  useEffect(() => {
    const id = chosenKind === undefined ? undefined : String(chosenKind);
    const sid = menuId === undefined ? undefined : String(menuId);
    rememberListingSelection({ id, sid });
    const next = new URLSearchParams(params);
    next.delete('reset');
    if (id === undefined) next.delete('id');
    else next.set('id', id);
    if (sid === undefined) next.delete('sid');
    else next.set('sid', sid);
    // Navigate only when something changed: a needless replace could race the language switcher.
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [chosenKind, menuId, params, setParams]);

  const setFilters = useCallback((change: Partial<Filters>) => {
    setState((s) => ({ ...s, filters: { ...s.filters, ...change }, pages: 1 }));
  }, []);

  return {
    kind,
    menus,
    /** Menus of the kind before any tag narrows them: the carousel shows when there are several. */
    kindMenuCount,
    menuId,
    filters: state.filters,
    pages: state.pages,
    /** Changing the top menu resets the filters. */
    selectKind: useCallback(
      (id: number) => {
        if (id !== kindId) setState({ kindId: id, menuId: undefined, filters: EMPTY_FILTERS, pages: 1 });
      },
      [kindId],
    ),
    /** Another kind with the search kept (its other filters reset, as a change of kind does). */
    searchInKind: useCallback(
      (id: number) =>
        setState((s) => ({ kindId: id, menuId: undefined, filters: { ...EMPTY_FILTERS, search: s.filters.search }, pages: 1 })),
      [],
    ),
    selectMenu: useCallback((id: number | undefined) => setState((s) => ({ ...s, menuId: id, pages: 1 })), []),
    setFilters,
    toggleTag: useCallback(
      (tag: number) =>
        setState((s) => {
          const tags = s.filters.tags.includes(tag) ? s.filters.tags.filter((t) => t !== tag) : [...s.filters.tags, tag];
          return { ...s, filters: { ...s.filters, tags }, pages: 1 };
        }),
      [],
    ),
    resetFilters: useCallback(() => setState((s) => ({ ...s, filters: EMPTY_FILTERS, pages: 1 })), []),
    loadMore: useCallback(() => setState((s) => ({ ...s, pages: s.pages + 1 })), []),
  };
}
export type ListingState = ReturnType<typeof useListingState>;
