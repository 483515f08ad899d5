import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { groupsResponse } from '../../../../contract/admin/groups.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { useVenue } from '../../app/session.ts';
import { groupsPaths } from './groups-api.ts';
import { StatementImport } from './statement-import.tsx';
import { BankDetailsForm } from './bank-details-form.tsx';

/** The groups: each with its invoice, organisation, places, sum and state; a new group, a bank statement, the bank details. */
export function GroupsPage({ canEditBank }: { canEditBank: boolean }) {
  const { t, i18n, ready } = useTranslation('admin-groups');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const list = useQuery({
    queryKey: ['admin', 'groups', lang],
    queryFn: ({ signal }) => apiGet(groupsPaths.list(lang), groupsResponse, { signal }),
  });
  if (!ready) return <PageSkeleton label="" />;
  return (
    <section aria-labelledby="admin-groups-heading" className="admin-stack">
      <h1 className="admin-heading" id="admin-groups-heading">
        {t('heading')}
      </h1>
      <p>
        <Link href="/groups/new" className="admin-button admin-button--primary">
          {t('new')}
        </Link>
      </p>
      {list.isPending ? (
        <div aria-busy="true">
          <span className="admin-visually-hidden">{t('loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : list.isError ? (
        <p role="alert">{t('error')}</p>
      ) : list.data.groups.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <TableRegion name={t('caption')}>
          <table className="admin-table">
            <caption className="admin-visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('invoice')}</th>
                <th scope="col">{t('organisation')}</th>
                <th scope="col">{t('event')}</th>
                <th scope="col">{t('places')}</th>
                <th scope="col">{t('total')}</th>
                <th scope="col">{t('state')}</th>
                <th scope="col">{t('payUntil')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.groups.map((g) => (
                <tr key={g.id}>
                  <td>
                    <Link href={`/groups/${g.id}`}>{t('invoiceNumber', { number: g.invoiceNumber })}</Link>
                  </td>
                  <td>{g.organisation.name}</td>
                  <td>
                    {g.eventName}, {formatDateTime(g.sessionStartsAt, lang, venue.timeZone)}
                  </td>
                  <td>{g.places}</td>
                  <td>{formatMoney(g.total, venue.currency, lang)}</td>
                  <td>{t(`states.${g.state}`, { paid: formatMoney(g.paidAmount, venue.currency, lang) })}</td>
                  <td>{formatDateTime(g.payUntil, lang, venue.timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <StatementImport />
      <BankDetailsForm canEdit={canEditBank} />
    </section>
  );
}

export default GroupsPage;
