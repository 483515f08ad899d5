import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type FieldError, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { z } from 'zod';
import {
  type SimpleEntryKind,
  entryDeletedResponse,
  entryListResponse,
  entrySavedResponse,
  eventListResponse,
  simpleEntrySchemas,
} from '../../../../contract/admin/catalog.ts';
import { type Lang, normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { ApiError, apiDelete, apiGet, apiPost, apiSend, toApiError } from '../../../lib/api.ts';
import { errorAt, fieldAt } from '../../components/form-paths.tsx';
import type { FormOutcome } from '../../components/form-message.tsx';
import { SaveBar, useStaleSave } from '../../components/editor-save.tsx';
import { leaveSaved, useUnsavedChanges } from '../../components/unsaved-changes.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useBusy } from '../../components/use-busy.ts';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid.ts';
import { boundsResolver, fieldErrorText } from '../../lib/zod-errors.ts';
import { CatalogNav } from './catalog-nav.tsx';
import { ENTRY_FIELDS, type FieldSpec, blankEntry, entriesQuery } from './entry-kinds.ts';
import { formatSessionTime, optionsQuery } from './events-page.tsx';
import { HtmlEditor } from '../../components/html-editor.tsx';
import { TextTabs } from './text-tabs.tsx';
import './catalog.css';

type FormValues = { entry: Record<string, unknown> };
type Stamp = { revision: number; updatedAt: string | null; updatedBy: string | null };
type Choices = {
  kinds: Array<{ id: number; name: { ru: string } }>;
  mainMenus: Array<{ id: number; name: { ru: string } }>;
  events: Array<{ id: number; name: { ru: string } }>;
};

const eventsQuery = {
  queryKey: ['admin', 'catalog', 'events', 'for-entries'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('/api/admin/catalog/events?published=all', eventListResponse, { signal }),
};

/** One entry of the catalog (a kind, menu, venue, tag, checkbox, rules document or zone): create or edit it. */
export default function EntryFormPage({ kind, entryId }: { kind: SimpleEntryKind; entryId: number | null }) {
  const { t, ready } = useTranslation(['admin-catalog', 'admin']);
  // Outlives the form: a save reloads the list at the new revision, which remounts the form; a
  // new entry's page is another route, told of the save by the history entry's state.
  const [saved, setSaved] = useState(() => (window.history.state as { saved?: boolean } | null)?.saved === true);
  // Told once: a reload of the page is not another save.
  useEffect(() => {
    if ((window.history.state as { saved?: boolean } | null)?.saved) window.history.replaceState(null, '');
  }, []);
  const list = useQuery({ ...entriesQuery(kind), retry: false, refetchOnWindowFocus: false });
  const options = useQuery(optionsQuery);
  const needsEvents = ENTRY_FIELDS[kind].some((f) => f.type === 'ref' && f.source === 'events');
  const events = useQuery({ ...eventsQuery, enabled: needsEvents });
  if (!ready || list.isPending || options.isPending || (needsEvents && events.isPending))
    return <PageSkeleton label={ready ? t('admin:loading') : ''} />;
  const failure = list.error ?? options.error ?? events.error;
  if (failure) return <p role="alert">{toApiError(failure).text || t('admin:errors.generic')}</p>;
  if (!list.data || !options.data) return null;
  const found = entryId === null ? undefined : list.data.entries.find((e) => e.entry.id === entryId);
  if (entryId !== null && !found) {
    return (
      <section className="admin-stack admin-catalog">
        <CatalogNav />
        <h1 className="admin-heading">{t('entries.notFound')}</h1>
        <Link href={`/catalog/entries/${kind}`}>{t('entries.backToList')}</Link>
      </section>
    );
  }
  const choices: Choices = { kinds: options.data.kinds, mainMenus: options.data.mainMenus, events: events.data?.events ?? [] };
  return (
    <EntryForm
      key={`${kind}-${entryId}-${found?.revision ?? 0}`}
      kind={kind}
      entryId={entryId}
      loaded={found ?? null}
      choices={choices}
      timeZone={options.data.timeZone}
      saved={saved}
      onSaved={setSaved}
    />
  );
}

type FormProps = {
  kind: SimpleEntryKind;
  entryId: number | null;
  loaded: ({ entry: Record<string, unknown> } & Stamp) | null;
  choices: Choices;
  timeZone: string;
  saved: boolean;
  onSaved: (saved: boolean) => void;
};

function EntryForm({ kind, entryId, loaded, choices, timeZone, saved, onSaved }: FormProps) {
  const { t, i18n } = useTranslation(['admin-catalog', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [tab, setTab] = useState<Lang>('ru');
  const [message, setMessage] = useState<FormOutcome>(saved ? { kind: 'done', text: t('form.saved') } : null);
  const { busy, run } = useBusy(showRefusal);
  const specs = ENTRY_FIELDS[kind];
  // The browser checks with the very schema the server parses the entry with.
  const resolver = useMemo(
    () => boundsResolver(z.object({ entry: simpleEntrySchemas[kind] }) as unknown as z.ZodType<FormValues, FormValues>),
    [kind],
  );
  const form = useForm<FormValues>({
    resolver,
    defaultValues: {
      entry: loaded ? loaded.entry : blankEntry(kind, { kindId: choices.kinds[0]?.id, mainMenuId: choices.mainMenus[0]?.id }),
    },
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, setError, formState } = form;
  useUnsavedChanges(formState.isDirty);
  const stale = useStaleSave({
    form,
    idPrefix: id,
    loaded: { values: { entry: loaded?.entry ?? {} }, revision: loaded?.revision ?? 0 },
    loadCurrent: async () => {
      const list = await apiGet(`/api/admin/catalog/entries/${kind}`, entryListResponse);
      const current = list.entries.find((e) => e.entry.id === entryId);
      if (!current) throw new Error('The entry is gone');
      return { values: { entry: current.entry }, revision: current.revision };
    },
  });

  // The first field in error gets the focus, its language's tab opened first when it is on another.
  const focusFirstInvalid = useFocusFirstInvalid(formRef, formState.errors, { onHiddenTab: (lang) => setTab(lang as Lang) });

  const errorText = (error: FieldError | undefined) => fieldErrorText(t, error);

  const field = (path: string) => fieldAt(formState.errors, id, path, errorText);

  function showRefusal(error: unknown) {
    const failure = toApiError(error);
    // A stale save keeps the edits: the save bar offers the other change and carrying these over.
    stale.refused(failure);
    const fields =
      failure instanceof ApiError
        ? ((failure.body as { fields?: Array<{ path: string; code: string; text?: string }> } | undefined)?.fields ?? [])
        : [];
    for (const f of fields)
      if (f.path !== 'entry') setError(f.path as Path<FormValues>, { type: f.text ? 'server' : f.code, message: f.text ?? '' });
    setMessage({ kind: 'error', text: failure.text || t('admin:errors.generic') });
    if (fields.length > 0) focusFirstInvalid();
  }

  async function onSubmit(values: FormValues) {
    await run(async () => {
      setMessage(null);
      stale.clear();
      onSaved(false);
      const body = { entry: values.entry, lang, ...(loaded ? { revision: stale.revision } : {}) };
      const answer =
        entryId === null
          ? await apiPost(`/api/admin/catalog/entries/${kind}`, body, entrySavedResponse)
          : await apiSend('PUT', `/api/admin/catalog/entries/${kind}/${entryId}`, body, entrySavedResponse);
      onSaved(true);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] });
      if (entryId === null) leaveSaved(() => navigate(`/catalog/entries/${kind}/${answer.id}`, { state: { saved: true } }));
    });
  }

  async function remove() {
    if (!loaded || entryId === null || !window.confirm(t('entries.confirmDelete'))) return;
    await run(async () => {
      setMessage(null);
      await apiDelete(`/api/admin/catalog/entries/${kind}/${entryId}?revision=${stale.revision}&lang=${lang}`, entryDeletedResponse);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] });
      leaveSaved(() => navigate(`/catalog/entries/${kind}`));
    });
  }

  const isLocalized = (s: FieldSpec) => s.type === 'localized' || s.type === 'localizedUrl' || s.type === 'html';
  const localized = specs.filter(isLocalized);
  const plain = specs.filter((s) => !isLocalized(s));
  const label = (key: string) => t(`entries.field.${key}`);
  const headingId = `${id}-heading`;
  const name = (n: { name: { ru: string } }) => pickLocalized(n.name, lang);
  const optional = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : v) };
  const optionalNumber = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) };

  const localizedField = (spec: FieldSpec, l: Lang) => {
    const path = `entry.${spec.key}.${l}`;
    if (spec.type === 'html') {
      return (
        <Controller
          key={spec.key}
          control={control}
          name={path as Path<FormValues>}
          render={({ field: c }) => (
            <HtmlEditor
              id={`${id}-${path}`}
              label={label(spec.key)}
              value={typeof c.value === 'string' ? c.value : ''}
              onChange={c.onChange}
            />
          )}
        />
      );
    }
    const f = field(path);
    const required = spec.type === 'localized' && spec.required && l === 'ru';
    return (
      <div className="admin-field" key={spec.key}>
        <label htmlFor={f.attrs.id}>
          {label(spec.key)}
          {required ? ` ${t('form.required')}` : ''}
        </label>
        <input
          {...f.attrs}
          {...(spec.type === 'localizedUrl' ? { inputMode: 'url' as const, placeholder: '/rules/… https://…' } : {})}
          {...register(path as Path<FormValues>, spec.type === 'localizedUrl' ? optional : {})}
        />
        {f.message}
      </div>
    );
  };

  const plainField = (spec: FieldSpec) => {
    const path = `entry.${spec.key}`;
    const f = field(path);
    switch (spec.type) {
      case 'boolean':
        return (
          <label className="admin-check" key={spec.key}>
            <input type="checkbox" {...register(path as Path<FormValues>)} /> {label(spec.key)}
          </label>
        );
      case 'number':
        return (
          <div className="admin-field" key={spec.key}>
            <label htmlFor={f.attrs.id}>{label(spec.key)}</label>
            <input
              {...f.attrs}
              type="number"
              inputMode="numeric"
              min={spec.min}
              max={spec.max}
              {...register(path as Path<FormValues>, { valueAsNumber: true })}
            />
            {f.message}
          </div>
        );
      case 'color':
        return (
          <div className="admin-field" key={spec.key}>
            <label htmlFor={f.attrs.id}>{label(spec.key)}</label>
            <input {...f.attrs} type="color" {...register(path as Path<FormValues>)} />
            {f.message}
          </div>
        );
      case 'choice': {
        const numeric = typeof spec.choices[0] === 'number';
        return (
          <div className="admin-field" key={spec.key}>
            <label htmlFor={f.attrs.id}>{label(spec.key)}</label>
            <select className="admin-select" {...f.attrs} {...register(path as Path<FormValues>, numeric ? { valueAsNumber: true } : {})}>
              {spec.choices.map((c) => (
                <option key={String(c)} value={c}>
                  {t(`entries.field.${spec.key}Choice.${String(c)}`)}
                </option>
              ))}
            </select>
            {f.message}
          </div>
        );
      }
      case 'ref': {
        const items = choices[spec.source];
        return (
          <div className="admin-field" key={spec.key}>
            <label htmlFor={f.attrs.id}>{label(spec.key)}</label>
            <select
              className="admin-select"
              {...f.attrs}
              {...register(path as Path<FormValues>, spec.optional ? optionalNumber : { valueAsNumber: true })}
            >
              {spec.optional ? <option value="">{t(`entries.field.${spec.key}Any`)}</option> : null}
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {name(item)}
                </option>
              ))}
            </select>
            {f.message}
          </div>
        );
      }
      case 'text': {
        const hintId = spec.hint ? `${id}-${path}-hint` : undefined;
        return (
          <div className="admin-field" key={spec.key}>
            <label htmlFor={f.attrs.id}>{label(spec.key)}</label>
            <input
              {...f.attrs}
              aria-describedby={[hintId, f.attrs['aria-describedby']].filter(Boolean).join(' ') || undefined}
              {...register(path as Path<FormValues>, spec.optional ? optional : {})}
            />
            {hintId ? (
              <p className="admin-field__hint" id={hintId}>
                {t(`entries.field.${spec.key}Hint`)}
              </p>
            ) : null}
            {f.message}
          </div>
        );
      }
      default:
        return null;
    }
  };

  const title = loaded ? pickLocalized(loaded.entry.name as { ru: string } | undefined, lang) : '';
  return (
    <section aria-labelledby={headingId} className="admin-stack admin-catalog">
      <CatalogNav />
      <p>
        <Link href={`/catalog/entries/${kind}`}>{t('entries.backTo', { list: t(`entries.${kind}.heading`) })}</Link>
      </p>
      <h1 className="admin-heading" id={headingId}>
        {entryId === null ? t(`entries.${kind}.create`) : t(`entries.${kind}.edit`, { name: title })}
      </h1>
      {loaded?.updatedAt ? (
        <p className="admin-field__hint admin-catalog__meta">
          {t('form.lastChange', { who: loaded.updatedBy ?? t('form.importer'), when: formatSessionTime(loaded.updatedAt, timeZone, lang) })}
        </p>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit(onSubmit, () => {
          setMessage({ kind: 'error', text: t('form.fixFields') });
          focusFirstInvalid();
        })}
        className="admin-stack"
        aria-describedby={`${id}-message`}
      >
        <Fragment key={stale.remount}>
          {localized.length > 0 ? (
            <TextTabs
              idPrefix={id}
              tab={tab}
              onTab={setTab}
              flagged={(l) => localized.some((s) => errorAt(formState.errors, `entry.${s.key}.${l}`) !== undefined)}
              panel={(l) => localized.map((spec) => localizedField(spec, l))}
            />
          ) : null}
          {plain.length > 0 ? (
            <fieldset className="admin-card admin-catalog__grid">
              <legend>{t('entries.settings')}</legend>
              {plain.map(plainField)}
            </fieldset>
          ) : null}
        </Fragment>

        <SaveBar
          messageId={`${id}-message`}
          message={message}
          dirty={formState.isDirty}
          busy={busy}
          isNew={entryId === null}
          panel={stale.panel}
        >
          <button className="admin-button" type="submit" disabled={busy}>
            {entryId === null ? t('entries.createButton') : t('form.save')}
          </button>
          {loaded ? (
            <button className="admin-button admin-button--plain" type="button" disabled={busy} onClick={() => void remove()}>
              {t('entries.delete')}
            </button>
          ) : null}
        </SaveBar>
      </form>
    </section>
  );
}
