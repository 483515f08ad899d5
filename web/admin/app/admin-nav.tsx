import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { StaffRole } from '../../../contract/admin/roles.ts';
import { HOME, type NavEntry, navFor } from './nav.ts';

/**
 * The menu of the role's pages, in sections with headings. On a narrow screen (below the
 * sidebar's 900 px, admin.css) it folds behind a disclosure button, so the page's heading starts
 * in the first screen; it opens with the button, closes with it, with Escape (focus back on the
 * button) and on any navigation: it stays open only at the address it was opened at. On a wide
 * screen the button is hidden and the menu always shown.
 */
export function AdminNav({ role, enabled }: { role: StaffRole; enabled: boolean }) {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const sections = enabled ? navFor(role) : [];

  const link = (entry: NavEntry) => (
    <li key={entry.path}>
      {entry.app ? (
        <a href={entry.path}>{t(entry.labelKey)}</a>
      ) : (
        <Link href={entry.path} aria-current={location === entry.path ? 'page' : undefined} onClick={() => setOpenAt(null)}>
          {t(entry.labelKey)}
        </Link>
      )}
    </li>
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpenAt(null);
    toggle.current?.focus();
  };

  return (
    <nav className="admin-nav" aria-label={t('shell.menu')} onKeyDown={onKeyDown}>
      {enabled ? (
        <>
          <button
            ref={toggle}
            type="button"
            className="admin-nav__toggle"
            aria-expanded={open}
            aria-controls={`${id}-menu`}
            onClick={() => setOpenAt(open ? null : location)}
          >
            <span className="admin-nav__icon" aria-hidden="true" />
            {t('shell.menu')}
          </button>
          <div className="admin-nav__menu" id={`${id}-menu`} data-open={open}>
            <ul className="admin-nav__home">{link(HOME)}</ul>
            {sections.map((section) => (
              <div key={section.key} className="admin-nav__section">
                <h2 className="admin-nav__heading" id={`${id}-${section.key}`}>
                  {t(`shell.sections.${section.key}`)}
                </h2>
                <ul aria-labelledby={`${id}-${section.key}`}>{section.entries.map(link)}</ul>
              </div>
            ))}
          </div>
        </>
      ) : null}
    </nav>
  );
}
