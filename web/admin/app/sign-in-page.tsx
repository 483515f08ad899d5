import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../../contract/lang.ts';
import { ApiError } from '../../lib/api.ts';
import { useCardForm } from '../components/card-form.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { meQueryOptions, signIn } from './session.ts';
import { useHeadingTitle } from './use-heading-title.ts';

type Field = 'email' | 'password' | 'totpCode';

/** E-mail and password (and the one-time code when the account asks for it). */
export function SignInPage() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  const { busy, message, fields, submitWith } = useCardForm();
  useHeadingTitle('admin-sign-in', 'sign-in');

  const submit = submitWith(async () => {
    try {
      const lang = normalizeLang(i18n.language);
      const answer = await signIn({ email, password, lang, ...(needsTotp && totpCode ? { totpCode } : {}) });
      queryClient.setQueryData(meQueryOptions().queryKey, answer);
      return '';
    } catch (error) {
      // A refusal asks for the password again, and for the one-time code when the account has one.
      if (error instanceof ApiError && (error.body as { totpRequired?: boolean } | undefined)?.totpRequired) setNeedsTotp(true);
      setPassword('');
      throw error;
    }
  });

  const describedBy = (name: Field) => (fields[name] ? `${id}-${name}-error` : undefined);
  const fieldError = (name: Field) =>
    fields[name] ? (
      <p className="admin-field__error" id={`${id}-${name}-error`}>
        {t(`fields.${fields[name]}`, { defaultValue: t('fields.invalid') })}
      </p>
    ) : null;

  return (
    <main className="admin-sign-in" id="admin-sign-in">
      <div className="admin-sign-in__lang">
        <LanguageSwitch />
      </div>
      <form className="admin-card admin-sign-in__form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
        <h1 className="admin-heading" id={`${id}-heading`}>
          {t('signIn.heading')}
        </h1>
        <div className="admin-sign-in__message" role="alert">
          {message}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-email`}>{t('signIn.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            aria-invalid={fields.email ? true : undefined}
            aria-describedby={describedBy('email')}
            required
          />
          {fieldError('email')}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-password`}>{t('signIn.password')}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            aria-invalid={fields.password ? true : undefined}
            aria-describedby={describedBy('password')}
            required
          />
          {fieldError('password')}
        </div>
        {needsTotp ? (
          <div className="admin-field">
            <label htmlFor={`${id}-totp`}>{t('signIn.totp')}</label>
            <input
              id={`${id}-totp`}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              value={totpCode}
              onChange={(e) => setTotpCode(e.currentTarget.value)}
              aria-invalid={fields.totpCode ? true : undefined}
              aria-describedby={describedBy('totpCode')}
            />
            {fieldError('totpCode')}
          </div>
        ) : null}
        <button className="admin-button" type="submit" disabled={busy}>
          {busy ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}
