import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang, normalizeLang, toBcp47 } from '../../contract/lang.ts';
import { meQueryOptions, signOut } from './api.ts';
import { DoorPage } from './door-page.tsx';
import { rememberLang } from './i18n.ts';
import { SignIn } from './sign-in.tsx';

/** The check-in page: the sign-in form without a staff session, the door with one. */
export function CheckinApp() {
  const { t, i18n } = useTranslation();
  const me = useQuery(meQueryOptions());
  const lang = normalizeLang(i18n.language);
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    try {
      await signOut();
    } finally {
      // Whatever the answer, the door forgets the member; the chosen sessions stay on the device.
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      queryClient.removeQueries({ queryKey: ['checkin'], predicate: (query) => query.queryKey[1] !== 'me' });
      setLeaving(false);
    }
  }

  function changeLang(next: Lang) {
    rememberLang(next);
    document.documentElement.lang = toBcp47(next);
    void i18n.changeLanguage(next);
  }

  return (
    <div className="door-layout">
      <header className="door-header">
        <span className="door-header__title">{t('title')}</span>
        {me.data ? <span className="door-header__member">{me.data.staff.name}</span> : null}
        <a className="door-header__link" href="/admin">
          {t('backOffice')}
        </a>
        {me.data ? (
          <button className="door-header__sign-out" type="button" onClick={() => void leave()} aria-disabled={leaving}>
            {t('signOut')}
          </button>
        ) : null}
        <label className="door-lang">
          <span className="door-visually-hidden">{t('language')}</span>
          <select value={lang} onChange={(e) => changeLang(normalizeLang(e.currentTarget.value))}>
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
      </header>
      {me.isPending ? (
        <main className="door-main" aria-busy="true">
          <div className="door-skeleton door-skeleton--title" />
          <div className="door-skeleton door-skeleton--panel" />
        </main>
      ) : me.data?.mustChangePassword ? (
        // The password an owner set is temporary: the door refuses the member until they change it in the back office.
        <main className="door-main">
          <p role="alert">{t('passwordChange.text')}</p>
          <p>
            <a href="/admin">{t('passwordChange.link')}</a>
          </p>
        </main>
      ) : me.data?.mustSetUpTotp ? (
        // The venue requires one-time codes and this member has none: the door refuses them like the back office does.
        <main className="door-main">
          <p role="alert">{t('totpSetup.text')}</p>
          <p>
            <a href="/admin/account">{t('totpSetup.link')}</a>
          </p>
        </main>
      ) : me.data || me.isError ? (
        // Unreachable server (a door without network): the door still works, its scans are kept.
        <DoorPage />
      ) : (
        <SignIn />
      )}
    </div>
  );
}
