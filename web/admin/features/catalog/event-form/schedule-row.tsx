import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EventFormApi, FieldHelper } from './model.ts';
import { RemoveRowButton } from './row-list.tsx';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One recurring schedule: dates, weekdays, times and exception dates as text the member types. */
export function ScheduleRow({
  index,
  form,
  field,
  onRemove,
}: {
  index: number;
  form: EventFormApi;
  field: FieldHelper;
  onRemove: () => void;
}) {
  const { t } = useTranslation('admin-catalog');
  const { register, control } = form;
  const base = `recurrences.${index}` as const;
  const from = field(`${base}.from`);
  const to = field(`${base}.to`);
  const times = field(`${base}.times`);
  const weekdays = field(`${base}.weekdays`);
  const cap = field(`${base}.capacity`);
  const listOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
  return (
    <div className="admin-catalog__row" role="group" aria-label={t('form.scheduleN', { n: index + 1 })}>
      <div className="admin-field">
        <label htmlFor={from.attrs.id}>{t('form.from')}</label>
        <input {...from.attrs} type="date" {...register(`${base}.from`)} />
        {from.message}
      </div>
      <div className="admin-field">
        <label htmlFor={to.attrs.id}>{t('form.to')}</label>
        <input {...to.attrs} type="date" {...register(`${base}.to`)} />
        {to.message}
      </div>
      <Controller
        control={control}
        name={`${base}.weekdays`}
        render={({ field: c }) => (
          <fieldset className="admin-catalog__weekdays" aria-describedby={weekdays.attrs['aria-describedby']}>
            <legend>{t('form.weekdays')}</legend>
            {WEEKDAYS.map((d) => (
              <label key={d} className="admin-check">
                <input
                  type="checkbox"
                  checked={(c.value ?? []).includes(d)}
                  onChange={(e) =>
                    c.onChange(e.currentTarget.checked ? [...(c.value ?? []), d].sort() : (c.value ?? []).filter((x) => x !== d))
                  }
                />{' '}
                {t(`form.weekday.${d}`)}
              </label>
            ))}
            {weekdays.message}
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name={`${base}.times`}
        render={({ field: c }) => (
          <div className="admin-field">
            <label htmlFor={times.attrs.id}>{t('form.times')}</label>
            <input
              {...times.attrs}
              defaultValue={(c.value ?? []).join(', ')}
              onChange={(e) => c.onChange(listOf(e.currentTarget.value))}
              placeholder="10:00, 15:30"
            />
            {times.message}
          </div>
        )}
      />
      <Controller
        control={control}
        name={`${base}.except`}
        render={({ field: c }) => (
          <div className="admin-field">
            <label htmlFor={`${from.attrs.id}-except`}>{t('form.except')}</label>
            <input
              id={`${from.attrs.id}-except`}
              defaultValue={(c.value ?? []).join(', ')}
              onChange={(e) => c.onChange(listOf(e.currentTarget.value))}
              placeholder="2026-12-31"
            />
          </div>
        )}
      />
      <div className="admin-field">
        <label htmlFor={cap.attrs.id}>{t('form.capacity')}</label>
        <input
          {...cap.attrs}
          type="number"
          inputMode="numeric"
          min={0}
          {...register(`${base}.capacity`, { setValueAs: (v: unknown) => (v === '' ? undefined : Number(v)) })}
        />
        {cap.message}
      </div>
      <RemoveRowButton onRemove={onRemove} />
    </div>
  );
}
