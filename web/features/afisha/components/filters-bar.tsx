import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KindMenuEntry, TagEntry } from '../../../../contract/afisha.ts';
import type { Lang } from '../../../../contract/lang.ts';
import { type Filters, foldedFilterCount, hasFilters } from '../model/listing.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
import { SearchBox } from './search-box.tsx';
import { TagChips } from './tag-chips.tsx';

type Props = {
  kind: KindMenuEntry;
  filters: Filters;
  tags: TagEntry[];
  days: string[];
  lang: Lang;
  onChange: (change: Partial<Filters>) => void;
  onToggleTag: (id: number) => void;
  onReset: () => void;
};

/**
 * Search, dates (for kinds with showfiltercalendar), tags (showattribute), in-stock, reset.
 * On a phone everything but the search folds behind a 'Фильтры (N)' disclosure button, so the
 * first event card is on the first screen; from 600 px the fold is laid out inline (CSS) and the
 * button is not shown. The fold is open or closed by the visitor only, never by a filter change.
 */
export function FiltersBar({ kind, filters, tags, days, lang, onChange, onToggleTag, onReset }: Props) {
  const { t } = useTranslation('afisha');
  const stockId = useId();
  const foldId = useId();
  const [open, setOpen] = useState(false);
  const active = foldedFilterCount(filters);
  return (
    <section className="afisha-filters" aria-label={t('filters')}>
      <div className="afisha-filters__row">
        <SearchBox value={filters.search} onChange={(search) => onChange({ search })} />
        <button
          type="button"
          className="afisha-filter-button afisha-filters__toggle"
          aria-expanded={open}
          aria-controls={foldId}
          aria-label={active > 0 ? t('filtersActive', { count: active }) : t('filters')}
          onClick={() => setOpen((value) => !value)}
        >
          {t('filters')}
          {/* Its room is kept while empty, so setting the first filter does not move the row. */}
          <span className="afisha-filters__count" aria-hidden="true" data-empty={active === 0 ? '' : undefined}>
            {active > 0 ? active : ''}
          </span>
        </button>
        <div id={foldId} className={open ? 'afisha-filters__fold afisha-filters__fold--open' : 'afisha-filters__fold'}>
          {kind.showfiltercalendar === 1 && (
            <DateRangeFilter days={days} from={filters.from} to={filters.to} lang={lang} onChange={(range) => onChange(range)} />
          )}
          <div className="afisha-stock">
            <input
              id={stockId}
              type="checkbox"
              checked={filters.inStock}
              onChange={(event) => onChange({ inStock: event.target.checked })}
            />
            <label htmlFor={stockId}>{t('inStock')}</label>
          </div>
          <ResetButton active={hasFilters(filters)} onReset={onReset} />
          {kind.showattribute === 1 && tags.length > 0 && (
            <TagChips tags={tags} selected={filters.tags} lang={lang} onToggle={onToggleTag} />
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * Always in the bar, so choosing the first filter does not move the row (layout shift at 320 px).
 * With nothing to reset it is disabled: aria-disabled (still read out, so the visitor knows it is
 * there), out of the Tab order and muted. Not the `disabled` attribute: the button that was just
 * used keeps the focus when the reset turns it off, instead of dropping it to the page's body.
 */
function ResetButton({ active, onReset }: { active: boolean; onReset: () => void }) {
  const { t } = useTranslation('afisha');
  return (
    <button
      type="button"
      className="afisha-link-button afisha-filters__reset"
      aria-disabled={active ? undefined : true}
      tabIndex={active ? undefined : -1}
      onClick={active ? onReset : undefined}
    >
      {t('reset')}
    </button>
  );
}
