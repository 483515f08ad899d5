import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../contract/lang.ts';
import { ApiError } from '../lib/api.ts';
import { meQueryOptions, signIn } from './api.ts';

/**
 * The back office's account signs in here too: the controller's e-mail and password. On the door
 * itself (`again`), after the session ended mid-shift, it says so neutrally and the door stays
 * as it was (its sessions, its last code) around it.
 */
export function SignIn({ again, onSignedIn }: { again?: boolean; onSignedIn?: () => void } = {}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      const answer = await signIn({ email, password, lang: normalizeLang(i18n.language) });
      queryClient.setQueryData(meQueryOptions().queryKey, answer);
      onSignedIn?.();
    } catch (error) {
      setMessage((error instanceof ApiError && error.text) || t('signIn.failed'));
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  const form = (
    <form className="door-card" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      {again ? (
        <h2 id={`${id}-heading`} className="door-subheading">
          {t('signIn.againHeading')}
        </h2>
      ) : (
        <h1 id={`${id}-heading`} className="door-heading">
          {t('signIn.heading')}
        </h1>
      )}
      {again ? <p>{t('signIn.againHint')}</p> : null}
      <p className="door-sign-in__message" role="alert">
        {message}
      </p>
      <label className="door-field">
        <span>{t('signIn.email')}</span>
        <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
      </label>
      <label className="door-field">
        <span>{t('signIn.password')}</span>
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
      </label>
      <button className="door-button" type="submit" aria-disabled={busy}>
        {busy ? t('signIn.submitting') : t('signIn.submit')}
      </button>
    </form>
  );
  return again ? form : <main className="door-main door-sign-in">{form}</main>;
}
