import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  SESSION_CHANGE_LIMITS,
  cancelPreviewResponse,
  cancelSessionResponse,
  cancellationStatusResponse,
  postponeSessionResponse,
} from '../../../../contract/admin/session-changes.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { useCardForm } from '../../components/card-form.tsx';
import { useFieldError } from '../../components/field-errors.tsx';
import { pickText } from '../../lib/format.ts';
import { fromZoneInput, toZoneInput } from '../../lib/zone-time.ts';
import { CancellationProgress } from './cancellation-progress.tsx';
import { PlanTable } from './plan-table.tsx';
import { WaitlistPanel } from './waitlist-panel.tsx';

const statusKey = (sessionId: number) => ['admin', 'session-change', sessionId] as const;

/**
 * A session's actions for those who run the sale: move it to a new start with a full-return
 * deadline, or cancel it after a dry run of what will be refunded, by payment type; once
 * confirmed, the cancellation's progress and report.
 */
export default function SessionChangePage({ eventId, sessionId }: { eventId: number; sessionId: number }) {
  const { t, i18n } = useTranslation(['admin-sessions', 'admin']);
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const status = useQuery({
    queryKey: statusKey(sessionId),
    queryFn: ({ signal }) => apiGet(`/api/admin/sessions/${sessionId}/cancellation?lang=${lang}`, cancellationStatusResponse, { signal }),
    // A cancellation under way: its progress is read again every two seconds until it ends.
    refetchInterval: (query) => (query.state.data?.cancellation && !query.state.data.cancellation.finishedAt ? 2000 : false),
  });
  const session = status.data?.session;
  return (
    <section aria-labelledby="session-change-heading" aria-busy={status.isPending}>
      <p>
        <Link href={`/catalog/events/${eventId}`}>{t('back')}</Link>
      </p>
      <h1 className="admin-heading" id="session-change-heading" data-page-title={t('title')} tabIndex={-1}>
        {t('title')}
      </h1>
      {status.isPending ? (
        <div className="admin-skeleton admin-skeleton--title" aria-hidden="true" />
      ) : !session ? (
        <p role="alert">{t('notFound')}</p>
      ) : (
        <>
          <p>
            {t('session', { event: pickText(session.eventName, lang), when: formatDateTime(session.startsAt, lang, venue.timeZone) })}
            {session.fullReturnUntil
              ? ` ${t('fullReturnUntil', { until: formatDateTime(session.fullReturnUntil, lang, venue.timeZone) })}`
              : ''}
          </p>
          {status.data?.cancellation ? (
            <CancellationProgress cancellation={status.data.cancellation} />
          ) : session.cancelled ? (
            <p>{t('cancelledAlready')}</p>
          ) : (
            <>
              <PostponeForm sessionId={sessionId} startsAt={session.startsAt} />
              <CancelSection sessionId={sessionId} />
            </>
          )}
          <WaitlistPanel sessionId={sessionId} />
        </>
      )}
    </section>
  );
}

function PostponeForm({ sessionId, startsAt }: { sessionId: number; startsAt: string }) {
  const { t, i18n } = useTranslation('admin-sessions');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const queryClient = useQueryClient();
  const id = useId();
  const [newStart, setNewStart] = useState(toZoneInput(startsAt, venue.timeZone));
  const [until, setUntil] = useState('');
  const { busy, message, fields, submitWith } = useCardForm();
  const fieldError = useFieldError(id, fields);
  const submit = submitWith(async () => {
    const answer = await apiPost(
      `/api/admin/sessions/${sessionId}/postpone`,
      {
        startsAt: fromZoneInput(newStart, venue.timeZone) ?? newStart,
        fullReturnUntil: fromZoneInput(until, venue.timeZone) ?? until,
        lang,
      },
      postponeSessionResponse,
    );
    await queryClient.invalidateQueries({ queryKey: statusKey(sessionId) });
    return t('postpone.done', { when: formatDateTime(answer.session.startsAt, lang, venue.timeZone), count: answer.mailed });
  });
  return (
    <form className="admin-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="admin-subheading" id={`${id}-title`}>
        {t('postpone.title')}
      </h2>
      <p>{t('postpone.text')}</p>
      <div className="admin-field">
        <label htmlFor={`${id}-start`}>{t('postpone.startsAt')}</label>
        <input
          id={`${id}-start`}
          type="datetime-local"
          value={newStart}
          onChange={(e) => setNewStart(e.currentTarget.value)}
          {...fieldError.attrs('startsAt')}
        />
        {fieldError.message('startsAt')}
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-until`}>{t('postpone.fullReturnUntil')}</label>
        <input
          id={`${id}-until`}
          type="datetime-local"
          value={until}
          onChange={(e) => setUntil(e.currentTarget.value)}
          {...fieldError.attrs('fullReturnUntil')}
        />
        {fieldError.message('fullReturnUntil')}
      </div>
      <p role="status">{message}</p>
      <button className="admin-button" type="submit" disabled={busy}>
        {busy ? t('postpone.submitting') : t('postpone.submit')}
      </button>
    </form>
  );
}

function CancelSection({ sessionId }: { sessionId: number }) {
  const { t, i18n } = useTranslation('admin-sessions');
  const lang = normalizeLang(i18n.language);
  const queryClient = useQueryClient();
  const id = useId();
  const [shown, setShown] = useState(false);
  const [reason, setReason] = useState('');
  const preview = useQuery({
    queryKey: [...statusKey(sessionId), 'preview'],
    queryFn: ({ signal }) => apiGet(`/api/admin/sessions/${sessionId}/cancel-preview?lang=${lang}`, cancelPreviewResponse, { signal }),
    enabled: shown,
    retry: false,
  });
  const { busy, message, fields, submitWith } = useCardForm();
  const fieldError = useFieldError(id, fields);
  const submit = submitWith(async () => {
    try {
      await apiPost(
        `/api/admin/sessions/${sessionId}/cancel`,
        { reason, fingerprint: preview.data?.plan.fingerprint ?? '', lang },
        cancelSessionResponse,
      );
    } catch (failure) {
      // The orders changed since the dry run: show the new figures with the refusal.
      await preview.refetch();
      throw failure;
    }
    await queryClient.invalidateQueries({ queryKey: statusKey(sessionId) });
    return '';
  });
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 className="admin-subheading" id={`${id}-title`}>
        {t('cancel.title')}
      </h2>
      <p>{t('cancel.text')}</p>
      {!shown ? (
        <button className="admin-button admin-button--danger" type="button" onClick={() => setShown(true)}>
          {t('cancel.preview')}
        </button>
      ) : preview.isPending ? (
        <p aria-busy="true">{t('cancel.loading')}</p>
      ) : preview.data ? (
        <form onSubmit={submit} noValidate>
          <PlanTable plan={preview.data.plan} caption={t('cancel.planCaption')} />
          <p>{t('cancel.release', { count: preview.data.plan.release.orders, tickets: preview.data.plan.release.tickets })}</p>
          <div className="admin-field">
            <label htmlFor={`${id}-reason`}>{t('cancel.reason')}</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={SESSION_CHANGE_LIMITS.reasonMax}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              {...fieldError.attrs('reason')}
            />
            {fieldError.message('reason')}
          </div>
          <p role="alert">{message}</p>
          <button className="admin-button admin-button--danger" type="submit" disabled={busy}>
            {busy ? t('cancel.submitting') : t('cancel.submit')}
          </button>
        </form>
      ) : (
        <p role="alert">{t('cancel.previewFailed')}</p>
      )}
    </section>
  );
}
