import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountResponse, doneResponse, totpSetupResponse } from '../../../../contract/admin/staff-management.ts';
import { staffSignedOutResponse } from '../../../../contract/admin/session.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { FormField } from '../../app/form-field.tsx';
import { meQueryOptions } from '../../app/session.ts';
import { Card, CardForm, NewPasswordField, useCardForm } from '../../components/card-form.tsx';

const accountKey = ['admin', 'account'] as const;

/**
 * The member's own account: one-time codes, password, sign out everywhere. `setupOnly` when the
 * venue requires codes first; `passwordOnly` while the password is a temporary one an owner set
 * (the server refuses everything else until it is changed).
 */
export function AccountPage({ setupOnly = false, passwordOnly = false }: { setupOnly?: boolean; passwordOnly?: boolean }) {
  const { t } = useTranslation('admin');
  const account = useQuery({ queryKey: accountKey, queryFn: ({ signal }) => apiGet('/api/admin/account', accountResponse, { signal }) });
  if (passwordOnly) {
    return (
      <section aria-labelledby="admin-account-heading" className="admin-stack">
        <h1 className="admin-heading" id="admin-account-heading">
          {t('account.passwordChangeHeading')}
        </h1>
        <p>{t('account.passwordChangeText')}</p>
        {account.isPending ? (
          <div aria-busy="true" className="admin-card">
            <span className="admin-visually-hidden">{t('loading')}</span>
            <div className="admin-skeleton admin-skeleton--row" />
          </div>
        ) : (
          <PasswordSection totpEnabled={account.data?.totpEnabled === true} temporary />
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="admin-account-heading" className="admin-stack">
      <h1 className="admin-heading" id="admin-account-heading">
        {setupOnly ? t('account.setupHeading') : t('account.heading')}
      </h1>
      {setupOnly ? <p>{t('account.setupText')}</p> : null}
      {account.isPending ? (
        <div aria-busy="true" className="admin-card">
          <span className="admin-visually-hidden">{t('loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : account.isError ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : (
        <TotpSection enabled={account.data.totpEnabled} required={account.data.totpRequired} />
      )}
      {setupOnly ? null : (
        <>
          <PasswordSection totpEnabled={account.data?.totpEnabled === true} />
          <SignOutEverywhere />
        </>
      )}
    </section>
  );
}

function TotpSection({ enabled, required }: { enabled: boolean; required: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const id = useId();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  // The password is asked again to start the set-up and to turn codes off: a session alone changes neither.
  const [password, setPassword] = useState('');
  const { busy, message, fields, run } = useCardForm();
  const lang = normalizeLang(i18n.language);

  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await apiPost('/api/admin/account/totp/setup', { password, lang }, totpSetupResponse);
      setPassword('');
      // The QR library is loaded only here, when a member sets codes up.
      const QRCode = (await import('qrcode')).default;
      const svg = await QRCode.toString(answer.uri, { type: 'svg', margin: 1 });
      setSetup({ secret: answer.secret, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      return '';
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await apiPost(
        enabled ? '/api/admin/account/totp/disable' : '/api/admin/account/totp/confirm',
        enabled ? { password, code, lang } : { code, lang },
        doneResponse,
      );
      setSetup(null);
      setCode('');
      setPassword('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKey }),
        queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
      ]);
      return enabled ? t('account.totpOff') : t('account.totpOn');
    });
  };

  const passwordField = (
    <FormField
      id={`${id}-password`}
      label={t('account.confirmPassword')}
      hint={t('account.confirmPasswordHint')}
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={(e) => setPassword(e.currentTarget.value)}
      error={fields.password}
    />
  );

  return (
    <Card heading={t('account.totpHeading')}>
      <p>{enabled ? t('account.totpEnabled') : t('account.totpDisabled')}</p>
      <p className="admin-message" role="status">
        {message}
      </p>
      {!enabled && !setup ? (
        <form className="admin-stack" onSubmit={start} noValidate>
          {passwordField}
          <button className="admin-button" type="submit" disabled={busy}>
            {t('account.totpStart')}
          </button>
        </form>
      ) : null}
      {!enabled && setup ? (
        <div className="admin-totp">
          <img className="admin-totp__qr" src={setup.qr} width={200} height={200} alt={t('account.totpQrAlt')} />
          <p>
            {t('account.totpSecret')}{' '}
            <code className="admin-totp__secret" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
        </div>
      ) : null}
      {(enabled && !required) || setup ? (
        <form className="admin-stack" onSubmit={submit} noValidate>
          {enabled ? passwordField : null}
          <FormField
            id={`${id}-code`}
            label={enabled ? t('account.totpCodeToDisable') : t('account.totpCodeToConfirm')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={fields.code}
          />
          <button className="admin-button" type="submit" disabled={busy}>
            {enabled ? t('account.totpDisable') : t('account.totpConfirm')}
          </button>
        </form>
      ) : null}
      {enabled && required ? <p>{t('account.totpRequiredByVenue')}</p> : null}
    </Card>
  );
}

/** The password change: the current password, and a current code where the member has codes on. */
function PasswordSection({ totpEnabled, temporary = false }: { totpEnabled: boolean; temporary?: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const id = useId();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [code, setCode] = useState('');
  const form = useCardForm();
  const { fields } = form;

  const submit = () =>
    form.run(async () => {
      await apiPost(
        '/api/admin/account/password',
        { currentPassword, newPassword, ...(totpEnabled ? { code } : {}), lang: normalizeLang(i18n.language) },
        doneResponse,
      );
      setCurrent('');
      setNew('');
      setCode('');
      // The temporary password is gone: the session may do what the role allows, the back office opens.
      if (temporary) await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      return t('account.passwordChanged');
    });

  return (
    <CardForm heading={t('account.passwordHeading')} submitLabel={t('account.changePassword')} form={form} onSubmit={submit}>
      <FormField
        id={`${id}-current`}
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        error={fields.currentPassword}
      />
      <NewPasswordField
        id={`${id}-new`}
        label={t('account.newPassword')}
        hint={t('account.newPasswordHint')}
        value={newPassword}
        onChange={setNew}
        error={fields.newPassword}
      />
      {totpEnabled ? (
        <FormField
          id={`${id}-code`}
          label={t('account.passwordCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={fields.code}
        />
      ) : null}
    </CardForm>
  );
}

function SignOutEverywhere() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function leave() {
    setBusy(true);
    try {
      await apiPost(`/api/admin/sessions/revoke-all?lang=${normalizeLang(i18n.language)}`, undefined, staffSignedOutResponse);
    } finally {
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      setBusy(false);
    }
  }
  return (
    <div className="admin-card admin-stack">
      <h2 className="admin-subheading">{t('account.everywhereHeading')}</h2>
      <p>{t('account.everywhereText')}</p>
      <button className="admin-button" type="button" onClick={leave} disabled={busy}>
        {t('account.everywhere')}
      </button>
    </div>
  );
}
