import type { AfishaEvent, AfishaResponse, KindMenuEntry } from './afisha.ts';

/*
 * The listing's order (zod-free: the listing renders at boot), shared by the web listing
 * (web/features/afisha/model/listing.ts) and the server, which preloads the image of the card
 * the listing shows first (server/spa-first-answer.ts).
 */

/** The kinds of the top menu in their order: the venue's sort number, then id. */
export function sortKinds<K extends Pick<KindMenuEntry, 'menukindsortnum' | 'menukind_id'>>(kinds: readonly K[]): K[] {
  return [...kinds].sort((a, b) => a.menukindsortnum - b.menukindsortnum || a.menukind_id - b.menukind_id);
}

type OrderedEvent = Pick<AfishaEvent, 'notimes' | 'submenu_id' | 'eventsotrnum' | 'event_id'>;

/**
 * How the events of one kind are ordered: with setup menu_first_notimes whole-day tickets first;
 * within a menu (`menuId`) by sub-menu; then the venue's sort number, then id.
 */
export function eventOrder(
  answer: { sub_menu: AfishaResponse['sub_menu']; setup: Pick<AfishaResponse['setup'], 'menu_first_notimes'> },
  menuId: number | undefined,
) {
  const subOrder = new Map(answer.sub_menu.map((s) => [s.submenu_id, s.submenusortnum]));
  const notimesFirst = answer.setup.menu_first_notimes === 1;
  return (a: OrderedEvent, b: OrderedEvent): number => {
    if (notimesFirst && a.notimes !== b.notimes) return b.notimes - a.notimes;
    if (menuId !== undefined) {
      const sa = a.submenu_id === null ? -Infinity : (subOrder.get(a.submenu_id) ?? 0);
      const sb = b.submenu_id === null ? -Infinity : (subOrder.get(b.submenu_id) ?? 0);
      if (sa !== sb) return sa - sb;
    }
    return a.eventsotrnum - b.eventsotrnum || a.event_id - b.event_id;
  };
}
