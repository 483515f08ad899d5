import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminErrorCode } from '../../../../contract/admin/errors.ts';
import {
  type ConsentDocumentsAnswer,
  consentDocumentsResponse,
  consentTextGaps,
  publishConsentResponse,
} from '../../../../contract/admin/personal-data.ts';
import { CONSENT_SCOPES, type ConsentScope } from '../../../../contract/consent.ts';
import { LANGS, type Lang, normalizeLang, toBcp47 } from '../../../../contract/lang.ts';
import { ApiError, apiGet, apiPost } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/venue-format.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormMessage, type FormOutcome } from '../../components/form-message.tsx';
import { LanguageTabs } from '../../components/language-tabs.tsx';

type ConsentDocument = ConsentDocumentsAnswer['documents'][number];
type Texts = Record<Lang, string>;
type Draft = { scope: ConsentScope; base: number; title: Texts; body: Texts };

export const consentTextsKey = ['admin', 'consent-texts'] as const;

const textsOf = (value: Partial<Record<string, string>> | undefined): Texts =>
  Object.fromEntries(LANGS.map((lang) => [lang, value?.[lang] ?? ''])) as Texts;

/** The scope's current version: the answer lists every version, newest first within a scope. */
const currentOf = (documents: readonly ConsentDocument[], scope: ConsentScope) => documents.find((doc) => doc.scope === scope);

/** A new draft starts from the scope's current text, and remembers which version it was written over. */
const draftOf = (documents: readonly ConsentDocument[], scope: ConsentScope): Draft => {
  const current = currentOf(documents, scope);
  return { scope, base: current?.version ?? 0, title: textsOf(current?.title), body: textsOf(current?.body) };
};

/**
 * The owner's form for a new version of a consent text: the scope, the four languages' title and
 * body (each tab shows the version in force above its fields), and publishing after a
 * confirmation. The draft remembers the version it was written over, so a version another member
 * published meanwhile is never overwritten unseen (409 -2790: the preview shows it, the draft stays).
 */
export function ConsentTextEditor({ documents, timeZone }: { documents: readonly ConsentDocument[]; timeZone: string }) {
  const { t, i18n } = useTranslation('admin');
  const uiLang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(documents, 'order'));
  const [tab, setTab] = useState<Lang>(uiLang);
  // After a refused submit the missing languages stay flagged, and unflag as they are filled in.
  const [checked, setChecked] = useState(false);
  const gaps = checked ? consentTextGaps(draft.title, draft.body) : [];
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<FormOutcome>(null);
  const current = currentOf(documents, draft.scope);
  const next = draft.base + 1;

  const publish = useMutation({
    mutationFn: () =>
      apiPost(
        '/api/admin/consent-texts',
        { scope: draft.scope, title: draft.title, body: draft.body, version: draft.base },
        publishConsentResponse,
      ),
    onSuccess: async ({ document }) => {
      setAsking(false);
      setMessage({ kind: 'done', text: t('personalData.published', { version: document.version }) });
      setDraft((d) => ({ ...d, base: document.version }));
      await queryClient.invalidateQueries({ queryKey: consentTextsKey });
    },
    onError: async (error) => {
      setAsking(false);
      const text = error instanceof ApiError && error.text ? error.text : t('personalData.error');
      setMessage({ kind: 'error', text });
      if (error instanceof ApiError && error.code === AdminErrorCode.consentTextStale) {
        // The draft stays; it is now written over the version just read, which the tabs preview.
        const fresh = await queryClient.fetchQuery({
          queryKey: consentTextsKey,
          queryFn: ({ signal }) => apiGet('/api/admin/consent-texts', consentDocumentsResponse, { signal }),
        });
        const latest = currentOf(fresh.documents, draft.scope);
        setDraft((d) => ({ ...d, base: latest?.version ?? d.base }));
      }
    },
  });

  const edit = (field: 'title' | 'body', lang: Lang, value: string) => setDraft((d) => ({ ...d, [field]: { ...d[field], [lang]: value } }));

  return (
    <>
      <form
        className="admin-stack admin-card"
        aria-labelledby={`${id}-heading`}
        aria-describedby={`${id}-message`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const missing = consentTextGaps(draft.title, draft.body);
          setChecked(true);
          if (missing.length > 0) {
            setMessage({
              kind: 'error',
              text: t('personalData.missingLangs', { langs: missing.map((l) => t(`personalData.lang.${l}`)).join(', ') }),
            });
            const first = missing[0] ?? tab;
            setTab(first);
            return;
          }
          setMessage(null);
          setAsking(true);
        }}
      >
        <h2 className="admin-subheading" id={`${id}-heading`}>
          {t('personalData.publishHeading')}
        </h2>
        <div className="admin-field">
          <label htmlFor={`${id}-scope`}>{t('personalData.scopeLabel')}</label>
          <select
            id={`${id}-scope`}
            value={draft.scope}
            onChange={(event) => {
              const scope = CONSENT_SCOPES.find((s) => s === event.target.value) ?? 'order';
              setDraft(draftOf(documents, scope));
              setChecked(false);
              setMessage(null);
            }}
          >
            {CONSENT_SCOPES.map((scope) => (
              <option key={scope} value={scope}>
                {t(`personalData.scope.${scope}`)}
              </option>
            ))}
          </select>
        </div>
        <LanguageTabs
          idPrefix={`${id}-text`}
          label={t('personalData.languages')}
          tab={tab}
          onTab={setTab}
          tabLabel={(l) => t(`personalData.lang.${l}`)}
          flagged={(l) => gaps.includes(l)}
          panel={(l) => (
            <>
              <section className="admin-card admin-stack" aria-labelledby={`${id}-current-${l}`} lang={toBcp47(l)}>
                <h3 className="admin-subheading" id={`${id}-current-${l}`} lang={toBcp47(uiLang)}>
                  {current
                    ? t('personalData.current', { version: current.version, at: formatDateTime(current.createdAt, uiLang, timeZone) })
                    : t('personalData.noCurrent')}
                </h3>
                {current && (
                  <>
                    <p>
                      <strong>{current.title[l]}</strong>
                    </p>
                    {(current.body[l] ?? '').split(/\n\s*\n/).map((paragraph, i) => (
                      <p key={i}>{paragraph}</p>
                    ))}
                  </>
                )}
              </section>
              <div className="admin-field">
                <label htmlFor={`${id}-title-${l}`}>{t('personalData.titleField')}</label>
                <input
                  id={`${id}-title-${l}`}
                  value={draft.title[l]}
                  aria-invalid={gaps.includes(l) && !draft.title[l].trim() ? true : undefined}
                  onChange={(event) => edit('title', l, event.target.value)}
                />
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-body-${l}`}>{t('personalData.bodyField')}</label>
                <textarea
                  id={`${id}-body-${l}`}
                  rows={8}
                  value={draft.body[l]}
                  aria-describedby={`${id}-body-hint`}
                  aria-invalid={gaps.includes(l) && !draft.body[l].trim() ? true : undefined}
                  onChange={(event) => edit('body', l, event.target.value)}
                />
              </div>
            </>
          )}
        />
        <p id={`${id}-body-hint`}>{t('personalData.bodyHint')}</p>
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={publish.isPending} aria-busy={publish.isPending}>
            {t('personalData.publishButton', { version: next })}
          </button>
        </div>
        <FormMessage id={`${id}-message`} message={message} />
      </form>
      {asking && (
        <ConfirmDialog
          title={t('personalData.confirmTitle', { version: next })}
          confirmLabel={t('personalData.confirmPublish')}
          cancelLabel={t('personalData.cancel')}
          serious
          busy={publish.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => publish.mutate()}
        >
          <p>{t('personalData.confirmText', { title: draft.title[uiLang] || draft.title.ru })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
