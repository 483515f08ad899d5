import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../contract/lang.ts';
import type { CalendarEntry } from '../../../../contract/event.ts';
import { scrollBehavior } from '../../../lib/motion.ts';
import { useChosenInView } from '../../../lib/use-chosen-in-view.ts';
import { dayParts } from '../lib/format.ts';

type Props = {
  days: string[];
  times: CalendarEntry[];
  day: string | undefined;
  calendarId: number | undefined;
  showQuant: boolean;
  priceLimit: number;
  lang: Lang;
  onDay: (day: string) => void;
  onTime: (entry: CalendarEntry) => void;
};

/** The date slider (a single date shows as text) and the time list of the chosen date. */
export function DateTimePicker({ days, times, day, calendarId, showQuant, priceLimit, lang, onDay, onTime }: Props) {
  const { t } = useTranslation('event');
  const track = useRef<HTMLDivElement>(null);
  const fullDateId = useId();
  useChosenInView(track, day);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: scrollBehavior() });

  return (
    <section className="event-when">
      {days.length === 1 && days[0] ? (
        <p className="event-when__single">{t('date.single', { date: dayParts(days[0], lang).full })}</p>
      ) : (
        <div className="event-dates per-view" role="group" aria-label={t('date.legend')}>
          <button type="button" className="event-dates__arrow" aria-label={t('date.prev')} onClick={() => scroll(-1)}>
            ‹
          </button>
          <div className="event-dates__track" ref={track}>
            {days.map((d, index) => {
              const parts = dayParts(d, lang);
              // Named by what it shows (WCAG 2.5.3); the whole date, with the year, is its description.
              return (
                <button
                  key={d}
                  type="button"
                  className="choice event-dates__day per-view__slide"
                  aria-pressed={d === day}
                  aria-describedby={`${fullDateId}-${index}`}
                  onClick={() => onDay(d)}
                >
                  <span className="event-dates__weekday">{parts.weekday}</span> <span className="event-dates__date">{parts.date}</span>
                  <span id={`${fullDateId}-${index}`} hidden>
                    {parts.full}
                  </span>
                </button>
              );
            })}
          </div>
          <button type="button" className="event-dates__arrow" aria-label={t('date.next')} onClick={() => scroll(1)}>
            ›
          </button>
        </div>
      )}
      {day === undefined && days.length > 1 && <p className="event-times__hint">{t('date.legend')}</p>}
      {day !== undefined && times.length > 0 && (
        <div className="event-times" role="group" aria-label={t('time.legend')}>
          {calendarId === undefined && <p className="event-times__hint">{t('time.choose')}</p>}
          <div className="event-times__list">
            {times.map((entry) => {
              const label = entry.event_time === '00:00' ? t('time.wholeDay') : entry.event_time;
              const left = showQuant && entry.quant < priceLimit ? t('time.left', { count: entry.quant }) : '';
              return (
                <button
                  key={entry.calendar_id}
                  type="button"
                  className="choice event-times__time"
                  aria-pressed={entry.calendar_id === calendarId}
                  disabled={entry.quant <= 0}
                  onClick={() => onTime(entry)}
                >
                  <span>{label}</span>
                  {left && <span className="event-times__left">{left}</span>}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}
