import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pickLocalized } from '../../../contract/lang.ts';
import { usePaths } from '../../app/paths.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { allowedTags } from '../../lib/safe-html.tsx';
import { useLang } from '../../lib/use-lang.ts';
import { afishaQueryOptions } from './api/afisha-query.ts';
import { AfishaSkeleton } from './components/afisha-skeleton.tsx';
import { EventGrid } from './components/event-grid.tsx';
import { FiltersBar } from './components/filters-bar.tsx';
import { KindMenu } from './components/kind-menu.tsx';
import { MenuCarousel } from './components/menu-carousel.tsx';
import { useListingState } from './hooks/use-listing-state.ts';
import { readStoredListingEarly } from './model/stored-filters.ts';
import { type Catalog, indexCatalog, kindTags, perPage, searchMatchesInOtherKinds, selectEvents, showsTopMenu } from './model/listing.ts';
import './afisha.css';

/** The event listing on '/'. */
export function AfishaPage() {
  const { t } = useTranslation('afisha');
  const lang = useLang();
  usePageTitle('afisha');
  const query = useQuery(afishaQueryOptions(lang));
  const catalog = useMemo(() => (query.data ? indexCatalog(query.data) : undefined), [query.data]);
  // While the listing's answer is on its way, read the saved filters in a task of their own:
  // the first local-storage access is slow, and it otherwise lands in the listing's first render.
  const waiting = query.isPending;
  useEffect(() => {
    if (!waiting) return;
    const read = setTimeout(readStoredListingEarly, 0);
    return () => clearTimeout(read);
  }, [waiting]);

  if (query.isError && !catalog) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <section className="afisha" aria-labelledby="afisha-heading">
      <h1 id="afisha-heading" className="visually-hidden">
        {t('heading')}
      </h1>
      {catalog ? <Listing catalog={catalog} lang={lang} /> : <AfishaSkeleton />}
    </section>
  );
}

function Listing({ catalog, lang }: { catalog: Catalog; lang: Lang }) {
  const { t } = useTranslation('afisha');
  const state = useListingState(catalog);
  const { kind, menus, menuId, filters } = state;
  const setup = catalog.answer.setup;
  const paths = usePaths();
  const allowed = useMemo(() => allowedTags(setup.description_escaping_tags), [setup.description_escaping_tags]);
  const events = useMemo(
    () => (kind ? selectEvents(catalog, { kindId: kind.menukind_id, menuId }, filters, lang) : []),
    [catalog, kind, menuId, filters, lang],
  );
  const tags = useMemo(() => (kind ? kindTags(catalog, kind.menukind_id) : []), [catalog, kind]);
  const elsewhere = useMemo(
    () => (kind && events.length === 0 ? searchMatchesInOtherKinds(catalog, kind.menukind_id, filters.search, lang) : []),
    [catalog, kind, events.length, filters.search, lang],
  );
  const days = useMemo(() => {
    if (!kind) return [];
    const ids = new Set(catalog.answer.action.filter((e) => e.menukind_id === kind.menukind_id).map((e) => e.event_id));
    return [...new Set(catalog.answer.calendar.filter((c) => ids.has(c.event_id)).map((c) => c.day))].sort();
  }, [catalog, kind]);

  if (!kind) return <p className="afisha-empty">{t('noEvents')}</p>;
  return (
    <>
      {showsTopMenu(catalog) && <KindMenu kinds={catalog.kinds} current={kind.menukind_id} lang={lang} onSelect={state.selectKind} />}
      {(state.kindMenuCount > 1 || menuId !== undefined) && (
        <MenuCarousel menus={menus} current={menuId} lang={lang} onSelect={state.selectMenu} />
      )}
      <FiltersBar
        kind={kind}
        filters={filters}
        tags={tags}
        days={days}
        lang={lang}
        onChange={state.setFilters}
        onToggleTag={state.toggleTag}
        onReset={state.resetFilters}
      />
      <p className="visually-hidden" role="status">
        {t('found', { count: events.length })}
      </p>
      {events.length === 0 ? (
        <div className="afisha-empty">
          <p>{t('noTicketsFound')}</p>
          {elsewhere.length > 0 && (
            <nav className="afisha-elsewhere" aria-labelledby="afisha-elsewhere">
              <h2 id="afisha-elsewhere" className="afisha-elsewhere__title">
                {t('foundElsewhere', { search: filters.search.trim() })}
              </h2>
              <ul className="afisha-elsewhere__list">
                {elsewhere.map(({ kind: other, count }) => (
                  <li key={other.menukind_id}>
                    <a
                      href={paths.afisha({ id: other.menukind_id })}
                      onClick={(event) => {
                        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                        event.preventDefault();
                        state.searchInKind(other.menukind_id);
                      }}
                    >
                      {t('inKind', { kind: pickLocalized(other.menukindname, lang), count })}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <button type="button" className="afisha-link-button" onClick={state.resetFilters}>
            {t('reset')}
          </button>
        </div>
      ) : (
        <EventGrid
          key={`${kind.menukind_id}-${menuId ?? 'all'}`}
          catalog={catalog}
          events={events}
          pages={state.pages}
          perPage={perPage(kind)}
          columns={kind.menucolumncount}
          subscriptionKind={kind.menukindtype_id === 2}
          showTags={kind.showattribute === 1}
          groupBySubMenu={menuId !== undefined}
          allowedTags={allowed}
          setup={setup}
          paths={paths}
          lang={lang}
          onLoadMore={state.loadMore}
        />
      )}
    </>
  );
}
