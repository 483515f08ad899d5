import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '../../../../contract/admin/roles.ts';
import { staffListResponse } from '../../../../contract/admin/session.ts';
import { type StaffListEntry, staffChangedResponse, staffSettingsResponse } from '../../../../contract/admin/staff-management.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, apiPost, apiSend } from '../../../lib/api.ts';
import { fieldErrorsOf, messageOf } from '../../lib/field-errors.ts';
import { FormField } from '../../app/form-field.tsx';
import { meQueryOptions } from '../../app/session.ts';
import { Card, CardForm, NewPasswordField, useCardForm } from '../../components/card-form.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

const staffKey = ['admin', 'staff'] as const;
const settingsKey = ['admin', 'settings'] as const;

/** The owner's staff management: the members, adding one, and what each member's row can change. */
export function StaffPage() {
  const { t } = useTranslation('admin');
  const list = useQuery({ queryKey: staffKey, queryFn: ({ signal }) => apiGet('/api/admin/staff', staffListResponse, { signal }) });
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  // A one-time password is shown at the top of the page: focus and the view go to it, wherever the owner clicked.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown || !notice.current) return;
    notice.current.scrollIntoView({ block: 'center' });
    notice.current.focus();
  }, [shown]);
  return (
    <section aria-labelledby="admin-staff-heading" className="admin-stack">
      <h1 className="admin-heading" id="admin-staff-heading">
        {t('staff.heading')}
      </h1>
      {shown ? (
        <div className="admin-card admin-notice" role="status" tabIndex={-1} ref={notice} aria-labelledby="admin-staff-initial-password">
          <p id="admin-staff-initial-password">{t('staff.initialPassword', { email: shown.email })}</p>
          <p>
            <code className="admin-totp__secret" data-testid="initial-password">
              {shown.password}
            </code>
          </p>
          <button className="admin-button admin-button--plain" type="button" onClick={() => setShown(null)}>
            {t('staff.initialPasswordDone')}
          </button>
        </div>
      ) : null}
      {list.isPending ? (
        <div aria-busy="true">
          <span className="admin-visually-hidden">{t('loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : list.isError ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : (
        <TableRegion name={t('staff.heading')}>
          <table className="admin-table">
            <caption className="admin-visually-hidden">{t('staff.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.name')}</th>
                <th scope="col">{t('staff.email')}</th>
                <th scope="col">{t('staff.role')}</th>
                <th scope="col">{t('staff.state')}</th>
                <th scope="col">{t('staff.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.staff.map((member) => (
                <StaffRow key={member.id} member={member} onPassword={setShown} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <AddStaffForm onAdded={setShown} />
      <SettingsForm />
    </section>
  );
}

function StaffRow({ member, onPassword }: { member: StaffListEntry; onPassword: (shown: { email: string; password: string }) => void }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [actorPassword, setActorPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // A role change and disabling wait for a confirmation: one click must not make a controller an owner.
  const [asking, setAsking] = useState<{ kind: 'role'; role: StaffRole } | { kind: 'disable' } | null>(null);
  const lang = normalizeLang(i18n.language);

  async function run(call: () => Promise<{ initialPassword?: string | undefined }>, done: string) {
    setBusy(true);
    setMessage('');
    setFieldErrors({});
    try {
      const answer = await call();
      if (answer.initialPassword) onPassword({ email: member.email, password: answer.initialPassword });
      setMessage(done);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKey }),
        queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
      ]);
    } catch (failure) {
      setFieldErrors(fieldErrorsOf(failure));
      setMessage(messageOf(failure, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  }

  const patch = (body: { role?: StaffRole; disabled?: boolean }) =>
    apiSend('PATCH', `/api/admin/staff/${member.id}`, { ...body, lang }, staffChangedResponse);
  const locked = member.lockedUntil !== null && new Date(member.lockedUntil).getTime() > Date.now();
  return (
    <tr>
      <th scope="row">{member.name}</th>
      <td>{member.email}</td>
      <td>
        <label className="admin-visually-hidden" htmlFor={`role-${member.id}`}>
          {t('staff.roleOf', { name: member.name })}
        </label>
        <select
          id={`role-${member.id}`}
          className="admin-select"
          value={member.role}
          disabled={busy}
          onChange={(e) => {
            const role = e.currentTarget.value as StaffRole;
            if (role !== member.role) setAsking({ kind: 'role', role });
          }}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        {member.disabled ? t('staff.disabled') : locked ? t('staff.locked') : t('staff.active')}
        {member.totpEnabled ? <span className="admin-badge">{t('staff.totp')}</span> : null}
      </td>
      <td>
        <div className="admin-actions">
          <button
            className="admin-button admin-button--plain"
            type="button"
            disabled={busy}
            onClick={() =>
              member.disabled ? run(() => patch({ disabled: false }), t('staff.enabledDone')) : setAsking({ kind: 'disable' })
            }
          >
            {member.disabled ? t('staff.enable') : t('staff.disable')}
            <span className="admin-visually-hidden">: {member.name}</span>
          </button>
          {/* An owner's password is reset only with the acting owner's own: it asks for it first. */}
          {member.role === 'owner' && confirming ? null : (
            <button
              className="admin-button admin-button--plain"
              type="button"
              disabled={busy}
              onClick={() =>
                member.role === 'owner'
                  ? setConfirming(true)
                  : run(() => apiPost(`/api/admin/staff/${member.id}/password`, { lang }, staffChangedResponse), t('staff.passwordReset'))
              }
            >
              {t('staff.resetPassword')}
              <span className="admin-visually-hidden">: {member.name}</span>
            </button>
          )}
          {locked && !member.disabled ? (
            <button
              className="admin-button admin-button--plain"
              type="button"
              disabled={busy}
              onClick={() =>
                run(
                  () => apiPost(`/api/admin/staff/${member.id}/unlock?lang=${lang}`, undefined, staffChangedResponse),
                  t('staff.unlocked', { name: member.name }),
                )
              }
            >
              {t('staff.unlock')}
              <span className="admin-visually-hidden">: {member.name}</span>
            </button>
          ) : null}
          {member.totpEnabled ? (
            <button
              className="admin-button admin-button--plain"
              type="button"
              disabled={busy}
              onClick={() =>
                run(
                  () => apiPost(`/api/admin/staff/${member.id}/totp-reset?lang=${lang}`, undefined, staffChangedResponse),
                  t('staff.totpResetDone'),
                )
              }
            >
              {t('staff.totpReset')}
              <span className="admin-visually-hidden">: {member.name}</span>
            </button>
          ) : null}
          <button
            className="admin-button admin-button--plain"
            type="button"
            disabled={busy}
            onClick={() =>
              run(
                () => apiPost(`/api/admin/staff/${member.id}/sign-out-everywhere?lang=${lang}`, undefined, staffChangedResponse),
                t('staff.signedOut'),
              )
            }
          >
            {t('staff.signOutEverywhere')}
            <span className="admin-visually-hidden">: {member.name}</span>
          </button>
        </div>
        {confirming ? (
          <form
            className="admin-stack"
            aria-label={t('staff.ownerConfirmOf', { name: member.name })}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void run(async () => {
                const answer = await apiPost(`/api/admin/staff/${member.id}/password`, { actorPassword, lang }, staffChangedResponse);
                setConfirming(false);
                setActorPassword('');
                return answer;
              }, t('staff.passwordReset'));
            }}
          >
            <FormField
              id={`owner-confirm-${member.id}`}
              label={t('staff.ownerConfirm')}
              type="password"
              autoComplete="current-password"
              value={actorPassword}
              onChange={(e) => setActorPassword(e.currentTarget.value)}
              error={fieldErrors.actorPassword}
            />
            <p className="admin-actions">
              <button className="admin-button" type="submit" disabled={busy}>
                {t('staff.resetPassword')}
              </button>
              <button className="admin-button admin-button--plain" type="button" disabled={busy} onClick={() => setConfirming(false)}>
                {t('staff.cancel')}
              </button>
            </p>
          </form>
        ) : null}
        <p className="admin-message" role="status">
          {message}
        </p>
        {asking?.kind === 'role' ? (
          <ConfirmDialog
            title={
              asking.role === 'owner'
                ? t('staff.confirmOwnerTitle', { name: member.name })
                : t('staff.confirmRoleTitle', { name: member.name })
            }
            confirmLabel={asking.role === 'owner' ? t('staff.confirmOwner') : t('staff.confirmRole')}
            cancelLabel={t('staff.cancel')}
            serious={asking.role === 'owner'}
            busy={busy}
            onCancel={() => setAsking(null)}
            onConfirm={() => {
              const role = asking.role;
              setAsking(null);
              void run(() => patch({ role }), t('staff.roleChanged'));
            }}
          >
            <p>{t('staff.confirmRoleText', { name: member.name, from: t(`roles.${member.role}`), to: t(`roles.${asking.role}`) })}</p>
            {asking.role === 'owner' ? (
              <p>
                <strong>{t('staff.confirmOwnerText', { name: member.name })}</strong>
              </p>
            ) : null}
          </ConfirmDialog>
        ) : null}
        {asking?.kind === 'disable' ? (
          <ConfirmDialog
            title={t('staff.confirmDisableTitle', { name: member.name })}
            confirmLabel={t('staff.disable')}
            cancelLabel={t('staff.cancel')}
            busy={busy}
            onCancel={() => setAsking(null)}
            onConfirm={() => {
              setAsking(null);
              void run(() => patch({ disabled: true }), t('staff.disabledDone'));
            }}
          >
            <p>{t('staff.confirmDisableText', { name: member.name })}</p>
          </ConfirmDialog>
        ) : null}
      </td>
    </tr>
  );
}

function AddStaffForm({ onAdded }: { onAdded: (shown: { email: string; password: string }) => void }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [password, setPassword] = useState('');
  const form = useCardForm();
  const { fields } = form;

  const submit = () =>
    form.run(async () => {
      const answer = await apiPost(
        '/api/admin/staff',
        { email, name, role, ...(password ? { password } : {}), lang: normalizeLang(i18n.language) },
        staffChangedResponse,
      );
      if (answer.initialPassword) onAdded({ email: answer.member.email, password: answer.initialPassword });
      setEmail('');
      setName('');
      setPassword('');
      await queryClient.invalidateQueries({ queryKey: staffKey });
      return t('staff.added', { name: answer.member.name });
    });

  return (
    <CardForm heading={t('staff.addHeading')} submitLabel={t('staff.add')} form={form} onSubmit={submit}>
      <FormField
        id={`${id}-email`}
        label={t('staff.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={fields.email}
      />
      <FormField
        id={`${id}-name`}
        label={t('staff.name')}
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={fields.name}
      />
      <div className="admin-field">
        <label htmlFor={`${id}-role`}>{t('staff.role')}</label>
        <select id={`${id}-role`} className="admin-select" value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <NewPasswordField
        id={`${id}-password`}
        label={t('staff.password')}
        hint={t('staff.passwordHint')}
        value={password}
        onChange={setPassword}
        error={fields.password}
      />
    </CardForm>
  );
}

function SettingsForm() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiGet('/api/admin/settings', staffSettingsResponse, { signal }),
  });
  const { busy, message, run } = useCardForm();

  const toggle = (totpRequired: boolean) =>
    run(async () => {
      const answer = await apiSend(
        'PUT',
        '/api/admin/settings',
        { totpRequired, lang: normalizeLang(i18n.language) },
        staffSettingsResponse,
      );
      queryClient.setQueryData(settingsKey, answer);
      // The owner may now have to set codes up themselves.
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      return t('staff.settingsSaved');
    });

  return (
    <Card heading={t('staff.settingsHeading')}>
      {settings.isPending ? (
        <div className="admin-skeleton admin-skeleton--row" aria-busy="true" />
      ) : settings.isError ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : (
        <label className="admin-check">
          <input type="checkbox" checked={settings.data.totpRequired} disabled={busy} onChange={(e) => toggle(e.currentTarget.checked)} />
          {t('staff.requireTotp')}
        </label>
      )}
      <p className="admin-message" role="status">
        {message}
      </p>
    </Card>
  );
}
