import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CalendarEntry } from '../../../../contract/afisha.ts';
import type { Lang } from '../../../../contract/lang.ts';
import { usePopover } from '../hooks/use-popover.ts';
import { formatDay } from '../model/format.ts';
import { monthsSpanning } from '../model/months.ts';
import { CalendarIcon } from './icons.tsx';
import { MonthGrid, MonthNav } from './month-grid.tsx';

/** The card's date range with a small calendar whose days link to the event on that date. */
export function MiniCalendar({
  days,
  label,
  lang,
  dayHref,
  eventName,
}: {
  days: CalendarEntry[];
  label: string;
  lang: Lang;
  dayHref: (entry: CalendarEntry) => string;
  eventName: string;
}) {
  const { t } = useTranslation('afisha');
  const popover = usePopover();
  const [month, setMonth] = useState<string | undefined>(undefined);
  // The month grid is built only while the panel is open: every card has one, and building a
  // hidden grid per card was a large part of the listing's first render.
  const byDay = popover.open ? new Map(days.map((d) => [d.day, d])) : undefined;
  const months = byDay ? monthsSpanning([...byDay.keys()]) : [];
  const shown = (month && months.includes(month) ? month : months[0]) ?? '';
  return (
    <div className="afisha-card__dates" ref={popover.root}>
      <button
        type="button"
        className="afisha-card__dates-button"
        {...popover.buttonProps}
        aria-label={t('calendarFor', { name: eventName, dates: label })}
      >
        <CalendarIcon />
        <span>{label}</span>
      </button>
      <div
        className="afisha-popover afisha-popover--card"
        role="group"
        aria-label={t('calendarFor', { name: eventName, dates: label })}
        {...popover.panelProps}
      >
        {shown && (
          <>
            <MonthNav month={shown} months={months} onChange={setMonth} labels={{ prev: t('prevMonth'), next: t('nextMonth') }} />
            <MonthGrid
              month={shown}
              lang={lang}
              renderDay={(day) => {
                const entry = byDay?.get(day);
                const d = Number(day.slice(8));
                return entry ? (
                  <Link to={dayHref(entry)} className="month-grid__day month-grid__day--link" aria-label={formatDay(day, lang)}>
                    {d}
                  </Link>
                ) : (
                  <span className="month-grid__day month-grid__day--off">{d}</span>
                );
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
