import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { type FieldError, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  type CatalogEventDraftInput,
  type CatalogOptionsResponse,
  type EventEditorResponse,
  type EventWarning,
  eventConflictResponse,
  eventDeletedResponse,
  eventEditorResponse,
  eventSavedResponse,
} from '../../../../contract/admin/catalog.ts';
import { type Lang, normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { ApiError, apiDelete, apiGet, apiPost, apiSend, toApiError } from '../../../lib/api.ts';
import { SaveBar, useStaleSave } from '../../components/editor-save.tsx';
import { fieldAt } from '../../components/form-paths.tsx';
import type { FormOutcome } from '../../components/form-message.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { SectionNav } from '../../components/section-nav.tsx';
import { leaveSaved, useUnsavedChanges } from '../../components/unsaved-changes.ts';
import { useBusy } from '../../components/use-busy.ts';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid.ts';
import { fieldErrorText } from '../../lib/zod-errors.ts';
import { formatSessionTime, optionsQuery } from './events-page.tsx';
import { type FormInput, type FormOutput, type SectionProps, blankEvent, resolver } from './event-form/model.ts';
import { PlacementSection } from './event-form/placement-section.tsx';
import { PricesSection } from './event-form/prices-section.tsx';
import { SaleSection } from './event-form/sale-section.tsx';
import { SchedulesSection, SessionsSection } from './event-form/sessions-section.tsx';
import { TextsSection } from './event-form/texts-section.tsx';
import './catalog.css';

export type { FormInput, FormOutput } from './event-form/model.ts';

const eventQueryKey = (eventId: number | null) => ['admin', 'catalog', 'event', eventId];
const loadEvent = (eventId: number | null, signal?: AbortSignal) =>
  apiGet(`/api/admin/catalog/events/${eventId}`, eventEditorResponse, signal ? { signal } : {});

export default function EventFormPage({ eventId }: { eventId: number | null }) {
  const { t, ready } = useTranslation(['admin-catalog', 'admin']);
  // Outlives the form: a save reloads the event at its new revision, which remounts the form.
  const [notice, setNotice] = useState<string | null>(null);
  const options = useQuery(optionsQuery);
  const loaded = useQuery({
    queryKey: eventQueryKey(eventId),
    queryFn: ({ signal }) => loadEvent(eventId, signal),
    enabled: eventId !== null,
    retry: false,
    // A form open in two tabs must not refresh itself under the member: the revision it holds is the point.
    refetchOnWindowFocus: false,
  });
  if (!ready || options.isPending || (eventId !== null && loaded.isPending))
    return <PageSkeleton label={ready ? t('admin:loading') : ''} />;
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

const SECTIONS = ['texts', 'placement', 'sale', 'sessions', 'schedules', 'prices'] as const;

/** The event editor: its sections (one file each under event-form/), the links to them, and the save bar. */
function EventForm({ options, loaded, eventId, notice, onSaved }: FormProps) {
  const { t, i18n } = useTranslation(['admin-catalog', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<Lang>('ru');
  const [message, setMessage] = useState<FormOutcome>(notice ? { kind: 'done', text: notice } : null);
  const { busy, run } = useBusy(showRefusal);
  // What the server asked to confirm (409 -2256) before the save or publication goes through.
  const [confirmation, setConfirmation] = useState<{ action: 'save' | 'publish'; warnings: EventWarning[] } | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const initial: FormInput = { event: loaded ? (loaded.event as CatalogEventDraftInput) : blankEvent(options), recurrences: [] };
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: initial,
    mode: 'onSubmit',
    // React Hook Form's own focus follows the order fields registered in, not the page's: see focusFirstInvalid.
    shouldFocusError: false,
  });
  const { handleSubmit, setError, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef, formState.errors, { onHiddenTab: (l) => setTab(l as Lang) });
  const stale = useStaleSave({
    form,
    idPrefix: id,
    loaded: { values: initial, revision: loaded?.revision ?? 0 },
    loadCurrent: async () => {
      const current = await loadEvent(eventId);
      return { values: { event: current.event as CatalogEventDraftInput, recurrences: [] }, revision: current.revision };
    },
  });
  useUnsavedChanges(formState.isDirty);
  const watched = useWatch({ control: form.control });
  // The warnings were about the values as they were sent: any change asks again on the next save.
  useEffect(() => {
    const watching = form.watch(() => setConfirmation(null));
    return () => watching.unsubscribe();
  }, [form]);
  useEffect(() => {
    if (confirmation) confirmRef.current?.focus();
  }, [confirmation]);
  const errorText = (error: FieldError | undefined) => fieldErrorText(t, error);
  const field = (path: string) => fieldAt(formState.errors, id, path, errorText);

  /** The server's warnings of a save or publication held for confirmation, or null for any other refusal. */
  const warningsIn = (error: unknown): EventWarning[] | null => {
    if (!(error instanceof ApiError) || error.status !== 409) return null;
    const parsed = eventConflictResponse.safeParse(error.body);
    return parsed.success && parsed.data.warnings && parsed.data.warnings.length > 0 ? parsed.data.warnings : null;
  };

  const revision = loaded ? { revision: stale.revision } : {};

  async function onSubmit(values: FormOutput, confirm = false) {
    await run(async () => {
      setMessage(null);
      setConfirmation(null);
      stale.clear();
      onSaved(null);
      // Only a subscription has a composition: turning the flag off drops it (a sold one is refused by the server).
      const event = values.event.isSubscription ? values.event : { ...values.event, subscriptionItems: [] };
      const body = { event, recurrences: values.recurrences, lang, confirm, ...revision };
      let saved;
      try {
        saved =
          eventId === null
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
      if (eventId === null) leaveSaved(() => navigate(`/catalog/events/${saved.id}`));
    });
  }

  function showRefusal(error: unknown) {
    const failure = toApiError(error);
    // A stale save keeps the edits: the save bar offers the other change and carrying these over.
    stale.refused(failure);
    const fields =
      failure instanceof ApiError
        ? ((failure.body as { fields?: Array<{ path: string; code: string; text?: string }> } | undefined)?.fields ?? [])
        : [];
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
        await apiPost(
          `/api/admin/catalog/events/${eventId}/publish`,
          { revision: stale.revision, published, confirm, lang },
          eventSavedResponse,
        );
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
      await apiDelete(`/api/admin/catalog/events/${eventId}?revision=${stale.revision}&lang=${lang}`, eventDeletedResponse);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] });
      leaveSaved(() => navigate('/catalog'));
    });
  }

  const headingId = `${id}-heading`;
  const sectionId = (key: (typeof SECTIONS)[number]) => `${id}-section-${key}`;
  const section = (key: (typeof SECTIONS)[number]): SectionProps => ({
    form,
    field,
    idPrefix: id,
    sectionId: sectionId(key),
    options,
    loaded,
    eventId,
    event: watched.event,
    lang,
    timeZone: options.timeZone,
  });
  const sectionLabels = {
    texts: t('form.texts'),
    placement: t('form.placement'),
    sale: t('form.sale'),
    sessions: t('form.sessions'),
    schedules: t('form.schedules'),
    prices: t('form.pricing'),
  };

  return (
    <section aria-labelledby={headingId} className="admin-stack admin-catalog">
      <h1 className="admin-heading" id={headingId}>
        {eventId === null ? t('form.createHeading') : t('form.editHeading', { name: pickLocalized(loaded?.event.name, lang) })}
      </h1>
      {loaded ? (
        <p className="admin-field__hint admin-catalog__meta">
          {loaded.event.isPublished ? t('events.isPublished') : t('events.notPublished')} · /event/{loaded.event.hash}
          {loaded.updatedAt
            ? ` · ${t('form.lastChange', { who: loaded.updatedBy ?? t('form.importer'), when: formatSessionTime(loaded.updatedAt, options.timeZone, lang) })}`
            : ''}
        </p>
      ) : null}
      <SectionNav label={t('form.sectionsNav')} sections={SECTIONS.map((key) => ({ id: sectionId(key), label: sectionLabels[key] }))} />
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit(
          (values) => onSubmit(values),
          () => {
            setMessage({ kind: 'error', text: t('form.fixFields') });
            focusFirstInvalid();
          },
        )}
        className="admin-stack"
        aria-describedby={`${id}-message`}
      >
        {/* A stale save's edits carried over reset the fields; the inputs that keep their own text start afresh. */}
        <Fragment key={stale.remount}>
          <TextsSection {...section('texts')} tab={tab} onTab={setTab} />
          <PlacementSection {...section('placement')} />
          <SaleSection {...section('sale')} />
          <SessionsSection {...section('sessions')} />
          <SchedulesSection {...section('schedules')} />
          <PricesSection {...section('prices')} />
        </Fragment>

        {confirmation ? (
          <div
            ref={confirmRef}
            tabIndex={-1}
            role="alertdialog"
            aria-labelledby={`${id}-confirm-heading`}
            aria-describedby={`${id}-confirm-list`}
            className="admin-card admin-stack admin-catalog__confirm"
          >
            <h2 id={`${id}-confirm-heading`} className="admin-catalog__confirm-heading">
              {t('form.confirmHeading')}
            </h2>
            <ul id={`${id}-confirm-list`}>
              {confirmation.warnings.map((w) => (
                <li key={`${w.path}-${w.code}`}>
                  {w.text}{' '}
                  {typeof document !== 'undefined' && document.getElementById(`${id}-${w.path}`) ? (
                    <button
                      type="button"
                      className="admin-button admin-button--plain"
                      onClick={() => document.getElementById(`${id}-${w.path}`)?.focus()}
                    >
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
        <SaveBar
          messageId={`${id}-message`}
          message={message}
          dirty={formState.isDirty}
          busy={busy}
          isNew={eventId === null}
          panel={stale.panel}
        >
          <button ref={submitRef} className="admin-button" type="submit" disabled={busy}>
            {eventId === null ? t('form.create') : t('form.save')}
          </button>
          {loaded ? (
            <>
              <button
                className="admin-button admin-button--plain"
                type="button"
                disabled={busy}
                onClick={() => void publish(!loaded.event.isPublished)}
              >
                {loaded.event.isPublished ? t('form.unpublish') : t('form.publish')}
              </button>
              <button
                className="admin-button admin-button--plain"
                type="button"
                disabled={busy || loaded.hasOrders}
                onClick={() => void remove()}
                aria-describedby={loaded.hasOrders ? `${id}-delete-hint` : undefined}
              >
                {t('form.delete')}
              </button>
              {loaded.hasOrders ? (
                <p className="admin-field__hint" id={`${id}-delete-hint`}>
                  {t('form.deleteHasOrders')}
                </p>
              ) : null}
            </>
          ) : null}
        </SaveBar>
      </form>
    </section>
  );
}
