import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../contract/lang.ts';
import { usePopover } from '../hooks/use-popover.ts';
import { formatDay, formatShortDay } from '../model/format.ts';
import { pickDay } from '../model/date-range.ts';
import { monthsSpanning } from '../model/months.ts';
import { CalendarIcon } from './icons.tsx';
import { MonthGrid, MonthNav } from './month-grid.tsx';

type Props = { days: string[]; from: string; to: string; lang: Lang; onChange: (range: { from: string; to: string }) => void };

/** The date-range calendar of the filters: only days with events can be picked. */
export function DateRangeFilter({ days, from, to, lang, onChange }: Props) {
  const { t } = useTranslation('afisha');
  const popover = usePopover();
  const months = monthsSpanning(days);
  const [month, setMonth] = useState<string | undefined>(undefined);
  const shown =
    month && months.includes(month) ? month : ((from && months.includes(from.slice(0, 7)) ? from.slice(0, 7) : months[0]) ?? '');
  const available = new Set(days);
  const label = from
    ? to && to !== from
      ? `${formatShortDay(from, lang)} – ${formatShortDay(to, lang)}`
      : to
        ? formatShortDay(from, lang)
        : t('dateFrom', { date: formatShortDay(from, lang) })
    : t('dates');

  return (
    <div className="afisha-dates" ref={popover.root}>
      <button type="button" className="afisha-filter-button" {...popover.buttonProps} aria-label={`${t('datesLabel')}: ${label}`}>
        <CalendarIcon /> {label}
      </button>
      <div className="afisha-popover" role="group" aria-label={t('datesLabel')} {...popover.panelProps}>
        {/* The month grid is built only while the panel is open (boot work). */}
        {!popover.open ? null : shown ? (
          <>
            <MonthNav month={shown} months={months} onChange={setMonth} labels={{ prev: t('prevMonth'), next: t('nextMonth') }} />
            <MonthGrid
              month={shown}
              lang={lang}
              renderDay={(day) => {
                const inRange = from !== '' && day >= from && day <= (to || from);
                const d = Number(day.slice(8));
                return (
                  <button
                    type="button"
                    className={`month-grid__day${inRange ? ' month-grid__day--selected' : ''}`}
                    disabled={!available.has(day)}
                    aria-pressed={inRange}
                    aria-label={formatDay(day, lang)}
                    onClick={() => onChange(pickDay({ from, to }, day))}
                  >
                    {d}
                  </button>
                );
              }}
            />
          </>
        ) : (
          <p>{t('noDates')}</p>
        )}
        <div className="afisha-popover__actions">
          {from && (
            <button type="button" className="afisha-link-button" onClick={() => onChange({ from: '', to: '' })}>
              {t('clearDates')}
            </button>
          )}
          <button type="button" className="button button--secondary afisha-popover__done" onClick={() => popover.close()}>
            {t('done')}
          </button>
        </div>
      </div>
    </div>
  );
}
