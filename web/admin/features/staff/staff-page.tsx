import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffListResponse } from '../../../../contract/admin/session.ts';
import { apiGet } from '../../../lib/api.ts';

/** The members of staff (the owner's): name, e-mail, role and whether they can sign in. */
export function StaffPage() {
  const { t } = useTranslation('admin');
  const list = useQuery({ queryKey: ['admin', 'staff'], queryFn: ({ signal }) => apiGet('/api/admin/staff', staffListResponse, { signal }) });
  return (
    <section aria-labelledby="admin-staff-heading">
      <h1 className="admin-heading" id="admin-staff-heading">
        {t('staff.heading')}
      </h1>
      {list.isPending ? (
        <div aria-busy="true">
          <span className="admin-visually-hidden">{t('loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : list.isError ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('staff.name')}</th>
                <th scope="col">{t('staff.email')}</th>
                <th scope="col">{t('staff.role')}</th>
                <th scope="col">{t('staff.state')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.staff.map((member) => (
                <tr key={member.id}>
                  <td>{member.name}</td>
                  <td>{member.email}</td>
                  <td>{t(`roles.${member.role}`)}</td>
                  <td>{member.disabled ? t('staff.disabled') : t('staff.active')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
