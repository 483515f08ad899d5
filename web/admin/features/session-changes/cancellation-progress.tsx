import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CancellationStatusResponse } from '../../../../contract/admin/session-changes.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { PlanTable } from './plan-table.tsx';

type Cancellation = NonNullable<CancellationStatusResponse['cancellation']>;

/** A confirmed cancellation: how far the job is, what it refunded against the dry run, and each order that failed and why. */
export function CancellationProgress({ cancellation: c }: { cancellation: Cancellation }) {
  const { t, i18n } = useTranslation('admin-sessions');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const settled = c.progress.done + c.progress.failed;
  return (
    <section className="admin-card" aria-labelledby="cancellation-title">
      <h2 className="admin-subheading" id="cancellation-title">
        {c.finishedAt ? t('progress.finished') : t('progress.running')}
      </h2>
      <p>{t('progress.by', { who: c.staffName, when: formatDateTime(c.createdAt, lang, venue.timeZone), reason: c.reason })}</p>
      <label htmlFor="cancellation-progress">{t('progress.label', { done: settled, total: c.progress.total })}</label>
      <progress id="cancellation-progress" className="admin-progress" max={Math.max(c.progress.total, 1)} value={settled} />
      <p role="status" aria-live="polite">
        {t('progress.counts', { done: c.progress.done, failed: c.progress.failed, pending: c.progress.pending })}
      </p>
      <PlanTable plan={c.planned} caption={t('progress.plannedCaption')} />
      <PlanTable plan={c.refunded} caption={t('progress.refundedCaption')} />
      <p>
        {t('progress.refunds', {
          done: c.refunds.done,
          pending: c.refunds.pending,
          failed: c.refunds.failed,
          desk: c.refunds.atDesk,
          released: c.released,
        })}
      </p>
      {c.problems.length === 0 ? (
        <p>{t('progress.noProblems')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>{t('progress.problemsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('progress.order')}</th>
                <th scope="col">{t('plan.amount')}</th>
                <th scope="col">{t('progress.state')}</th>
                <th scope="col">{t('progress.why')}</th>
              </tr>
            </thead>
            <tbody>
              {c.problems.map((p) => (
                <tr key={p.orderId}>
                  <th scope="row">
                    <Link href={`/orders/${p.orderId}`}>{t('progress.orderN', { number: p.number })}</Link>
                  </th>
                  <td>{formatMoney(p.amount, venue.currency, lang)}</td>
                  <td>{t(`progress.states.${p.state}`)}</td>
                  <td>{p.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
