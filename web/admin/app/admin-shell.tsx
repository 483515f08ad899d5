import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { StaffRole } from '../../../contract/admin/roles.ts';
import { PageChangeAnnouncer } from '../../lib/page-change-announcer.tsx';
import { requestLeave } from '../components/unsaved-changes.ts';
import { UnsavedChangesDialog } from '../components/unsaved-changes-dialog.tsx';
import { AdminNav } from './admin-nav.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { meQueryOptions, signOut } from './session.ts';
import { useHeadingTitle } from './use-heading-title.ts';

type Props = {
  staff: { name: string; role: StaffRole };
  children: ReactNode;
  /** false while the member may only set up one-time codes */ menu?: boolean;
};

const MAIN_ID = 'admin-main';
// Every path is a page of its own (/catalog/entries/venues and /catalog/entries/tags included).
const pathIsPage = (path: string) => path;

/** The header (member, language, sign-out), the menu of the role's pages, and the page. */
export function AdminShell({ staff, children, menu = true }: Props) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  useHeadingTitle(MAIN_ID, location);

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
      <a className="admin-skip" href={`#${MAIN_ID}`}>
        {t('shell.skip')}
      </a>
      <header className="admin-header">
        <span className="admin-header__title">{t('title')}</span>
        <span className="admin-header__member">{t('shell.signedInAs', { name: staff.name, role: t(`roles.${staff.role}`) })}</span>
        <LanguageSwitch />
        <button
          className="admin-button admin-button--quiet"
          type="button"
          onClick={() => requestLeave(() => void leave())}
          disabled={signingOut}
        >
          {t('shell.signOut')}
        </button>
      </header>
      <AdminNav role={staff.role} enabled={menu} />
      <main className="admin-main" id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <UnsavedChangesDialog />
      <PageChangeAnnouncer mainId={MAIN_ID} pageOf={pathIsPage} focus="heading" hiddenClass="admin-visually-hidden" />
    </div>
  );
}
