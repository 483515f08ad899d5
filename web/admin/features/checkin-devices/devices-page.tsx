import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_KEY_MAX_DAYS, DEVICE_NAME_MAX_LENGTH } from '../../../../contract/checkin-rules.ts';
import {
  type CheckinDevice,
  checkinSessionsResponse,
  createDeviceResponse,
  devicesResponse,
  revokeDeviceResponse,
} from '../../../../contract/checkin.ts';
import { formatDay } from '../../../lib/venue-format.ts';
import { normalizeLang, toBcp47 } from '../../../../contract/lang.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { messageOf } from '../../lib/field-errors.ts';
import { useCardForm } from '../../components/card-form.tsx';
import { FormField } from '../../app/form-field.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { useVenue } from '../../app/session.ts';

const devicesKey = ['admin', 'checkin-devices'] as const;

/**
 * Keys for the scanners of other systems (turnstiles, handheld terminals): made with a name and
 * shown this once (the server keeps only a hash), listed with their last use, revoked at once.
 */
export function DevicesPage() {
  const { t, i18n, ready } = useTranslation('admin-checkin');
  const lang = normalizeLang(i18n.language);
  const list = useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => apiGet(`/api/admin/checkin/devices?lang=${lang}`, devicesResponse, { signal }),
  });
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  // The page's catalog loads on first visit; until then a skeleton, never raw keys.
  if (!ready) return <div className="admin-skeleton admin-skeleton--title" aria-busy="true" />;
  return (
    <section aria-labelledby="admin-devices-heading" className="admin-stack">
      <h1 className="admin-heading" id="admin-devices-heading">
        {t('devices.heading')}
      </h1>
      <p>{t('devices.intro')}</p>
      {made ? <ShownKey name={made.name} secret={made.key} onDone={() => setMade(null)} /> : null}
      <CreateDeviceForm onMade={setMade} />
      {list.isPending ? (
        <div aria-busy="true">
          <span className="admin-visually-hidden">{t('devices.loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : list.isError ? (
        <p role="alert">{t('devices.error')}</p>
      ) : list.data.devices.length === 0 ? (
        <p>{t('devices.none')}</p>
      ) : (
        <DevicesTable devices={list.data.devices} />
      )}
    </section>
  );
}

/** The new key, this once, with a copy button; the member closes it when it is stored. */
function ShownKey({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation('admin-checkin');
  const [copied, setCopied] = useState<'' | 'copied' | 'failed'>('');
  const code = useRef<HTMLElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      // No clipboard access (an http page, a refused permission): select the key for Ctrl+C.
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied('failed');
    }
  }
  return (
    <div className="admin-card admin-notice admin-stack" role="region" aria-label={t('devices.keyRegion')}>
      <p>{t('devices.keyOnce', { name })}</p>
      <p>
        <code ref={code} className="admin-totp__secret" data-testid="device-key">
          {secret}
        </code>
      </p>
      <p className="admin-actions">
        <button className="admin-button" type="button" onClick={copy}>
          {t('devices.copy')}
        </button>
        <button className="admin-button admin-button--plain" type="button" onClick={onDone}>
          {t('devices.keyDone')}
        </button>
      </p>
      <p className="admin-message" role="status">
        {copied ? t(`devices.${copied}`) : ''}
      </p>
    </div>
  );
}

/** The venue's sessions of a day, as the door lists them (today when `date` is empty): the form's days default and session choice. */
function useDaySessions(date: string) {
  const { i18n } = useTranslation('admin-checkin');
  const lang = normalizeLang(i18n.language);
  return useQuery({
    queryKey: ['admin', 'checkin-devices', 'sessions', date, lang],
    queryFn: ({ signal }) =>
      apiGet(`/api/checkin/sessions?lang=${lang}${date ? `&date=${date}` : ''}`, checkinSessionsResponse, { signal }),
    placeholderData: (previous) => previous,
  });
}

/**
 * The calendar days from `from` to `to`, both included (venue dates, no zone shifts them); at most
 * DEVICE_KEY_MAX_DAYS, and none when the range is reversed or unreadable.
 */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return [];
  const days: string[] = [];
  for (let at = start; at <= end && days.length < DEVICE_KEY_MAX_DAYS; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** A chosen session: its venue day and how the form names it, kept while another day's sessions are shown. */
type Chosen = { sessionId: number; day: string; label: string };

/**
 * A key is made for a name and its days (the venue's today by default), and optionally only for
 * some sessions of those days, picked day by day; it expires at the end of its last day.
 */
function CreateDeviceForm({ onMade }: { onMade: (made: { name: string; key: string }) => void }) {
  const { t, i18n } = useTranslation('admin-checkin');
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState<{ from: string; to: string } | null>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [shownDay, setShownDay] = useState('');
  const today = useDaySessions('');
  const from = days?.from ?? today.data?.date ?? '';
  const to = days?.to ?? today.data?.date ?? '';
  const keyDays = daysBetween(from, to);
  // The day whose sessions are listed: the one picked, while it is one of the key's days; else the first.
  const day = keyDays.includes(shownDay) ? shownDay : (keyDays[0] ?? from);
  const daySessions = useDaySessions(day);
  const sessionIds = chosen.map((c) => c.sessionId);
  const { busy, message, fields, submitWith, edits } = useCardForm(t('devices.error'));
  const lang = normalizeLang(i18n.language);

  // Days changed: sessions of days the key no longer has are let go.
  const changeDays = (next: { from: string; to: string }) => {
    setDays(next);
    const kept = new Set(daysBetween(next.from, next.to));
    setChosen((list) => list.filter((c) => kept.has(c.day)));
  };

  const submit = submitWith(async () => {
    const answer = await apiPost(
      '/api/admin/checkin/devices',
      { name, validFrom: from, validTo: to, ...(sessionIds.length > 0 ? { sessionIds } : {}), lang: normalizeLang(i18n.language) },
      createDeviceResponse,
    );
    onMade({ name: answer.device.name, key: answer.key });
    setName('');
    setChosen([]);
    await queryClient.invalidateQueries({ queryKey: devicesKey });
    return '';
  });

  return (
    <form className="admin-card admin-stack" onSubmit={submit} onInput={edits.onInput} noValidate aria-labelledby={`${id}-h`}>
      <h2 className="admin-subheading" id={`${id}-h`}>
        {t('devices.createHeading')}
      </h2>
      <FormField
        id={`${id}-name`}
        label={t('devices.name')}
        hint={t('devices.nameHint')}
        autoComplete="off"
        maxLength={DEVICE_NAME_MAX_LENGTH}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={fields.name}
      />
      <FormField
        id={`${id}-from`}
        label={t('devices.validFrom')}
        type="date"
        value={from}
        onChange={(e) => changeDays({ from: e.currentTarget.value, to })}
        error={fields.validFrom}
      />
      <FormField
        id={`${id}-to`}
        label={t('devices.validTo')}
        hint={t('devices.daysHint')}
        type="date"
        value={to}
        onChange={(e) => changeDays({ from, to: e.currentTarget.value })}
        error={fields.validTo}
      />
      {to && keyDays.length > 0 ? (
        <p className="admin-field__hint" data-testid="device-expiry">
          {t('devices.expiresAt', { day: formatDay(to, lang) })}
        </p>
      ) : null}
      <fieldset className="admin-stack" aria-describedby={`${id}-sessions-hint`}>
        <legend>{t('devices.sessionsLegend')}</legend>
        <p className="admin-field__hint" id={`${id}-sessions-hint`}>
          {t('devices.sessionsHint')}
        </p>
        {keyDays.length > 1 ? (
          <div className="admin-field">
            <label htmlFor={`${id}-day`}>{t('devices.sessionsDay')}</label>
            <select id={`${id}-day`} className="admin-select" value={day} onChange={(e) => setShownDay(e.currentTarget.value)}>
              {keyDays.map((d) => (
                <option key={d} value={d}>
                  {formatDay(d, lang)}
                  {chosen.some((c) => c.day === d)
                    ? ` (${t('devices.chosenOnDay', { count: chosen.filter((c) => c.day === d).length })})`
                    : ''}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div aria-live="polite" aria-busy={daySessions.isFetching} className="admin-stack">
          {daySessions.data && daySessions.data.date === day && daySessions.data.sessions.length > 0 ? (
            daySessions.data.sessions.map((session) => {
              const label = `${formatDay(day, lang, 'short')} · ${session.time ? `${session.time} · ` : ''}${session.event}`;
              return (
                <label key={session.sessionId} className="admin-check">
                  <input
                    type="checkbox"
                    checked={sessionIds.includes(session.sessionId)}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setChosen((list) =>
                        checked
                          ? [...list, { sessionId: session.sessionId, day, label }]
                          : list.filter((c) => c.sessionId !== session.sessionId),
                      );
                    }}
                  />{' '}
                  {session.time ? `${session.time} · ` : ''}
                  {session.event}
                </label>
              );
            })
          ) : (
            <p>
              {daySessions.isPending || daySessions.data?.date !== day
                ? t('devices.loading')
                : t('devices.noSessions', { day: formatDay(day, lang) })}
            </p>
          )}
        </div>
        {chosen.length > 0 ? (
          <div>
            <p>{t('devices.chosen', { count: chosen.length })}</p>
            <ul aria-label={t('devices.chosenList')} data-testid="device-chosen">
              {chosen.map((c) => (
                <li key={c.sessionId}>{c.label}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {fields.sessionIds ? (
          <p className="admin-field__error" role="alert">
            {t(`admin:fields.${fields.sessionIds}`)}
          </p>
        ) : null}
      </fieldset>
      <button className="admin-button" type="submit" disabled={busy || !from || !to}>
        {t('devices.create')}
      </button>
      <p className="admin-message" role="status">
        {message}
      </p>
    </form>
  );
}

function DevicesTable({ devices }: { devices: readonly CheckinDevice[] }) {
  const { t, i18n } = useTranslation('admin-checkin');
  const lang = normalizeLang(i18n.language);
  const { timeZone } = useVenue();
  const when = new Intl.DateTimeFormat(toBcp47(normalizeLang(i18n.language)), { dateStyle: 'short', timeStyle: 'short', timeZone });
  return (
    <TableRegion name={t('devices.caption')}>
      <table className="admin-table admin-table--stack">
        <caption className="admin-visually-hidden">{t('devices.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('devices.name')}</th>
            <th scope="col">{t('devices.created')}</th>
            <th scope="col">{t('devices.scope')}</th>
            <th scope="col">{t('devices.lastUsed')}</th>
            <th scope="col">{t('devices.state')}</th>
            <th scope="col">{t('devices.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => (
            <tr key={device.id}>
              <th scope="row" data-label={t('devices.name')}>
                {device.name}
              </th>
              <td data-label={t('devices.created')}>
                {when.format(new Date(device.createdAt))}
                {device.createdBy ? ` · ${t('devices.createdBy')}: ${device.createdBy}` : ''}
              </td>
              <td data-label={t('devices.scope')}>
                {t('devices.scopeDays', { from: formatDay(device.validFrom, lang, 'short'), to: formatDay(device.validTo, lang, 'short') })}
                {device.sessionIds ? ` · ${t('devices.scopeSessions', { count: device.sessionIds.length })}` : ''}
              </td>
              <td data-label={t('devices.lastUsed')}>
                {device.lastUsedAt ? when.format(new Date(device.lastUsedAt)) : t('devices.never')}
              </td>
              <td data-label={t('devices.state')}>
                {device.revokedAt
                  ? t('devices.revokedAt', { at: when.format(new Date(device.revokedAt)) })
                  : Date.parse(device.expiresAt) <= Date.now()
                    ? t('devices.expired', { at: when.format(new Date(device.expiresAt)) })
                    : t('devices.active')}
              </td>
              <td data-label={t('devices.actions')}>
                {device.revokedAt || Date.parse(device.expiresAt) <= Date.now() ? null : <RevokeButton device={device} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Revoking stops the device at once, so it asks once more before it is done. */
function RevokeButton({ device }: { device: CheckinDevice }) {
  const { t, i18n } = useTranslation('admin-checkin');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The question replaces the button: focus moves to its answer so a keyboard stays in place.
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  async function revoke() {
    setBusy(true);
    setMessage('');
    try {
      await apiPost(`/api/admin/checkin/devices/${device.id}/revoke?lang=${normalizeLang(i18n.language)}`, undefined, revokeDeviceResponse);
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    } catch (failure) {
      setMessage(messageOf(failure, t('devices.error')));
      setBusy(false);
    }
  }

  if (!asking) {
    return (
      <button
        className="admin-button admin-button--plain"
        type="button"
        aria-label={t('devices.revokeOf', { name: device.name })}
        onClick={() => setAsking(true)}
      >
        {t('devices.revoke')}
      </button>
    );
  }
  return (
    <div role="group" aria-label={t('devices.revokeQuestion', { name: device.name })} className="admin-stack">
      <p>{t('devices.revokeQuestion', { name: device.name })}</p>
      <p className="admin-actions">
        <button ref={confirmRef} className="admin-button" type="button" disabled={busy} onClick={revoke}>
          {t('devices.revokeConfirm')}
        </button>
        <button className="admin-button admin-button--plain" type="button" disabled={busy} onClick={() => setAsking(false)}>
          {t('devices.revokeCancel')}
        </button>
      </p>
      <p className="admin-message" role="status">
        {message}
      </p>
    </div>
  );
}
