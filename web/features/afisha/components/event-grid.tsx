import { type CSSProperties, type ComponentProps, Fragment, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AFISHA } from '../../../../contract/afisha-constants.ts';
import type { AfishaEvent } from '../../../../contract/afisha.ts';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import type { Setup } from '../../../../contract/setup.ts';
import type { Paths } from '../../../app/paths.ts';
import { type Catalog, nextPage } from '../model/listing.ts';
import { CardSkeleton } from './afisha-skeleton.tsx';
import { EventCard, cardFlags } from './event-card.tsx';

/** The first cards are in view on arrival (one to four columns): their images load at once, the rest lazily. */
const EAGER_IMAGES = 4;

/**
 * The first render builds the first row of cards (one card on a phone, up to four on a wide
 * screen); the rest follow a row at a time, each after a yield to the browser, so no task builds
 * more than a row (long tasks at boot; Lighthouse counts every task over 50 ms of a
 * phone's main thread). Rows are added below what shows, so nothing shifts. "Load more" renders
 * its cards at once.
 */
const firstCards = (columns: number) => columns;
const cardsPerTask = (columns: number) => columns;

/** The columns the grid shows at this width (afisha.css: one, up to two from 600 px, all from 960 px). */
function shownColumns(columns: number): number {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return columns;
  if (window.matchMedia('(min-width: 960px)').matches) return columns;
  return window.matchMedia('(min-width: 600px)').matches ? Math.min(columns, 2) : 1;
}

/** What the grid gives a card: the card's own props, less those worked out here from the catalog. */
type CardProps = Omit<ComponentProps<typeof EventCard>, 'days' | 'tags' | 'venue' | 'flags'> & {
  catalog: Catalog;
  subscriptionKind: boolean;
};

/**
 * One card of the grid, drawn again only when its own props change: the grid re-renders for each
 * row it adds (and for 'load more'), and without this every card above was worked out again each
 * time, so the n-th row cost n rows (the rows' tasks after the first paint).
 */
const GridCard = memo(function GridCard({ catalog, subscriptionKind, ...card }: CardProps) {
  const { event, setup } = card;
  const tags = useMemo(
    () => (catalog.tagsByEvent.get(event.event_id) ?? []).flatMap((id) => catalog.answer.list_tags.filter((tag) => tag.attr_id === id)),
    [catalog, event.event_id],
  );
  return (
    <EventCard
      {...card}
      days={catalog.daysByEvent.get(event.event_id) ?? []}
      tags={tags}
      venue={catalog.venueById.get(event.seatroot_id)}
      flags={cardFlags(setup, subscriptionKind || event.is_subscription === 1)}
    />
  );
});

type Props = {
  catalog: Catalog;
  events: AfishaEvent[];
  pages: number;
  perPage: number;
  columns: number;
  subscriptionKind: boolean;
  showTags: boolean;
  groupBySubMenu: boolean;
  allowedTags: Set<string>;
  setup: Setup;
  paths: Paths;
  lang: Lang;
  onLoadMore: () => void;
};

/** The cards, with sub-menu headings inside a menu, and 'Load next N of M'. */
export function EventGrid({
  catalog,
  events,
  pages,
  perPage,
  columns,
  subscriptionKind,
  showTags,
  groupBySubMenu,
  allowedTags,
  setup,
  paths,
  lang,
  onLoadMore,
}: Props) {
  const { t } = useTranslation('afisha');
  const shownCount = Math.min(events.length, pages * perPage);
  const [renderLimit, setRenderLimit] = useState(() => firstCards(shownColumns(columns)));
  useEffect(() => {
    if (renderLimit >= shownCount) return;
    const next = setTimeout(() => setRenderLimit((limit) => limit + cardsPerTask(shownColumns(columns))), 0);
    return () => clearTimeout(next);
  }, [renderLimit, shownCount, columns]);
  const shown = events.slice(0, Math.min(shownCount, renderLimit));
  const { next, rest } = nextPage(events.length, shownCount, perPage);
  const [loading, setLoading] = useState(false);
  const focusIndex = useRef<number | undefined>(undefined);
  const firstNew = useRef<HTMLElement | null>(null);
  const setFirstNew = useCallback((element: HTMLElement | null) => {
    firstNew.current = element;
  }, []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // After "load more", keyboard focus moves to the first new card.
  useEffect(() => {
    if (focusIndex.current !== undefined && firstNew.current) {
      firstNew.current.focus();
      focusIndex.current = undefined;
    }
  }, [shownCount]);

  const loadMore = () => {
    setLoading(true);
    setRenderLimit(Number.POSITIVE_INFINITY);
    focusIndex.current = shownCount;
    // A short pause with placeholders (the load-more delay) so the new cards arrive visibly.
    timer.current = setTimeout(() => {
      setLoading(false);
      onLoadMore();
    }, AFISHA.loadMoreDelayMs);
  };

  const subMenus = new Map(catalog.answer.sub_menu.map((s) => [s.submenu_id, s]));
  const groups: { key: string; title: string; events: { event: AfishaEvent; index: number }[] }[] = [];
  shown.forEach((event, index) => {
    const sub = groupBySubMenu && event.submenu_id !== null ? subMenus.get(event.submenu_id) : undefined;
    const key = sub ? `s${sub.submenu_id}` : 'none';
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.events.push({ event, index });
    else groups.push({ key, title: sub ? pickLocalized(sub.name, lang) : '', events: [{ event, index }] });
  });

  return (
    <div className="afisha-results">
      {groups.map((group, g) => (
        <Fragment key={`${group.key}-${g}`}>
          {group.title && <h2 className="afisha-results__heading">{group.title}</h2>}
          <ul className="afisha-grid" style={{ '--cols': columns } as CSSProperties}>
            {group.events.map(({ event, index }) => (
              <li key={event.event_id}>
                <GridCard
                  catalog={catalog}
                  event={event}
                  subscriptionKind={subscriptionKind}
                  showTags={showTags}
                  allowedTags={allowedTags}
                  setup={setup}
                  paths={paths}
                  lang={lang}
                  headingLevel={group.title ? 3 : 2}
                  focusRef={index === focusIndex.current ? setFirstNew : undefined}
                  eager={index < EAGER_IMAGES}
                />
              </li>
            ))}
          </ul>
        </Fragment>
      ))}
      {loading && (
        <ul className="afisha-grid" style={{ '--cols': columns } as CSSProperties} aria-hidden="true">
          {Array.from({ length: Math.min(next, columns) }, (_, i) => (
            <li key={i}>
              <CardSkeleton />
            </li>
          ))}
        </ul>
      )}
      {rest > 0 && (
        <div className="afisha-more">
          <button type="button" className="button button--secondary" onClick={loadMore} disabled={loading} aria-busy={loading}>
            {/* 'Показать ещё 2 из 2' read oddly: the last batch just says how many come. */}
            {next >= rest ? t('loadMoreAll', { next }) : t('loadMore', { next, total: rest })}
          </button>
        </div>
      )}
    </div>
  );
}
