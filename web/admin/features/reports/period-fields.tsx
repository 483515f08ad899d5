import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { monthStart, venueDay } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import type { useFieldError } from '../../components/field-errors.tsx';

/** The current month up to today, on the venue's calendar: what a report is usually asked for. */
export function defaultPeriod(timeZone: string): { from: string; to: string } {
  const today = venueDay(timeZone);
  return { from: monthStart(today), to: today };
}

export type Period = { from: string; to: string };

/** A report's period from the address (so a report can be reloaded and shared), else the default; and the address's other parameters. */
export function useReportPeriod() {
  const venue = useVenue();
  const [params, setParams] = useSearchParams();
  const initial = defaultPeriod(venue.timeZone);
  return { from: params.get('from') ?? initial.from, to: params.get('to') ?? initial.to, params, setParams };
}

/** The report forms' two days of the period, each with the server's refusal shown under it. */
export function PeriodFields({
  id,
  value,
  onChange,
  fieldError,
}: {
  id: string;
  value: Period;
  onChange: (period: Period) => void;
  fieldError: ReturnType<typeof useFieldError>;
}) {
  const { t } = useTranslation('admin-reports');
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <div className="admin-field" key={end}>
          <label htmlFor={`${id}-${end}`}>{t(end)}</label>
          <input
            id={`${id}-${end}`}
            type="date"
            value={value[end]}
            onChange={(e) => onChange({ ...value, [end]: e.currentTarget.value })}
            {...fieldError.attrs(end)}
          />
          {fieldError.message(end)}
        </div>
      ))}
    </>
  );
}
