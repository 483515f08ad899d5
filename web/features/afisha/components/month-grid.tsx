import type { ReactNode } from 'react';
import type { Lang } from '../../../../contract/lang.ts';
import { formatMonth, monthWeeks, weekdayNames } from '../model/format.ts';

/** One month as a table of weeks; the caller renders each day's cell content. */
export function MonthGrid({ month, lang, renderDay }: { month: string; lang: Lang; renderDay: (day: string) => ReactNode }) {
  const weekdays = weekdayNames(lang);
  return (
    <table className="month-grid">
      <caption className="month-grid__caption">{formatMonth(month, lang)}</caption>
      <thead>
        <tr>
          {weekdays.map((w) => (
            <th key={w.long} scope="col" abbr={w.long}>
              {w.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month, lang).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, i) => (
              <td key={day || `pad-${i}`}>{day ? renderDay(day) : null}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Previous and next month buttons around a grid, limited to the months that have days. */
export function MonthNav({
  month,
  months,
  onChange,
  labels,
}: {
  month: string;
  months: string[];
  onChange: (month: string) => void;
  labels: { prev: string; next: string };
}) {
  const index = months.indexOf(month);
  if (months.length < 2) return null;
  return (
    <div className="month-nav">
      <button
        type="button"
        className="month-nav__button"
        aria-label={labels.prev}
        disabled={index <= 0}
        onClick={() => onChange(months[index - 1] ?? month)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="month-nav__button"
        aria-label={labels.next}
        disabled={index >= months.length - 1}
        onClick={() => onChange(months[index + 1] ?? month)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
