import { AFISHA } from '../../../../contract/afisha-constants.ts';
import { eventOrder, sortKinds } from '../../../../contract/afisha-order.ts';
import type { AfishaEvent, AfishaResponse, CalendarEntry, KindMenuEntry, MainMenuEntry } from '../../../../contract/afisha.ts';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';

/** What the visitor narrowed the listing to; every field combines with the others (AND). */
export type Filters = {
  search: string;
  /** yyyy-mm-dd, inclusive; '' when open. */
  from: string;
  to: string;
  /** Tag ids; an event matches when it has any of them. */
  tags: number[];
  inStock: boolean;
};

export const EMPTY_FILTERS: Filters = { search: '', from: '', to: '', tags: [], inStock: false };

export function hasFilters(filters: Filters): boolean {
  return filters.search.trim() !== '' || filters.from !== '' || filters.to !== '' || filters.tags.length > 0 || filters.inStock;
}

/**
 * How many filters sit behind the phone's 'Фильтры' fold: the date range counts once, each tag
 * once, in-stock once. The search is not folded (it stays in sight), so it is not counted.
 */
export function foldedFilterCount(filters: Filters): number {
  return (filters.from !== '' || filters.to !== '' ? 1 : 0) + filters.tags.length + (filters.inStock ? 1 : 0);
}

/** The listing's indexes, built once per answer. */
export type Catalog = {
  answer: AfishaResponse;
  kinds: KindMenuEntry[];
  daysByEvent: Map<number, CalendarEntry[]>;
  tagsByEvent: Map<number, number[]>;
  venueById: Map<number, AfishaResponse['venues'][number]>;
};

export function indexCatalog(answer: AfishaResponse): Catalog {
  const daysByEvent = new Map<number, CalendarEntry[]>();
  for (const day of answer.calendar) {
    const list = daysByEvent.get(day.event_id) ?? [];
    list.push(day);
    daysByEvent.set(day.event_id, list);
  }
  const tagsByEvent = new Map<number, number[]>();
  for (const link of answer.event_tags) {
    const list = tagsByEvent.get(link.event_id) ?? [];
    list.push(link.attr_id);
    tagsByEvent.set(link.event_id, list);
  }
  const kinds = sortKinds(answer.kind_menu);
  return { answer, kinds, daysByEvent, tagsByEvent, venueById: new Map(answer.venues.map((v) => [v.seatroot_id, v])) };
}

/** Lower-case text without accents and with ё as е, so 'елка' finds 'Ёлка'. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replaceAll('ё', 'е').replaceAll('Ё', 'Е').toLowerCase();
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, ' ');

/** Whether an event's name, description or venue holds every word of the search. */
function matchesSearch(catalog: Catalog, event: AfishaEvent, search: string, lang: Lang): boolean {
  const words = normalizeText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const venue = catalog.venueById.get(event.seatroot_id);
  const haystack = normalizeText(
    [
      pickLocalized(event.name, lang),
      stripTags(pickLocalized(event.descript, lang)),
      venue ? pickLocalized(venue.name, lang) : '',
      venue ? pickLocalized(venue.address, lang) : '',
    ].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

function matchesDates(catalog: Catalog, event: AfishaEvent, from: string, to: string): boolean {
  if (!from && !to) return true;
  return (catalog.daysByEvent.get(event.event_id) ?? []).some((d) => (!from || d.day >= from) && (!to || d.day <= to));
}

/**
 * Each chosen tag narrows the listing, as every other filter does: an event matches when it
 * carries all of them ('Детям' and 'Пушкинская карта': what a child can visit with the card).
 */
function matchesTags(catalog: Catalog, event: AfishaEvent, tags: readonly number[]): boolean {
  if (tags.length === 0) return true;
  const own = catalog.tagsByEvent.get(event.event_id) ?? [];
  return tags.every((tag) => own.includes(tag));
}

export function isInStock(event: AfishaEvent): boolean {
  return event.totalticketcount > 0;
}

export type Selection = { kindId: number | undefined; menuId: number | undefined };

/** The kind shown: the chosen one if it exists, else the first. */
export function currentKind(catalog: Catalog, kindId: number | undefined): KindMenuEntry | undefined {
  return catalog.kinds.find((k) => k.menukind_id === kindId) ?? catalog.kinds[0];
}

/**
 * The menus of the carousel for a kind: only those with events, and with tags chosen only
 * those with events carrying them all.
 */
export function visibleMenus(catalog: Catalog, kindId: number, tags: readonly number[]): MainMenuEntry[] {
  const events = catalog.answer.action.filter((e) => e.menukind_id === kindId && matchesTags(catalog, e, tags));
  const withEvents = new Set(events.map((e) => e.mainmenu_id));
  return catalog.answer.main_menu
    .filter((m) => m.menukind_id === kindId && withEvents.has(m.mainmenu_id))
    .sort((a, b) => a.mainmenusortnum - b.mainmenusortnum || a.mainmenu_id - b.mainmenu_id);
}

/** The tags worth offering as chips for a kind: those its events carry. */
export function kindTags(catalog: Catalog, kindId: number) {
  const used = new Set(
    catalog.answer.action.filter((e) => e.menukind_id === kindId).flatMap((e) => catalog.tagsByEvent.get(e.event_id) ?? []),
  );
  return catalog.answer.list_tags.filter((tag) => used.has(tag.attr_id));
}

/**
 * The events of the listing in their order: the kind, the menu (undefined: all of the kind),
 * then every filter. Ordered by sub-menu, then the venue's sort number; with setup
 * menu_first_notimes whole-day tickets come first.
 */
export function selectEvents(
  catalog: Catalog,
  selection: { kindId: number; menuId: number | undefined },
  filters: Filters,
  lang: Lang,
): AfishaEvent[] {
  return catalog.answer.action
    .filter(
      (e) =>
        e.menukind_id === selection.kindId &&
        (selection.menuId === undefined || e.mainmenu_id === selection.menuId) &&
        matchesTags(catalog, e, filters.tags) &&
        matchesDates(catalog, e, filters.from, filters.to) &&
        (!filters.inStock || isInStock(e)) &&
        matchesSearch(catalog, e, filters.search, lang),
    )
    .sort(eventOrder(catalog.answer, selection.menuId));
}

/**
 * The other kinds where the search alone finds events, in the top menu's order, with how many:
 * what the empty listing offers when the chosen kind has no match. Only the search counts, since
 * the other filters belong to a kind and are reset by changing it.
 */
export function searchMatchesInOtherKinds(
  catalog: Catalog,
  kindId: number,
  search: string,
  lang: Lang,
): { kind: KindMenuEntry; count: number }[] {
  if (search.trim() === '') return [];
  const counts = new Map<number, number>();
  for (const event of catalog.answer.action) {
    if (event.menukind_id !== kindId && matchesSearch(catalog, event, search, lang))
      counts.set(event.menukind_id, (counts.get(event.menukind_id) ?? 0) + 1);
  }
  return catalog.kinds.flatMap((kind) => {
    const count = counts.get(kind.menukind_id) ?? 0;
    return count > 0 ? [{ kind, count }] : [];
  });
}

/** Whether the top menu shows: with more than one kind, or when setup topmenu forces it. */
export function showsTopMenu(catalog: Catalog): boolean {
  return catalog.kinds.length > 1 || catalog.answer.setup.topmenu === 1;
}

/** Events per page: the kind's menurowcount, else 100. */
export function perPage(kind: KindMenuEntry | undefined): number {
  return kind && kind.menurowcount > 0 ? kind.menurowcount : AFISHA.perPage;
}

/** The 'Load next N of M' numbers: N the next page, M all not shown yet. */
export function nextPage(total: number, shown: number, size: number): { next: number; rest: number } {
  const rest = Math.max(0, total - shown);
  return { next: Math.min(size, rest), rest };
}

/** The days of an event inside the date filter, first and last, for the card's range. */
export function dateRange(days: readonly CalendarEntry[]): { first: string; last: string } | undefined {
  if (days.length === 0) return undefined;
  const sorted = days.map((d) => d.day).sort();
  return { first: sorted[0] ?? '', last: sorted[sorted.length - 1] ?? '' };
}

/** The distinct times of an event's sessions, '00:00' (no time) left out. */
export function sessionTimes(days: readonly CalendarEntry[]): string[] {
  const times = new Set<string>();
  for (const day of days) for (const slot of day._time) if (slot.eventtime !== AFISHA.noTime) times.add(slot.eventtime);
  return [...times].sort();
}
