import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemeCalendarEntry } from '../../../../contract/scheme.ts';
import { dateTimeFormat } from '../../../lib/intl-cache.ts';
import { toBcp47 } from '../../../../contract/lang.ts';
import { scrollBehavior } from '../../../lib/motion.ts';
import { useChosenInView } from '../../../lib/use-chosen-in-view.ts';
import { useLang } from '../../../lib/use-lang.ts';

export type CalendarDay = { day: string; entries: SchemeCalendarEntry[] };

/** Calendar entries grouped by day, in their order. */
export function groupByDay(calendar: readonly SchemeCalendarEntry[]): CalendarDay[] {
  const days = new Map<string, SchemeCalendarEntry[]>();
  for (const entry of calendar) days.set(entry.event_day, [...(days.get(entry.event_day) ?? []), entry]);
  return [...days].map(([day, entries]) => ({ day, entries }));
}

function dayParts(day: string, lang: ReturnType<typeof useLang>) {
  const [d, m, y] = day.split('.').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  const locale = toBcp47(lang);
  return {
    weekday: dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date),
    day: String(d ?? ''),
    month: dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date),
    full: dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date),
  };
}

/**
 * Builds the picker's date formatters ahead of its first render: the page's first
 * Intl.DateTimeFormat loads the locale's data, better done while the sessions are on their way.
 */
export function warmSessionFormats(lang: ReturnType<typeof useLang>): void {
  dayParts('01.01.2030', lang);
}

type SessionPickerProps = {
  days: CalendarDay[];
  date: string | undefined;
  time: string | undefined;
  /** Remaining counts at or above this are not shown (setup const.price_limit). */
  priceLimit: number;
  onDate: (day: string) => void;
  onTime: (day: string, time: string) => void;
  /**
   * Opens the waiting list of a sold-out time (with the time as the visitor reads it). A sold-out
   * time stays disabled and is never put in the route: the route resets an unavailable time.
   */
  onWaitlist?: (entry: SchemeCalendarEntry, when: string) => void;
};

/** The calendar swiper (weekday, day, month) and the chosen day's times with places left. */
export function SessionPicker({ days, date, time, priceLimit, onDate, onTime, onWaitlist }: SessionPickerProps) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const track = useRef<HTMLUListElement>(null);
  const fullDateId = useId();
  const scroll = (direction: number) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth, behavior: scrollBehavior() });
  const chosen = days.find((d) => d.day === date);
  useChosenInView(track, chosen?.day);
  const whenOf = (day: string, entry: SchemeCalendarEntry) => (entry.event_time === '00:00' ? dayParts(day, lang).full : entry.event_time);
  const soldOut = onWaitlist ? (chosen?.entries.filter((entry) => entry.quant <= 0) ?? []) : [];

  if (days.length === 0) return <p className="scheme-note">{t('calendar.noSessions')}</p>;
  return (
    <section className="sessions" aria-label={t('calendar.dates')}>
      <div className="swiper per-view">
        <button type="button" className="swiper__nav" aria-label={t('calendar.prev')} onClick={() => scroll(-1)}>
          ‹
        </button>
        <ul className="swiper__track" ref={track}>
          {days.map(({ day, entries }, index) => {
            const parts = dayParts(day, lang);
            const single = entries.length === 1 ? entries[0] : undefined;
            // Named by what it shows (WCAG 2.5.3); the whole date is its description.
            return (
              <li key={day} className="swiper__slide per-view__slide">
                <button
                  type="button"
                  className="choice day"
                  aria-pressed={day === date}
                  aria-describedby={`${fullDateId}-${index}`}
                  onClick={() => onDate(day)}
                >
                  <span className="day__weekday">{parts.weekday}</span> <span className="day__number">{parts.day}</span>{' '}
                  <span className="day__month">{parts.month}</span>
                  {single && single.event_time !== '00:00' && (
                    <>
                      {' '}
                      <span className="day__time">{single.event_time}</span>
                    </>
                  )}
                  <span id={`${fullDateId}-${index}`} hidden>
                    {parts.full}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <button type="button" className="swiper__nav" aria-label={t('calendar.next')} onClick={() => scroll(1)}>
          ›
        </button>
      </div>
      {chosen && (
        <div className="times" role="group" aria-label={t('calendar.times')}>
          {chosen.entries.map((entry) => (
            <button
              key={entry.calendar_id}
              type="button"
              className="choice time"
              aria-pressed={entry.event_time === time}
              disabled={entry.quant <= 0}
              onClick={() => onTime(chosen.day, entry.event_time)}
            >
              <span className="time__at">{whenOf(chosen.day, entry)}</span>
              {entry.quant < priceLimit && <span className="time__left">{t('calendar.left', { count: entry.quant })}</span>}
            </button>
          ))}
        </div>
      )}
      {chosen && soldOut.length > 0 && (
        <ul className="times-waitlist">
          {soldOut.map((entry) => {
            const when = whenOf(chosen.day, entry);
            return (
              <li key={entry.calendar_id}>
                <button type="button" className="button button--secondary" onClick={() => onWaitlist?.(entry, when)}>
                  {t('waitlist.notify', { when })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
