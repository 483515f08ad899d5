import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { StaffRole } from '../../../contract/admin/roles.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { navFor } from './nav.ts';
import { meQueryOptions, signOut } from './session.ts';

type Props = { staff: { name: string; role: StaffRole }; children: ReactNode; /** false while the member may only set up one-time codes */ menu?: boolean };

/** The header (member, language, sign-out), the menu of the role's pages, and the page. */
export function AdminShell({ staff, children, menu = true }: Props) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  async function leave() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      // Whatever the answer, this page forgets the member: a failed sign-out shows the sign-in form, not stale data.
      const me = meQueryOptions().queryKey;
      queryClient.setQueryData(me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey.join('/') !== me.join('/') });
      setSigningOut(false);
    }
  }

  return (
    <div className="admin-layout">
      <a className="admin-skip" href="#admin-main">
        {t('shell.skip')}
      </a>
      <header className="admin-header">
        <span className="admin-header__title">{t('title')}</span>
        <span className="admin-header__member">{t('shell.signedInAs', { name: staff.name, role: t(`roles.${staff.role}`) })}</span>
        <LanguageSwitch />
        <button className="admin-button admin-button--quiet" type="button" onClick={leave} disabled={signingOut}>
          {t('shell.signOut')}
        </button>
      </header>
      <nav className="admin-nav" aria-label={t('shell.menu')}>
        <ul>
          {(menu ? navFor(staff.role) : []).map((entry) => (
            <li key={entry.path}>
              {entry.app ? (
                <a href={entry.path}>{t(entry.labelKey)}</a>
              ) : (
                <Link href={entry.path} aria-current={location === entry.path ? 'page' : undefined}>
                  {t(entry.labelKey)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin-main" id="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
