import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { meQueryOptions } from '../../../app/session.ts';
import { type CatalogRecurrenceInput, catalogRecurrence, expandRecurrence } from '../../../../../contract/catalog-recurrence.ts';
import { RemoveRowButton, useRowList } from './row-list.tsx';
import { formatSessionTime } from '../events-page.tsx';
import { SessionExtras } from '../event-extra-fields.tsx';
import { ScheduleRow } from './schedule-row.tsx';
import { type SectionProps, fromLocalInput, nextStandIn, optNum, toLocalInput } from './model.ts';

/** The event's sessions, one row each: start, places, rarer settings, cancelled. */
export function SessionsSection({ form, field, idPrefix, sectionId, loaded, event, eventId, timeZone }: SectionProps) {
  const { t } = useTranslation(['admin-catalog', 'admin-sessions']);
  // Moving or cancelling a saved session is its own page, for those allowed to.
  const canChangeSessions = useQuery(meQueryOptions()).data?.permissions.includes('sessions.change') ?? false;
  const { register, control } = form;
  const sessions = useFieldArray({ control, name: 'event.sessions' });
  const { list, add, removeAt } = useRowList<HTMLUListElement>();
  const inUse = loaded?.inUse.sessions ?? [];
  return (
    <fieldset className="admin-card admin-stack" id={sectionId}>
      <legend>{t('form.sessions')}</legend>
      {field('event.sessions').message}
      {sessions.fields.length === 0 ? <p>{t('form.noSessions')}</p> : null}
      <ul className="admin-catalog__rows" ref={list}>
        {sessions.fields.map((row, i) => {
          const sessionId = event?.sessions?.[i]?.id ?? row.id;
          const used = typeof sessionId === 'number' && inUse.includes(sessionId);
          const taken = loaded?.taken[String(sessionId)] ?? 0;
          const at = field(`event.sessions.${i}.startsAt`);
          const cap = field(`event.sessions.${i}.capacity`);
          return (
            <li key={row.id} className="admin-catalog__row" aria-label={t('form.sessionN', { n: i + 1 })}>
              <div className="admin-field">
                <label htmlFor={at.attrs.id}>{t('form.startsAt')}</label>
                <Controller
                  control={control}
                  name={`event.sessions.${i}.startsAt`}
                  render={({ field: c }) => (
                    <input
                      {...at.attrs}
                      type="datetime-local"
                      value={toLocalInput(c.value)}
                      onChange={(e) => c.onChange(fromLocalInput(e.currentTarget.value, timeZone) ?? '')}
                      onBlur={c.onBlur}
                    />
                  )}
                />
                {at.message}
              </div>
              <div className="admin-field">
                <label htmlFor={cap.attrs.id}>{t('form.capacity')}</label>
                <input {...cap.attrs} type="number" inputMode="numeric" min={taken} {...register(`event.sessions.${i}.capacity`, optNum)} />
                {taken > 0 ? <p className="admin-field__hint">{t('form.taken', { n: taken })}</p> : null}
                {cap.message}
              </div>
              <SessionExtras form={form} index={i} idPrefix={idPrefix} />
              <label className="admin-check">
                <input type="checkbox" {...register(`event.sessions.${i}.isCancelled`)} /> {t('form.isCancelled')}
              </label>
              {canChangeSessions && eventId !== null && typeof sessionId === 'number' && sessionId > 0 ? (
                <Link className="admin-button admin-button--plain" href={`/catalog/events/${eventId}/sessions/${sessionId}`}>
                  {t('admin-sessions:open')}
                </Link>
              ) : null}
              <RemoveRowButton
                disabled={used}
                describedBy={used ? `${idPrefix}-used-${row.id}` : undefined}
                onRemove={() => removeAt(i, () => sessions.remove(i))}
              />
              {used ? (
                <p className="admin-field__hint" id={`${idPrefix}-used-${row.id}`}>
                  {t('form.sessionInUse')}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button
        ref={add}
        type="button"
        className="admin-button admin-button--plain"
        onClick={() => sessions.append({ id: nextStandIn((event?.sessions ?? []).map((s) => s?.id ?? 0)), startsAt: '', capacity: 50 })}
      >
        {t('form.addSession')}
      </button>
    </fieldset>
  );
}

/** Recurring schedules that become sessions on save, with the sessions they would make. */
export function SchedulesSection({ form, field, sectionId, lang, timeZone }: SectionProps) {
  const { t } = useTranslation('admin-catalog');
  const recurrences = useFieldArray({ control: form.control, name: 'recurrences' });
  const watched = useWatch({ control: form.control, name: 'recurrences' });
  const { list, add, removeAt } = useRowList<HTMLDivElement>();
  const preview = useMemo(
    () =>
      (watched ?? []).flatMap((r) => {
        const parsed = catalogRecurrence.safeParse(r);
        return parsed.success ? expandRecurrence(parsed.data, timeZone) : [];
      }),
    [watched, timeZone],
  );
  return (
    <fieldset className="admin-card admin-stack" id={sectionId}>
      <legend>{t('form.schedules')}</legend>
      <p className="admin-field__hint">{t('form.schedulesHint')}</p>
      <div className="admin-stack" ref={list}>
        {recurrences.fields.map((row, i) => (
          <ScheduleRow key={row.id} index={i} form={form} field={field} onRemove={() => removeAt(i, () => recurrences.remove(i))} />
        ))}
      </div>
      <button
        ref={add}
        type="button"
        className="admin-button admin-button--plain"
        onClick={() =>
          recurrences.append({
            from: '',
            to: '',
            weekdays: [],
            times: ['10:00'],
            except: [],
            capacity: 50,
          } satisfies CatalogRecurrenceInput)
        }
      >
        {t('form.addSchedule')}
      </button>
      {field('recurrences').message}
      {preview.length > 0 ? (
        <details open>
          <summary>{t('form.preview', { n: preview.length })}</summary>
          <ul className="admin-catalog__preview">
            {preview.slice(0, 200).map((at) => (
              <li key={at}>{formatSessionTime(at, timeZone, lang)}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </fieldset>
  );
}
