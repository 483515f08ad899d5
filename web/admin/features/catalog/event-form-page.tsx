import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type FieldError, type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import {
  type CatalogEventDraftInput,
  type CatalogOptionsResponse,
  type EventEditorResponse,
  type EventWarning,
  catalogEventDraft,
  eventConflictResponse,
  eventDeletedResponse,
  eventEditorResponse,
  eventSavedResponse,
} from '../../../../contract/admin/catalog.ts';
import { type CatalogRecurrenceInput, catalogRecurrence, expandRecurrence, localDateTime } from '../../../../contract/catalog-recurrence.ts';
import { type Lang, normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { ApiError, apiDelete, apiGet, apiPost, apiSend, toApiError } from '../../../lib/api.ts';
import { errorAt, fieldAt } from '../../components/form-paths.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useBusy } from '../../components/use-busy.ts';
import { useFocusAfterRemoval } from '../../components/use-focus-after-removal.ts';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid.ts';
import { boundsResolver, fieldErrorText } from '../../lib/zod-errors.ts';
import { formatSessionTime, optionsQuery } from './events-page.tsx';
import { CategoryExtras, DisplayFields, PriceExtras, PosterField, SessionExtras, SubscriptionField } from './event-extra-fields.tsx';
import { HtmlEditor } from '../../components/html-editor.tsx';
import { TextTabs } from './text-tabs.tsx';
import './catalog.css';

/** The form edits the event in the catalog file's shape, plus schedules that become sessions on save. */
const formSchema = z.object({ event: catalogEventDraft, recurrences: z.array(catalogRecurrence) });
export type FormInput = z.input<typeof formSchema>;
export type FormOutput = z.output<typeof formSchema>;
const resolver = boundsResolver(formSchema);

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const TEXT_FIELDS = ['name', 'description', 'note', 'notice', 'location'] as const;

/** A new event with the catalog file's defaults filled in, so every field starts from what an import would store. */
function blankEvent(options: CatalogOptionsResponse): CatalogEventDraftInput {
  const defaults = catalogEventDraft.parse({
    id: -1,
    kindId: options.kinds[0]?.id ?? 1,
    venueId: options.venues[0]?.id ?? 1,
    name: { ru: '-' },
    isPublished: false,
    categories: [{ id: -1, name: { ru: '-' } }],
  });
  return { ...defaults, name: { ru: '' }, categories: [{ id: -1, name: { ru: '' } }] };
}

/** The next stand-in id of a list: below every id it holds, never 0. */
const nextStandIn = (ids: number[]) => Math.min(0, ...ids) - 1;

/** '2026-12-05T12:00:00+03:00' as a datetime-local input shows it (the file writes the venue's local time). */
const toLocalInput = (iso: string | undefined) => (iso ? iso.slice(0, 16) : '');
const fromLocalInput = (value: string, timeZone: string) => (value ? localDateTime(value.slice(0, 10), value.slice(11, 16), timeZone) : undefined);

/** An error of a field: the server's own words, or the text of zod's check in the member's language. */
function useErrorText() {
  const { t } = useTranslation('admin-catalog');
  return (error: FieldError | undefined) => fieldErrorText(t, error);
}

export default function EventFormPage({ eventId }: { eventId: number | null }) {
  const { t, ready } = useTranslation(['admin-catalog', 'admin']);
  // Outlives the form: a save reloads the event at its new revision, which remounts the form.
  const [notice, setNotice] = useState<string | null>(null);
  const options = useQuery(optionsQuery);
  const loaded = useQuery({
    queryKey: ['admin', 'catalog', 'event', eventId],
    queryFn: ({ signal }) => apiGet(`/api/admin/catalog/events/${eventId}`, eventEditorResponse, { signal }),
    enabled: eventId !== null,
    retry: false,
    // A form open in two tabs must not refresh itself under the member: the revision it holds is the point.
    refetchOnWindowFocus: false,
  });
  if (!ready || options.isPending || (eventId !== null && loaded.isPending)) return <PageSkeleton label={ready ? t('admin:loading') : ''} />;
  const failure = options.error ?? loaded.error;
  if (failure) return <p role="alert">{toApiError(failure).text || t('admin:errors.generic')}</p>;
  if (!options.data) return null;
  return (
    <EventForm
      key={`${eventId}-${loaded.data?.revision ?? 0}`}
      options={options.data}
      loaded={eventId === null ? null : (loaded.data ?? null)}
      eventId={eventId}
      notice={notice}
      onSaved={setNotice}
    />
  );
}

type FormProps = {
  options: CatalogOptionsResponse;
  loaded: EventEditorResponse | null;
  eventId: number | null;
  notice: string | null;
  onSaved: (notice: string | null) => void;
};

function EventForm({ options, loaded, eventId, notice, onSaved }: FormProps) {
  const { t, i18n } = useTranslation(['admin-catalog', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const errorText = useErrorText();
  const [tab, setTab] = useState<Lang>('ru');
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(notice ? { kind: 'done', text: notice } : null);
  const { busy, run } = useBusy(showRefusal);
  // What the server asked to confirm (409 -2256) before the save or publication goes through.
  const [confirmation, setConfirmation] = useState<{ action: 'save' | 'publish'; warnings: EventWarning[] } | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { event: loaded ? (loaded.event as CatalogEventDraftInput) : blankEvent(options), recurrences: [] },
    mode: 'onSubmit',
    // React Hook Form's own focus follows the order fields registered in, not the page's: see focusFirstInvalid.
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef, formState.errors, { onHiddenTab: (l) => setTab(l as Lang) });
  // Each list's rows and its "add" button: where focus goes when a row's remove button goes with its row.
  const focusAfterRemoval = useFocusAfterRemoval();
  const rowLists = { sessions: useRef<HTMLUListElement>(null), schedules: useRef<HTMLDivElement>(null), categories: useRef<HTMLUListElement>(null), prices: useRef<HTMLUListElement>(null) };
  const addButtons = { sessions: useRef<HTMLButtonElement>(null), schedules: useRef<HTMLButtonElement>(null), categories: useRef<HTMLButtonElement>(null), prices: useRef<HTMLButtonElement>(null) };
  const removeRow = (list: keyof typeof rowLists, index: number, remove: (index: number) => void) => {
    remove(index);
    focusAfterRemoval(rowLists[list].current, index, addButtons[list].current);
  };
  const sessions = useFieldArray({ control, name: 'event.sessions' });
  const categories = useFieldArray({ control, name: 'event.categories' });
  const prices = useFieldArray({ control, name: 'event.prices' });
  const recurrences = useFieldArray({ control, name: 'recurrences' });
  const watched = useWatch({ control });
  // The warnings were about the values as they were sent: any change asks again on the next save.
  useEffect(() => {
    const watching = form.watch(() => setConfirmation(null));
    return () => watching.unsubscribe();
  }, [form]);
  useEffect(() => {
    if (confirmation) confirmRef.current?.focus();
  }, [confirmation]);
  const event = watched.event;
  const inUse = loaded?.inUse ?? { sessions: [], prices: [], categories: [] };
  const tz = options.timeZone;

  const field = (path: string) => fieldAt(formState.errors, id, path, errorText);

  const preview = useMemo(() => {
    const list = (watched.recurrences ?? []).flatMap((r) => {
      const parsed = catalogRecurrence.safeParse(r);
      return parsed.success ? expandRecurrence(parsed.data, tz) : [];
    });
    return list;
  }, [watched.recurrences, tz]);

  /** The server's warnings of a save or publication held for confirmation, or null for any other refusal. */
  const warningsIn = (error: unknown): EventWarning[] | null => {
    if (!(error instanceof ApiError) || error.status !== 409) return null;
    const parsed = eventConflictResponse.safeParse(error.body);
    return parsed.success && parsed.data.warnings && parsed.data.warnings.length > 0 ? parsed.data.warnings : null;
  };

  async function onSubmit(values: FormOutput, confirm = false) {
    await run(async () => {
      setMessage(null);
      setConfirmation(null);
      onSaved(null);
      // Only a subscription has a composition: turning the flag off drops it (a sold one is refused by the server).
      const event = values.event.isSubscription ? values.event : { ...values.event, subscriptionItems: [] };
      const body = { event, recurrences: values.recurrences, lang, confirm, ...(loaded ? { revision: loaded.revision } : {}) };
      let saved;
      try {
        saved = eventId === null
          ? await apiPost('/api/admin/catalog/events', body, eventSavedResponse)
          : await apiSend('PUT', `/api/admin/catalog/events/${eventId}`, body, eventSavedResponse);
      } catch (error) {
        const warnings = warningsIn(error);
        if (!warnings) throw error;
        setConfirmation({ action: 'save', warnings });
        return;
      }
      onSaved(t('form.saved'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'subscriptions'] });
      if (eventId === null) navigate(`/catalog/events/${saved.id}`);
    });
  }

  function showRefusal(error: unknown) {
    const failure = toApiError(error);
    const fields = failure instanceof ApiError ? ((failure.body as { fields?: Array<{ path: string; code: string; text?: string }> } | undefined)?.fields ?? []) : [];
    for (const f of fields) setError(f.path as Path<FormInput>, { type: f.text ? 'server' : f.code, message: f.text ?? '' });
    setMessage({ kind: 'error', text: failure.text || t('admin:errors.generic') });
    if (fields.length > 0) focusFirstInvalid();
  }

  async function publish(published: boolean, confirm = false) {
    if (!loaded || eventId === null) return;
    await run(async () => {
      setMessage(null);
      setConfirmation(null);
      onSaved(null);
      try {
        await apiPost(`/api/admin/catalog/events/${eventId}/publish`, { revision: loaded.revision, published, confirm, lang }, eventSavedResponse);
      } catch (error) {
        const warnings = warningsIn(error);
        if (!warnings) throw error;
        setConfirmation({ action: 'publish', warnings });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] });
    });
  }

  function confirmAndSend() {
    if (confirmation?.action === 'publish') void publish(!loaded?.event.isPublished, true);
    else void handleSubmit((values) => onSubmit(values, true))();
  }

  function backToForm() {
    setConfirmation(null);
    submitRef.current?.focus();
  }

  async function remove() {
    if (!loaded || eventId === null || !window.confirm(t('form.confirmDelete'))) return;
    await run(async () => {
      await apiDelete(`/api/admin/catalog/events/${eventId}?revision=${loaded.revision}&lang=${lang}`, eventDeletedResponse);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] });
      navigate('/catalog');
    });
  }

  const menus = options.mainMenus.filter((m) => m.kindId === Number(event?.kindId));
  const subMenus = options.subMenus.filter((m) => m.mainMenuId === Number(event?.mainMenuId));
  const halls = options.halls.filter((h) => h.venueId === Number(event?.venueId));
  const zones = options.zones.filter((z) => z.hallId === null || z.hallId === Number(event?.hallId));
  const name = (n: { name: { ru: string } }) => pickLocalized(n.name, lang);
  const num = { valueAsNumber: true } as const;
  const optNum = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) };
  const headingId = `${id}-heading`;

  const check = (path: Path<FormInput>, label: string) => (
    <label className="admin-check">
      <input type="checkbox" {...register(path)} /> {label}
    </label>
  );

  const moneyField = (path: `event.prices.${number}.amount` | `event.prices.${number}.serviceFee`, label: string) => {
    const f = field(path);
    return (
      <div className="admin-field">
        <label htmlFor={f.attrs.id}>{label}</label>
        <Controller
          control={control}
          name={path}
          render={({ field: c }) => (
            <input
              {...f.attrs}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              defaultValue={typeof c.value === 'number' ? String(c.value / 100) : ''}
              onChange={(e) => c.onChange(e.currentTarget.value === '' ? undefined : Math.round(Number(e.currentTarget.value) * 100))}
              onBlur={c.onBlur}
            />
          )}
        />
        {f.message}
      </div>
    );
  };

  return (
    <section aria-labelledby={headingId} className="admin-stack admin-catalog">
      <h1 className="admin-heading" id={headingId}>
        {eventId === null ? t('form.createHeading') : t('form.editHeading', { name: pickLocalized(loaded?.event.name, lang) })}
      </h1>
      {loaded ? (
        <p className="admin-field__hint admin-catalog__meta">
          {loaded.event.isPublished ? t('events.isPublished') : t('events.notPublished')} · /event/{loaded.event.hash}
          {loaded.updatedAt ? ` · ${t('form.lastChange', { who: loaded.updatedBy ?? t('form.importer'), when: formatSessionTime(loaded.updatedAt, tz, lang) })}` : ''}
        </p>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit((values) => onSubmit(values), () => {
          setMessage({ kind: 'error', text: t('form.fixFields') });
          focusFirstInvalid();
        })}
        className="admin-stack"
        aria-describedby={`${id}-message`}
      >
        <TextTabs
          idPrefix={id}
          tab={tab}
          onTab={setTab}
          flagged={(l) => TEXT_FIELDS.some((f) => errorAt(formState.errors, `event.${f}.${l}`) !== undefined)}
          panel={(l) => (
            <>
              {(['name', 'note', 'notice', 'location'] as const).map((key) => {
                const f = field(`event.${key}.${l}`);
                return (
                  <div className="admin-field" key={key}>
                    <label htmlFor={f.attrs.id}>
                      {t(`form.${key}`)}
                      {key === 'name' && l === 'ru' ? ` ${t('form.required')}` : ''}
                    </label>
                    <input {...f.attrs} {...register(`event.${key}.${l}` as Path<FormInput>)} />
                    {f.message}
                  </div>
                );
              })}
              <Controller
                control={control}
                name={`event.description.${l}` as Path<FormInput>}
                render={({ field: c }) => (
                  <HtmlEditor id={`${id}-description-${l}`} label={t('form.description')} value={typeof c.value === 'string' ? c.value : ''} onChange={c.onChange} />
                )}
              />
            </>
          )}
        />

        <fieldset className="admin-card admin-catalog__grid">
          <legend>{t('form.placement')}</legend>
          {(() => {
            const f = field('event.hash');
            return (
              <div className="admin-field">
                <label htmlFor={f.attrs.id}>{t('form.hash')}</label>
                <input {...f.attrs} {...register('event.hash')} aria-describedby={`${id}-hash-hint ${f.attrs['aria-describedby'] ?? ''}`.trim()} />
                <p className="admin-field__hint" id={`${id}-hash-hint`}>
                  {t('form.hashHint')}
                </p>
                {f.message}
              </div>
            );
          })()}
          {(
            [
              ['kindId', options.kinds, false],
              ['mainMenuId', menus, true],
              ['subMenuId', subMenus, true],
              ['venueId', options.venues, false],
              ['hallId', halls, true],
            ] as const
          ).map(([key, list, optional]) => {
            const f = field(`event.${key}`);
            return (
              <div className="admin-field" key={key}>
                <label htmlFor={f.attrs.id}>{t(`form.${key}`)}</label>
                <select className="admin-select" {...f.attrs} {...register(`event.${key}`, optional ? optNum : num)}>
                  {optional ? <option value="">{t('form.none')}</option> : null}
                  {list.map((o) => (
                    <option key={o.id} value={o.id}>
                      {name(o)}
                    </option>
                  ))}
                </select>
                {f.message}
              </div>
            );
          })}
          <fieldset className="admin-catalog__tags">
            <legend>{t('form.tags')}</legend>
            {options.tags.map((tag) => (
              <label className="admin-check" key={tag.id}>
                <input
                  type="checkbox"
                  checked={(event?.tagIds ?? []).includes(tag.id)}
                  onChange={(e) => {
                    const current = form.getValues('event.tagIds') ?? [];
                    form.setValue('event.tagIds', e.currentTarget.checked ? [...current, tag.id] : current.filter((x) => x !== tag.id), { shouldDirty: true });
                  }}
                />{' '}
                {name(tag)}
              </label>
            ))}
          </fieldset>
          <PosterField form={form} />
          <DisplayFields form={form} idPrefix={id} />
        </fieldset>

        <fieldset className="admin-card admin-catalog__grid">
          <legend>{t('form.sale')}</legend>
          {(
            [
              ['ageFrom', 0, 21],
              ['orderLimit', 1, 1000],
              ['groupLimit', 0, undefined],
              ['reserveMinutes', 1, 10080],
              ['returnHoursBefore', 0, undefined],
            ] as const
          ).map(([key, min, max]) => {
            const f = field(`event.${key}`);
            return (
              <div className="admin-field" key={key}>
                <label htmlFor={f.attrs.id}>{t(`form.${key}`)}</label>
                <input {...f.attrs} type="number" inputMode="numeric" min={min} max={max} {...register(`event.${key}`, num)} />
                {f.message}
              </div>
            );
          })}
          {(() => {
            const f = field('event.saleStartsAt');
            return (
              <div className="admin-field">
                <label htmlFor={f.attrs.id}>{t('form.saleStartsAt')}</label>
                <Controller
                  control={control}
                  name="event.saleStartsAt"
                  render={({ field: c }) => (
                    <input {...f.attrs} type="datetime-local" value={toLocalInput(c.value)} onChange={(e) => c.onChange(fromLocalInput(e.currentTarget.value, tz))} onBlur={c.onBlur} />
                  )}
                />
                {f.message}
              </div>
            );
          })()}
          {(() => {
            const f = field('event.registryEventId');
            return (
              <div className="admin-field">
                <label htmlFor={f.attrs.id}>{t('form.registryEventId')}</label>
                <input {...f.attrs} {...register('event.registryEventId', { setValueAs: (v: unknown) => (v === '' ? undefined : v) })} />
                {f.message}
              </div>
            );
          })()}
          <div className="admin-field">
            <label htmlFor={`${id}-refundPolicy`}>{t('form.refundPolicy')}</label>
            <select id={`${id}-refundPolicy`} className="admin-select" {...register('event.refundPolicy')}>
              <option value="full">{t('form.refund.full')}</option>
              <option value="culture-law">{t('form.refund.culture-law')}</option>
            </select>
          </div>
          <div className="admin-stack">
            {check('event.isFree', t('form.isFree'))}
            {check('event.allowReturn', t('form.allowReturn'))}
            {check('event.refundServiceFee', t('form.refundServiceFee'))}
            {check('event.usePushkinCard', t('form.usePushkinCard'))}
            {check('event.useOrdinaryCard', t('form.useOrdinaryCard'))}
            {check('event.useSeatMap', t('form.useSeatMap'))}
            {check('event.isPublished', t('form.isPublished'))}
          </div>
          <SubscriptionField form={form} idPrefix={id} eventId={eventId} wasSubscription={loaded?.event.isSubscription === true} field={field} lang={lang} />
          <fieldset className="admin-stack">
            <legend>{t('form.named')}</legend>
            {check('event.namedTickets', t('form.namedTickets'))}
            <div className="admin-field">
              <label htmlFor={`${id}-needAge`}>{t('form.needAge')}</label>
              <select id={`${id}-needAge`} className="admin-select" {...register('event.needAge', num)}>
                <option value={0}>{t('form.age.0')}</option>
                <option value={1}>{t('form.age.1')}</option>
                <option value={2}>{t('form.age.2')}</option>
              </select>
            </div>
            {check('event.needMiddleName', t('form.needMiddleName'))}
            {check('event.needDocument', t('form.needDocument'))}
            {check('event.needCountry', t('form.needCountry'))}
            {check('event.needRegion', t('form.needRegion'))}
          </fieldset>
        </fieldset>

        <fieldset className="admin-card admin-stack">
          <legend>{t('form.sessions')}</legend>
          {field('event.sessions').message}
          {sessions.fields.length === 0 ? <p>{t('form.noSessions')}</p> : null}
          <ul className="admin-catalog__rows" ref={rowLists.sessions}>
            {sessions.fields.map((row, i) => {
              const sessionId = event?.sessions?.[i]?.id ?? row.id;
              const used = inUse.sessions.includes(sessionId);
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
                        <input {...at.attrs} type="datetime-local" value={toLocalInput(c.value)} onChange={(e) => c.onChange(fromLocalInput(e.currentTarget.value, tz) ?? '')} onBlur={c.onBlur} />
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
                  <SessionExtras form={form} index={i} idPrefix={id} />
                  {check(`event.sessions.${i}.isCancelled`, t('form.isCancelled'))}
                  <button type="button" className="admin-button admin-button--plain" onClick={() => removeRow('sessions', i, sessions.remove)} disabled={used} aria-describedby={used ? `${id}-used-${row.id}` : undefined}>
                    {t('form.remove')}
                  </button>
                  {used ? (
                    <p className="admin-field__hint" id={`${id}-used-${row.id}`}>
                      {t('form.sessionInUse')}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <button
            ref={addButtons.sessions}
            type="button"
            className="admin-button admin-button--plain"
            onClick={() => sessions.append({ id: nextStandIn((event?.sessions ?? []).map((s) => s.id ?? 0)), startsAt: '', capacity: 50 })}
          >
            {t('form.addSession')}
          </button>
        </fieldset>

        <fieldset className="admin-card admin-stack">
          <legend>{t('form.schedules')}</legend>
          <p className="admin-field__hint">{t('form.schedulesHint')}</p>
          <div className="admin-stack" ref={rowLists.schedules}>
            {recurrences.fields.map((row, i) => (
              <ScheduleRow key={row.id} index={i} form={form} field={field} onRemove={() => removeRow('schedules', i, recurrences.remove)} />
            ))}
          </div>
          <button
            ref={addButtons.schedules}
            type="button"
            className="admin-button admin-button--plain"
            onClick={() => recurrences.append({ from: '', to: '', weekdays: [], times: ['10:00'], except: [], capacity: 50 } satisfies CatalogRecurrenceInput)}
          >
            {t('form.addSchedule')}
          </button>
          {field('recurrences').message}
          {preview.length > 0 ? (
            <details open>
              <summary>{t('form.preview', { n: preview.length })}</summary>
              <ul className="admin-catalog__preview">
                {preview.slice(0, 200).map((at) => (
                  <li key={at}>{formatSessionTime(at, tz, lang)}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </fieldset>

        <fieldset className="admin-card admin-stack">
          <legend>{t('form.categories')}</legend>
          {field('event.categories').message}
          <ul className="admin-catalog__rows" ref={rowLists.categories}>
            {categories.fields.map((row, i) => {
              const categoryId = event?.categories?.[i]?.id ?? row.id;
              const used = inUse.categories.includes(categoryId);
              const n = field(`event.categories.${i}.name.ru`);
              return (
                <li key={row.id} className="admin-catalog__row">
                  <div className="admin-field">
                    <label htmlFor={n.attrs.id}>{t('form.categoryName')}</label>
                    <input {...n.attrs} {...register(`event.categories.${i}.name.ru`)} />
                    {n.message}
                  </div>
                  <div className="admin-field">
                    <label htmlFor={`${id}-cat-en-${i}`}>{t('form.categoryNameEn')}</label>
                    <input id={`${id}-cat-en-${i}`} {...register(`event.categories.${i}.name.en`)} />
                  </div>
                  <CategoryExtras form={form} index={i} idPrefix={id} />
                  <button type="button" className="admin-button admin-button--plain" onClick={() => removeRow('categories', i, categories.remove)} disabled={used}>
                    {t('form.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
          <button ref={addButtons.categories} type="button" className="admin-button admin-button--plain" onClick={() => categories.append({ id: nextStandIn((event?.categories ?? []).map((c) => c.id ?? 0)), name: { ru: '' } })}>
            {t('form.addCategory')}
          </button>
        </fieldset>

        <fieldset className="admin-card admin-stack">
          <legend>{t('form.prices')}</legend>
          {field('event.prices').message}
          <ul className="admin-catalog__rows" ref={rowLists.prices}>
            {prices.fields.map((row, i) => {
              const priceId = event?.prices?.[i]?.id ?? row.id;
              const used = inUse.prices.includes(priceId);
              const cat = field(`event.prices.${i}.categoryId`);
              const limit = field(`event.prices.${i}.quantityLimit`);
              return (
                <li key={row.id} className="admin-catalog__row" aria-label={t('form.priceN', { n: i + 1 })}>
                  <div className="admin-field">
                    <label htmlFor={cat.attrs.id}>{t('form.category')}</label>
                    <select className="admin-select" {...cat.attrs} {...register(`event.prices.${i}.categoryId`, num)}>
                      {(event?.categories ?? []).map((c, k) => (
                        <option key={c.id ?? k} value={c.id}>
                          {c.name?.ru || t('form.categoryN', { n: k + 1 })}
                        </option>
                      ))}
                    </select>
                    {cat.message}
                  </div>
                  <div className="admin-field">
                    <label htmlFor={`${id}-price-session-${i}`}>{t('form.priceSession')}</label>
                    <select id={`${id}-price-session-${i}`} className="admin-select" {...register(`event.prices.${i}.sessionId`, optNum)}>
                      <option value="">{t('form.everySession')}</option>
                      {(event?.sessions ?? []).map((s, k) => (
                        <option key={s.id ?? k} value={s.id}>
                          {s.startsAt ? formatSessionTime(s.startsAt, tz, lang) : t('form.sessionN', { n: k + 1 })}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="admin-field">
                    <label htmlFor={`${id}-price-zone-${i}`}>{t('form.zone')}</label>
                    <select id={`${id}-price-zone-${i}`} className="admin-select" {...register(`event.prices.${i}.zoneId`, optNum)}>
                      <option value="">{t('form.none')}</option>
                      {zones.map((z) => (
                        <option key={z.id} value={z.id}>
                          {name(z)}
                        </option>
                      ))}
                    </select>
                  </div>
                  {moneyField(`event.prices.${i}.amount`, t('form.amount'))}
                  {moneyField(`event.prices.${i}.serviceFee`, t('form.serviceFee'))}
                  <div className="admin-field">
                    <label htmlFor={limit.attrs.id}>{t('form.quantityLimit')}</label>
                    <input {...limit.attrs} type="number" inputMode="numeric" min={0} {...register(`event.prices.${i}.quantityLimit`, optNum)} />
                    {limit.message}
                  </div>
                  <PriceExtras form={form} index={i} idPrefix={id} percent={event?.prices?.[i]?.serviceFeeKind === 'percent'} field={field} />
                  <button type="button" className="admin-button admin-button--plain" onClick={() => removeRow('prices', i, prices.remove)} disabled={used}>
                    {t('form.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            ref={addButtons.prices}
            type="button"
            className="admin-button admin-button--plain"
            onClick={() =>
              // The amount starts empty: the member types it (0 for free, which the save asks to confirm).
              prices.append({ id: nextStandIn((event?.prices ?? []).map((p) => p.id ?? 0)), categoryId: event?.categories?.[0]?.id ?? -1, amount: undefined as unknown as number, serviceFee: 0 })
            }
          >
            {t('form.addPrice')}
          </button>
        </fieldset>

        <FormMessage id={`${id}-message`} message={message} />
        {confirmation ? (
          <div ref={confirmRef} tabIndex={-1} role="alertdialog" aria-labelledby={`${id}-confirm-heading`} aria-describedby={`${id}-confirm-list`} className="admin-card admin-stack admin-catalog__confirm">
            <h2 id={`${id}-confirm-heading`} className="admin-catalog__confirm-heading">
              {t('form.confirmHeading')}
            </h2>
            <ul id={`${id}-confirm-list`}>
              {confirmation.warnings.map((w) => (
                <li key={`${w.path}-${w.code}`}>
                  {w.text}{' '}
                  {typeof document !== 'undefined' && document.getElementById(`${id}-${w.path}`) ? (
                    <button type="button" className="admin-button admin-button--plain" onClick={() => document.getElementById(`${id}-${w.path}`)?.focus()}>
                      {t('form.confirmShowField')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            <div className="admin-actions">
              <button type="button" className="admin-button" disabled={busy} onClick={confirmAndSend}>
                {confirmation.action === 'publish' ? t('form.confirmPublish') : t('form.confirmSave')}
              </button>
              <button type="button" className="admin-button admin-button--plain" onClick={backToForm}>
                {t('form.confirmBack')}
              </button>
            </div>
          </div>
        ) : null}
        <div className="admin-actions">
          <button ref={submitRef} className="admin-button" type="submit" disabled={busy}>
            {eventId === null ? t('form.create') : t('form.save')}
          </button>
          {loaded ? (
            <>
              <button className="admin-button admin-button--plain" type="button" disabled={busy} onClick={() => void publish(!loaded.event.isPublished)}>
                {loaded.event.isPublished ? t('form.unpublish') : t('form.publish')}
              </button>
              <button className="admin-button admin-button--plain" type="button" disabled={busy || loaded.hasOrders} onClick={() => void remove()} aria-describedby={loaded.hasOrders ? `${id}-delete-hint` : undefined}>
                {t('form.delete')}
              </button>
              {loaded.hasOrders ? (
                <p className="admin-field__hint" id={`${id}-delete-hint`}>
                  {t('form.deleteHasOrders')}
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      </form>
    </section>
  );
}

type FieldHelper = (path: string) => { attrs: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }; message: ReactNode };

/** One recurring schedule: dates, weekdays, times and exception dates as text the member types. */
function ScheduleRow({ index, form, field, onRemove }: { index: number; form: ReturnType<typeof useForm<FormInput, unknown, FormOutput>>; field: FieldHelper; onRemove: () => void }) {
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
                  onChange={(e) => c.onChange(e.currentTarget.checked ? [...(c.value ?? []), d].sort() : (c.value ?? []).filter((x) => x !== d))}
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
            <input {...times.attrs} defaultValue={(c.value ?? []).join(', ')} onChange={(e) => c.onChange(listOf(e.currentTarget.value))} placeholder="10:00, 15:30" />
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
            <input id={`${from.attrs.id}-except`} defaultValue={(c.value ?? []).join(', ')} onChange={(e) => c.onChange(listOf(e.currentTarget.value))} placeholder="2026-12-31" />
          </div>
        )}
      />
      <div className="admin-field">
        <label htmlFor={cap.attrs.id}>{t('form.capacity')}</label>
        <input {...cap.attrs} type="number" inputMode="numeric" min={0} {...register(`${base}.capacity`, { setValueAs: (v: unknown) => (v === '' ? undefined : Number(v)) })} />
        {cap.message}
      </div>
      <button type="button" className="admin-button admin-button--plain" onClick={onRemove}>
        {t('form.remove')}
      </button>
    </div>
  );
}
