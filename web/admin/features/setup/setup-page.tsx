import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId, useRef, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type SetupEdit,
  logoForEveryLang,
  oneLogoOf,
  setupEdit,
  setupEditorResponse,
  setupSavedResponse,
} from '../../../../contract/admin/setup.ts';
import { HEADER_TEXT_COLOUR, MIN_TEXT_CONTRAST, contrastRatio } from '../../../../contract/colour-contrast.ts';
import { LANGS, normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { ApiError, apiGet, apiSend, toApiError } from '../../../lib/api.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { errorAt, fieldAt } from '../../components/form-paths.tsx';
import type { FormOutcome } from '../../components/form-message.tsx';
import { SaveBar, useStaleSave } from '../../components/editor-save.tsx';
import { SectionNav } from '../../components/section-nav.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid.ts';
import { useVenue } from '../../app/session.ts';
import { formatDateTime } from '../../../lib/venue-format.ts';

type FormInput = z.input<typeof setupEdit>;
const resolver = zodResolver(setupEdit);
const loadSetup = (signal?: AbortSignal) => apiGet('/api/admin/setup', setupEditorResponse, signal ? { signal } : {});
const query = {
  queryKey: ['admin', 'setup'],
  queryFn: ({ signal }: { signal: AbortSignal }) => loadSetup(signal),
  refetchOnWindowFocus: false,
  retry: false,
};
const SECTIONS = ['brand', 'languages', 'contacts', 'headerFooter', 'listing', 'returns'] as const;

/** The storefront's setup (owners): look, languages, contacts, header and footer, the listing's cards. */
export default function SetupPage() {
  const { t, ready } = useTranslation(['admin-setup', 'admin']);
  const loaded = useQuery(query);
  const [notice, setNotice] = useState<string | null>(null);
  if (!ready || loaded.isPending) return <PageSkeleton label={ready ? t('admin:loading') : ''} />;
  if (loaded.error) return <p role="alert">{toApiError(loaded.error).text || t('admin:errors.generic')}</p>;
  return <SetupForm key={loaded.data.revision} loaded={loaded.data} notice={notice} onSaved={setNotice} />;
}

type Loaded = z.output<typeof setupEditorResponse>;

function SetupForm({ loaded, notice, onSaved }: { loaded: Loaded; notice: string | null; onSaved: (text: string | null) => void }) {
  const { t, i18n } = useTranslation(['admin-setup', 'admin']);
  const { timeZone } = useVenue();
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome>(notice ? { kind: 'done', text: notice } : null);
  const form = useForm<FormInput, unknown, SetupEdit>({
    resolver,
    defaultValues: loaded.setup as FormInput,
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef, formState.errors);
  useUnsavedChanges(formState.isDirty);
  const stale = useStaleSave({
    form,
    idPrefix: id,
    loaded: { values: loaded.setup as FormInput, revision: loaded.revision },
    loadCurrent: async () => {
      const current = await loadSetup();
      return { values: current.setup as FormInput, revision: current.revision };
    },
  });
  const sectionId = (key: (typeof SECTIONS)[number]) => `${id}-section-${key}`;

  const field = (path: string) =>
    fieldAt(formState.errors, id, path, (error) =>
      error.type === 'server'
        ? error.message
        : t(`fieldErrors.${error.message && /^[\w-]+$/.test(error.message) ? error.message : error.type}`, {
            defaultValue: t('fieldErrors.invalid'),
          }),
    );

  const text = (path: Path<FormInput>, label: string, options: { type?: string; hint?: string; textarea?: boolean } = {}) => {
    const f = field(path);
    const hintId = options.hint ? `${f.attrs.id}-hint` : undefined;
    const describedBy = [hintId, f.attrs['aria-describedby']].filter(Boolean).join(' ') || undefined;
    return (
      <div className="admin-field" key={path}>
        <label htmlFor={f.attrs.id}>{label}</label>
        {options.textarea ? (
          <textarea {...f.attrs} aria-describedby={describedBy} rows={3} {...register(path)} />
        ) : (
          <input
            {...f.attrs}
            aria-describedby={describedBy}
            type={options.type ?? 'text'}
            {...register(path, options.type === 'number' ? { valueAsNumber: true } : {})}
          />
        )}
        {options.hint ? (
          <p className="admin-field__hint" id={hintId}>
            {options.hint}
          </p>
        ) : null}
        {f.message}
      </div>
    );
  };

  const localized = (path: string, label: string, textarea = false) => (
    <fieldset className="admin-stack" key={path}>
      <legend>{label}</legend>
      {LANGS.map((l) => text(`${path}.${l}` as Path<FormInput>, t(`lang.${l}`), { textarea }))}
    </fieldset>
  );

  const flag = (path: Path<FormInput>, label: string) => (
    <Controller
      key={path}
      control={control}
      name={path}
      render={({ field: c }) => (
        <label className="admin-check">
          <input type="checkbox" checked={c.value === 1} onChange={(e) => c.onChange(e.currentTarget.checked ? 1 : 0)} /> {label}
        </label>
      )}
    />
  );

  const image = (path: Path<FormInput>, label: string, box: { width: number; height: number }) => (
    <Controller
      key={path}
      control={control}
      name={path}
      render={({ field: c }) => (
        <ImageUpload
          label={label}
          value={typeof c.value === 'string' ? c.value : ''}
          onChange={c.onChange}
          preview={box}
          error={errorAt(formState.errors, path) ? t('fieldErrors.url') : undefined}
        />
      )}
    />
  );

  async function onSubmit(values: SetupEdit) {
    setBusy(true);
    setMessage(null);
    stale.clear();
    onSaved(null);
    try {
      await apiSend('PUT', '/api/admin/setup', { revision: stale.revision, setup: values, lang }, setupSavedResponse);
      onSaved(t('saved'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'setup'] });
    } catch (error) {
      const failure = toApiError(error);
      // A stale save keeps the edits: the save bar offers the other change and carrying these over.
      stale.refused(failure);
      const fields =
        failure instanceof ApiError
          ? ((failure.body as { fields?: Array<{ path: string; code: string; text?: string }> } | undefined)?.fields ?? [])
          : [];
      for (const f of fields)
        setError(f.path.replace(/^setup\./, '') as Path<FormInput>, { type: f.text ? 'server' : 'refused', message: f.text ?? f.code });
      setMessage({ kind: 'error', text: failure.text || t('admin:errors.generic') });
      if (fields.length > 0) focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  }

  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="admin-stack admin-catalog">
      <h1 className="admin-heading" id={headingId}>
        {t('heading')}
      </h1>
      <p className="admin-field__hint">
        {t('intro')}
        {loaded.updatedAt
          ? ` ${t('lastChange', { who: loaded.updatedBy ?? t('importer'), when: formatDateTime(loaded.updatedAt, lang, timeZone) })}`
          : ''}
      </p>
      {loaded.fixedByFile.length > 0 ? (
        <p className="admin-field__hint" role="note">
          {t('fixedByFile', { paths: loaded.fixedByFile.join(', ') })}
        </p>
      ) : null}
      <SectionNav label={t('sectionsNav')} sections={SECTIONS.map((key) => ({ id: sectionId(key), label: t(`sections.${key}`) }))} />
      <form
        ref={formRef}
        noValidate
        className="admin-stack"
        onSubmit={handleSubmit(onSubmit, () => {
          setMessage({ kind: 'error', text: t('fixFields') });
          focusFirstInvalid();
        })}
        aria-describedby={`${id}-message`}
      >
        {/* A stale save's edits carried over reset the fields; the inputs that keep their own text start afresh. */}
        <Fragment key={stale.remount}>
          <fieldset className="admin-card admin-stack" id={sectionId('brand')}>
            <legend>{t('sections.brand')}</legend>
            {localized('app.title', t('fields.title'))}
            <LogoFields
              form={form}
              image={image}
              errorText={(path) => (errorAt(formState.errors, path) ? t('fieldErrors.url') : undefined)}
            />
            {text('app.logo_width', t('fields.logoWidth'), { type: 'number', hint: t('fields.logoWidthHint') })}
            {text('app.url_logo', t('fields.urlLogo'))}
            <ColourField form={form} path="app.header_background" label={t('fields.headerBackground')} field={field} />
          </fieldset>

          <fieldset className="admin-card admin-stack" id={sectionId('languages')}>
            <legend>{t('sections.languages')}</legend>
            <div className="admin-field">
              <label htmlFor={`${id}-language`}>{t('fields.language')}</label>
              <select id={`${id}-language`} className="admin-select" {...register('app.language')}>
                {LANGS.map((l) => (
                  <option key={l} value={l}>
                    {t(`lang.${l}`)}
                  </option>
                ))}
              </select>
            </div>
            <Controller
              control={control}
              name="db.languages"
              render={({ field: c }) => {
                const chosen = String(c.value ?? '')
                  .split(',')
                  .map((code) => code.trim());
                const f = field('db.languages');
                return (
                  <fieldset className="admin-stack" aria-describedby={f.attrs['aria-describedby']}>
                    <legend>{t('fields.languages')}</legend>
                    {LANGS.map((l) => (
                      <label className="admin-check" key={l}>
                        <input
                          type="checkbox"
                          checked={chosen.includes(l)}
                          onChange={(e) =>
                            c.onChange(LANGS.filter((code) => (code === l ? e.currentTarget.checked : chosen.includes(code))).join(','))
                          }
                        />{' '}
                        {t(`lang.${l}`)}
                      </label>
                    ))}
                    {f.message}
                  </fieldset>
                );
              }}
            />
          </fieldset>

          <fieldset className="admin-card admin-stack" id={sectionId('contacts')}>
            <legend>{t('sections.contacts')}</legend>
            {text('db.info_contact.email', t('fields.email'), { type: 'email' })}
            {text('db.info_contact.phone', t('fields.phone'), { type: 'tel' })}
            {localized('db.info_contact.requisites', t('fields.requisites'), true)}
            {text('db.info_contact.pushkin_url', t('fields.pushkinUrl'), { type: 'url' })}
            {text('db.info_contact.china_url', t('fields.chinaUrl'), { type: 'url' })}
            {localized('db.info_client', t('fields.infoClient'), true)}
            {flag('db.showproculture', t('fields.showproculture'))}
          </fieldset>

          <fieldset className="admin-card admin-stack" id={sectionId('headerFooter')}>
            <legend>{t('sections.headerFooter')}</legend>
            {flag('app.header', t('fields.header'))}
            {flag('topmenu', t('fields.topmenu'))}
            {flag('app.footer', t('fields.footer'))}
            {flag('app.scroll_top', t('fields.scrollTop'))}
            {text('app.url_lk', t('fields.urlLk'))}
            {image('app.logo_footer', t('fields.logoFooter'), { width: 50, height: 50 })}
            {text('app.logo_footer_width', t('fields.logoFooterWidth'), { type: 'number' })}
            {flag('app.footer_db_info', t('fields.footerDbInfo'))}
            {text('app.footer_url_site', t('fields.footerUrlSite'))}
            {localized('app.footer_text_site', t('fields.footerTextSite'))}
            {text('app.footer_url_contacts', t('fields.footerUrlContacts'))}
            {text('app.footer_url_agreement', t('fields.footerUrlAgreement'))}
            {localized('app.footer_text', t('fields.footerText'), true)}
            {text('app.date', t('fields.date'), { hint: t('fields.dateHint') })}
            {localized('app.banner', t('fields.banner'), true)}
          </fieldset>

          <fieldset className="admin-card admin-stack" id={sectionId('listing')}>
            <legend>{t('sections.listing')}</legend>
            {flag('menu_first_notimes', t('fields.menuFirstNotimes'))}
            {(['tickets', 'subscription'] as const).map((kind) => (
              <fieldset className="admin-stack" key={kind}>
                <legend>{t(`cards.${kind}`)}</legend>
                {flag(`${kind}_image`, t('cards.image'))}
                {flag(`${kind}_description`, t('cards.description'))}
                {flag(`${kind}_action`, t('cards.action'))}
                {flag(`${kind}_address`, t('cards.address'))}
                <div className="admin-field">
                  <label htmlFor={`${id}-${kind}-col`}>{t('cards.col')}</label>
                  <select id={`${id}-${kind}-col`} className="admin-select" {...register(`${kind}_col`, { valueAsNumber: true })}>
                    {[1, 2, 3, 4].map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
              </fieldset>
            ))}
          </fieldset>

          <fieldset className="admin-card admin-stack" id={sectionId('returns')}>
            <legend>{t('sections.returns')}</legend>
            {flag('app.order_return', t('fields.orderReturn'))}
            {text('app.return_form_url', t('fields.returnFormUrl'))}
          </fieldset>
        </Fragment>

        <SaveBar messageId={`${id}-message`} message={message} dirty={formState.isDirty} busy={busy} panel={stale.panel}>
          <button className="admin-button" type="submit" disabled={busy}>
            {t('save')}
          </button>
        </SaveBar>
      </form>
    </section>
  );
}

type SetupForm = ReturnType<typeof useForm<FormInput, unknown, SetupEdit>>;
type LogoKey = 'logo' | 'logo_mobile';
const LOGO_BOX: Record<LogoKey, { width: number; height: number }> = {
  logo: { width: 160, height: 40 },
  logo_mobile: { width: 80, height: 40 },
};

/**
 * The logos. Most venues have one logo: then one upload is the header's logo on computers and
 * phones in all four languages and the footer's logo (the setup keeps a logo per language, as the
 * storefront reads it; an empty phone logo falls back to the header's). A different phone logo
 * can be chosen beside it after that, and the footer's below, in the footer's section. The mode starts as
 * one logo when every language already shows the same picture; the owner may switch to a logo
 * per language. Either way it is part of the page's one save.
 */
function LogoFields({
  form,
  image,
  errorText,
}: {
  form: SetupForm;
  image: (path: Path<FormInput>, label: string, box: { width: number; height: number }) => ReactNode;
  errorText: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('admin-setup');
  const id = useId();
  const [logo, logoMobile, language] = useWatch({ control: form.control, name: ['app.logo', 'app.logo_mobile', 'app.language'] });
  const [one, setOne] = useState(() => oneLogoOf(logo) !== undefined && oneLogoOf(logoMobile) !== undefined);
  const [ownPhoneLogo, setOwnPhoneLogo] = useState(() => {
    const phone = oneLogoOf(logoMobile);
    return phone !== undefined && phone !== '' && phone !== oneLogoOf(logo);
  });
  const setEvery = (key: LogoKey, url: string) => {
    for (const [lang, value] of Object.entries(logoForEveryLang(url)))
      form.setValue(`app.${key}.${lang}` as Path<FormInput>, value, { shouldDirty: true });
  };
  // A new logo is the new look: it replaces the phone's and the footer's too; a different phone
  // logo can then be chosen again.
  function setOneLogo(url: string) {
    setEvery('logo', url);
    setEvery('logo_mobile', '');
    setOwnPhoneLogo(false);
    form.setValue('app.logo_footer' as Path<FormInput>, url, { shouldDirty: true });
  }
  function chooseOne() {
    // Every language takes the logo the default language shows, so what is saved is what the mode says.
    setEvery('logo', pickLocalized(logo, language ?? 'ru'));
    setEvery('logo_mobile', ownPhoneLogo ? pickLocalized(logoMobile, language ?? 'ru') : '');
    setOne(true);
  }
  function chooseOwnPhoneLogo(own: boolean) {
    setOwnPhoneLogo(own);
    // Without a phone logo of its own, phones show the header's logo.
    if (!own) setEvery('logo_mobile', '');
  }
  const errorOf = (key: LogoKey) => LANGS.map((l) => errorText(`app.${key}.${l}`)).find(Boolean);
  return (
    <fieldset className="admin-stack">
      <legend>{t('fields.logos')}</legend>
      <label className="admin-check">
        <input type="radio" name={`${id}-mode`} checked={one} aria-describedby={`${id}-hint`} onChange={chooseOne} /> {t('fields.logoOne')}
      </label>
      <label className="admin-check">
        <input type="radio" name={`${id}-mode`} checked={!one} aria-describedby={`${id}-hint`} onChange={() => setOne(false)} />{' '}
        {t('fields.logoEach')}
      </label>
      <p className="admin-field__hint" id={`${id}-hint`}>
        {t('fields.logoModeHint')}
      </p>
      {one ? (
        <div className="admin-catalog__grid">
          <ImageUpload
            label={t('fields.logo')}
            value={oneLogoOf(logo) ?? ''}
            onChange={setOneLogo}
            preview={LOGO_BOX.logo}
            error={errorOf('logo')}
          />
          <div className="admin-stack">
            <label className="admin-check">
              <input type="checkbox" checked={ownPhoneLogo} onChange={(e) => chooseOwnPhoneLogo(e.currentTarget.checked)} />{' '}
              {t('fields.logoOwnPhone')}
            </label>
            {ownPhoneLogo ? (
              <ImageUpload
                label={t('fields.logoMobile')}
                value={oneLogoOf(logoMobile) ?? ''}
                onChange={(url) => setEvery('logo_mobile', url)}
                preview={LOGO_BOX.logo_mobile}
                error={errorOf('logo_mobile')}
              />
            ) : null}
          </div>
        </div>
      ) : (
        <div className="admin-catalog__grid">
          {LANGS.map((l) => image(`app.logo.${l}` as Path<FormInput>, t('fields.logoIn', { lang: t(`lang.${l}`) }), LOGO_BOX.logo))}
          {LANGS.map((l) =>
            image(`app.logo_mobile.${l}` as Path<FormInput>, t('fields.logoMobileIn', { lang: t(`lang.${l}`) }), LOGO_BOX.logo_mobile),
          )}
        </div>
      )}
    </fieldset>
  );
}

type FieldHelper = (path: string) => {
  attrs: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };
  message: ReactNode;
};

/**
 * The header's background: a colour picker and its #rrggbb text, with the contrast against the
 * storefront's white header text as it is chosen. Below WCAG AA (4.5:1) the save is refused.
 */
function ColourField({
  form,
  path,
  label,
  field,
}: {
  form: ReturnType<typeof useForm<FormInput, unknown, SetupEdit>>;
  path: 'app.header_background';
  label: string;
  field: FieldHelper;
}) {
  const { t } = useTranslation('admin-setup');
  const f = field(path);
  const hintId = `${f.attrs.id}-contrast`;
  return (
    <Controller
      control={form.control}
      name={path}
      render={({ field: c }) => {
        const value = typeof c.value === 'string' ? c.value : '';
        const ratio = contrastRatio(value, HEADER_TEXT_COLOUR);
        const enough = ratio !== undefined && ratio >= MIN_TEXT_CONTRAST;
        return (
          <div className="admin-field">
            <label htmlFor={f.attrs.id}>{label}</label>
            <div className="admin-image__row">
              <input
                type="color"
                aria-label={t('fields.colourPicker')}
                value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'}
                onChange={(e) => c.onChange(e.currentTarget.value)}
              />
              <input
                {...f.attrs}
                aria-describedby={[hintId, f.attrs['aria-describedby']].filter(Boolean).join(' ')}
                value={value}
                onChange={(e) => c.onChange(e.currentTarget.value.trim())}
                onBlur={c.onBlur}
                placeholder="#1f2a44"
              />
              <span
                aria-hidden="true"
                style={{
                  background: /^#[0-9a-fA-F]{6}$/.test(value) ? value : 'transparent',
                  color: HEADER_TEXT_COLOUR,
                  padding: '4px 8px',
                  borderRadius: 4,
                }}
              >
                {t('fields.sample')}
              </span>
            </div>
            <p className={enough ? 'admin-field__hint' : 'admin-field__error'} id={hintId} aria-live="polite">
              {ratio === undefined
                ? t('contrast.unknown')
                : t(enough ? 'contrast.ok' : 'contrast.low', { ratio: ratio.toFixed(1), min: MIN_TEXT_CONTRAST })}
            </p>
            {f.message}
          </div>
        );
      }}
    />
  );
}
