import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { KindMenuEntry, TagEntry } from '../../../../contract/afisha.ts';
import type { Lang } from '../../../../contract/lang.ts';
import { type Filters, hasFilters } from '../model/listing.ts';
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

/** Search, dates (for kinds with showfiltercalendar), tags (showattribute), in-stock, reset. */
export function FiltersBar({ kind, filters, tags, days, lang, onChange, onToggleTag, onReset }: Props) {
  const { t } = useTranslation('afisha');
  const stockId = useId();
  return (
    <section className="afisha-filters" aria-label={t('filters')}>
      <div className="afisha-filters__row">
        <SearchBox value={filters.search} onChange={(search) => onChange({ search })} />
        {kind.showfiltercalendar === 1 && (
          <DateRangeFilter days={days} from={filters.from} to={filters.to} lang={lang} onChange={(range) => onChange(range)} />
        )}
        <div className="afisha-stock">
          <input id={stockId} type="checkbox" checked={filters.inStock} onChange={(event) => onChange({ inStock: event.target.checked })} />
          <label htmlFor={stockId}>{t('inStock')}</label>
        </div>
        {hasFilters(filters) && (
          <button type="button" className="afisha-link-button afisha-filters__reset" onClick={onReset}>
            {t('reset')}
          </button>
        )}
      </div>
      {kind.showattribute === 1 && tags.length > 0 && <TagChips tags={tags} selected={filters.tags} lang={lang} onToggle={onToggleTag} />}
    </section>
  );
}
