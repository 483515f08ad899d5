import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ERASE_REASON_MAX,
  consentDocumentsResponse,
  eraseResponse,
  visitorDataResponse,
} from '../../../../contract/admin/personal-data.ts';
import { normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { ApiError, apiGet, apiPost } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/venue-format.ts';
import { TableRegion } from '../../components/table-region.tsx';
import { useVenue } from '../../app/session.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ConsentTextEditor, consentTextsKey } from './consent-text-editor.tsx';

/** The query string naming one visitor: an address with @ is an e-mail, anything else a phone. */
const visitorParams = (term: string) => new URLSearchParams(term.includes('@') ? { email: term } : { phone: term }).toString();

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.text ? error.text : fallback);

/**
 * A visitor's request about their personal data (find, export, erase, each audited), the consent
 * texts in force with the form publishing a new version, and a warning while a service outside
 * Russia is on.
 */
export function PersonalDataPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const { timeZone } = useVenue();
  const [term, setTerm] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [askingErase, setAskingErase] = useState(false);
  const texts = useQuery({
    queryKey: consentTextsKey,
    queryFn: ({ signal }) => apiGet('/api/admin/consent-texts', consentDocumentsResponse, { signal }),
  });
  const found = useQuery({
    queryKey: ['admin', 'personal-data', asked],
    queryFn: ({ signal }) => apiGet(`/api/admin/personal-data?${visitorParams(asked ?? '')}`, visitorDataResponse, { signal }),
    enabled: asked !== null,
    retry: false,
  });
  const erase = useMutation({
    mutationFn: () =>
      apiPost(
        '/api/admin/personal-data/erase',
        { ...Object.fromEntries(new URLSearchParams(visitorParams(asked ?? ''))), reason },
        eraseResponse,
      ),
    onSuccess: () => void found.refetch(),
    onSettled: () => setAskingErase(false),
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    erase.reset();
    setAsked(term.trim());
  };
  const current = texts.data?.documents.filter((doc, i, all) => all.findIndex((d) => d.scope === doc.scope) === i) ?? [];

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h1 className="admin-heading" id={`${id}-heading`}>
        {t('personalData.heading')}
      </h1>
      {texts.data?.recaptcha && (
        <p role="alert" className="admin-card">
          {t('personalData.recaptchaWarning')}
        </p>
      )}
      {texts.data && <p>{t('personalData.retention', { count: texts.data.retentionDays })}</p>}

      <form className="admin-stack" onSubmit={search} aria-labelledby={`${id}-search`}>
        <h2 className="admin-subheading" id={`${id}-search`}>
          {t('personalData.request')}
        </h2>
        <div className="admin-field">
          <label htmlFor={`${id}-term`}>{t('personalData.term')}</label>
          <input
            id={`${id}-term`}

            value={term}
            maxLength={70}
            autoComplete="off"
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
        <button type="submit" className="admin-button">
          {t('personalData.find')}
        </button>
      </form>

      {asked !== null && found.isPending && <div className="admin-skeleton admin-skeleton--row" aria-busy="true" />}
      {/* Outside the visitor's block: after an erasure the search finds nothing, and the outcome stays said. */}
      <div role="status" className="admin-message">
        {erase.isSuccess && t('personalData.erased', { erased: erase.data.erased.length, kept: erase.data.kept.length })}
        {erase.isError && errorText(erase.error, t('personalData.error'))}
      </div>
      {found.isError && <p role="alert">{errorText(found.error, t('personalData.error'))}</p>}
      {/* A failed refetch keeps the old data: never show it as if it were current. */}
      {found.data && !found.isError && (
        <>
          <TableRegion name={t('personalData.orders')}>
            <table className="admin-table">
              <caption className="admin-visually-hidden">{t('personalData.orders')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('personalData.order')}</th>
                  <th scope="col">{t('personalData.event')}</th>
                  <th scope="col">{t('personalData.session')}</th>
                  <th scope="col">{t('personalData.buyer')}</th>
                  <th scope="col">{t('personalData.state')}</th>
                </tr>
              </thead>
              <tbody>
                {found.data.orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <a href={`/admin/orders/${order.id}`}>{order.number}</a>
                    </td>
                    <td>{pickLocalized(order.event, lang)}</td>
                    <td>{formatDateTime(order.sessionAt, lang, timeZone)}</td>
                    <td>{[order.buyer.name, order.buyer.phone, order.buyer.email].filter(Boolean).join(', ') || '—'}</td>
                    <td>
                      {order.anonymisedAt
                        ? t('personalData.anonymised', { at: formatDateTime(order.anonymisedAt, lang, timeZone) })
                        : order.erasable
                          ? t('personalData.erasable')
                          : t('personalData.kept')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <p>
            <a
              className="admin-button admin-button--quiet"
              href={`/api/admin/personal-data/export?${visitorParams(asked ?? '')}&format=html`}
            >
              {t('personalData.exportHtml')}
            </a>{' '}
            <a
              className="admin-button admin-button--quiet"
              href={`/api/admin/personal-data/export?${visitorParams(asked ?? '')}&format=json`}
            >
              {t('personalData.exportJson')}
            </a>
          </p>
          <form
            className="admin-stack"
            aria-labelledby={`${id}-erase`}
            onSubmit={(event) => {
              event.preventDefault();
              setAskingErase(true);
            }}
          >
            <h2 className="admin-subheading" id={`${id}-erase`}>
              {t('personalData.erase')}
            </h2>
            <p>{t('personalData.eraseNote')}</p>
            <div className="admin-field">
              <label htmlFor={`${id}-reason`}>{t('personalData.reason')}</label>
              <textarea
                id={`${id}-reason`}

                value={reason}
                maxLength={ERASE_REASON_MAX}
                required
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <button type="submit" className="admin-button admin-button--danger" disabled={erase.isPending} aria-busy={erase.isPending}>
              {t('personalData.eraseButton')}
            </button>
          </form>
          {askingErase && (
            <ConfirmDialog
              title={t('personalData.eraseConfirmTitle', { who: asked ?? '' })}
              confirmLabel={t('personalData.eraseButton')}
              cancelLabel={t('personalData.cancel')}
              serious
              busy={erase.isPending}
              onCancel={() => setAskingErase(false)}
              onConfirm={() => erase.mutate()}
            >
              <p>{t('personalData.eraseConfirmText')}</p>
            </ConfirmDialog>
          )}
        </>
      )}

      <h2 className="admin-subheading">{t('personalData.texts')}</h2>
      {texts.isPending ? (
        <div className="admin-skeleton admin-skeleton--row" aria-busy="true" />
      ) : (
        <ul>
          {current.map((doc) => (
            <li key={doc.id}>
              <a href={`/rules/consent-${doc.scope}`} target="_blank" rel="noopener noreferrer">
                {pickLocalized(doc.title, lang)}
              </a>{' '}
              {t('personalData.version', { version: doc.version, at: formatDateTime(doc.createdAt, lang, timeZone) })}
            </li>
          ))}
        </ul>
      )}
      {texts.data && <ConsentTextEditor documents={texts.data.documents} timeZone={timeZone} />}
    </section>
  );
}
