import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCAN_CODE_MAX, isOverridable } from '../../contract/checkin-rules.ts';
import { type Lang, normalizeLang } from '../../contract/lang.ts';
import { ApiError } from '../lib/api.ts';
import { isOffline, scanCode, sessionsQueryOptions } from './api.ts';
import { CameraScanner } from './camera-scanner.tsx';
import { CountsPanel } from './counts-panel.tsx';
import { deviceId, keepScan, newScanId, rememberSessions, storedSessions } from './offline-store.ts';
import { SessionsPicker } from './sessions-picker.tsx';
import { SignIn } from './sign-in.tsx';
import { useOfflineSync } from './use-offline-sync.ts';
import { type Outcome, VerdictPanel } from './verdict-panel.tsx';

/** The door: sessions to admit, the camera or a typed code, the verdict, the counts, what waits offline. */
export function DoorPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const device = useMemo(deviceId, []);
  const [chosen, setChosen] = useState<number[]>(storedSessions);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  // Today by default; a controller may prepare another day's door (an empty value is today).
  const [day, setDay] = useState('');
  const sessions = useQuery(sessionsQueryOptions(lang, day));
  const listed = sessions.data?.sessions ?? [];
  // A choice of sessions no longer listed (another day's) is dropped: the server would refuse them all.
  const admitted = chosen.filter((x) => listed.some((s) => s.sessionId === x));
  // None ticked: every session of the day shown, the chosen day's as much as today's (the
  // server's own default is today).
  const admitting = admitted.length > 0 ? admitted : day ? listed.map((s) => s.sessionId) : [];
  const offline = useOfflineSync(device, admitting, lang);
  // The staff session ended: the door asks for the sign-in in place and keeps the code to check.
  const [signedOut, setSignedOut] = useState(false);

  function choose(ids: number[]) {
    setChosen(ids);
    rememberSessions(ids);
  }

  async function check(raw: string, override = false) {
    const text = raw.trim();
    if (!text || busy.current) return;
    busy.current = true;
    try {
      const answer = await scanCode({
        code: text.slice(0, SCAN_CODE_MAX),
        deviceId: device,
        lang,
        ...(admitting.length > 0 ? { sessionIds: admitting } : {}),
        ...(override ? { override: true } : {}),
      });
      setOutcome({ kind: 'verdict', verdict: answer });
      // The counts show this admission at once rather than at their next refresh.
      if (answer.verdict === 'admitted') void queryClient.invalidateQueries({ queryKey: ['checkin', 'activity'] });
    } catch (error) {
      if (isOffline(error)) {
        await keepScan({ scanId: newScanId(), code: text.slice(0, SCAN_CODE_MAX), scannedAt: new Date().toISOString() });
        await offline.refresh();
        setOutcome({ kind: 'kept', code: text });
      } else if (error instanceof ApiError && error.status === 401) {
        setSignedOut(true);
        setOutcome({ kind: 'signedOut', code: text });
      } else {
        setOutcome({
          kind: 'failed',
          ...(error instanceof ApiError && error.status !== undefined && error.status < 500 && error.text ? { text: error.text } : {}),
        });
      }
    } finally {
      busy.current = false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await check(code);
    setCode('');
    input.current?.focus();
  }

  const shown = admitted.length > 0 ? listed.filter((s) => admitted.includes(s.sessionId)) : listed;

  function signedIn() {
    setSignedOut(false);
    void queryClient.invalidateQueries({ queryKey: ['checkin'], predicate: (query) => query.queryKey[1] !== 'me' });
    const waiting = outcome?.kind === 'signedOut' ? outcome.code : '';
    if (waiting) void check(waiting);
    input.current?.focus();
  }

  return (
    <main className="door-main" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className="door-heading">
        {t('heading')}
      </h1>
      {/* Announced on every change, so a controller with a screen reader hears each verdict. */}
      <div className="door-live" role="status" aria-live="assertive" aria-atomic="true">
        <VerdictPanel outcome={outcome} lang={lang} />
      </div>
      {outcome?.kind === 'verdict' && outcome.verdict.ticket && isOverridable(outcome.verdict.verdict) ? (
        // Outside the live region: the verdict is announced, the choice is the controller's.
        <button
          className="door-button door-button--override"
          type="button"
          onClick={() => {
            const ticket = outcome.verdict.ticket;
            if (ticket) void check(ticket.code, true);
          }}
        >
          {t('verdict.override')}
        </button>
      ) : null}
      {signedOut ? <SignIn again onSignedIn={signedIn} /> : null}
      <form className="door-card door-scan" onSubmit={submit}>
        <label htmlFor={`${id}-code`}>{t('scan.label')}</label>
        <div className="door-scan__row">
          <input
            ref={input}
            id={`${id}-code`}
            className="door-scan__input"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="go"
            maxLength={SCAN_CODE_MAX}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <button className="door-button" type="submit">
            {t('scan.submit')}
          </button>
        </div>
        <button className="door-button door-button--secondary" type="button" aria-pressed={camera} onClick={() => setCamera(!camera)}>
          {camera ? t('camera.stop') : t('camera.start')}
        </button>
        {camera ? <CameraScanner onCode={(value) => void check(value)} /> : null}
      </form>
      {offline.pending > 0 ? (
        <p className="door-card door-offline" role="status">
          {t('offline.pending', { count: offline.pending })}
        </p>
      ) : null}
      {offline.problems.length > 0 ? (
        <section className="door-card" aria-labelledby={`${id}-conflicts`}>
          <h2 id={`${id}-conflicts`} className="door-subheading">
            {t('offline.problems')}
          </h2>
          <ul className="door-recent">
            {offline.problems.map((p) => (
              <li key={p.scanId}>
                {t(`verdict.${p.verdict}`)}
                {p.ticket ? ` · ${p.ticket.code} · ${p.ticket.event}` : ''}
                {p.usedBy ? ` · ${p.usedBy}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sessions.isPending ? (
        <div className="door-card" aria-hidden="true">
          <div className="door-skeleton door-skeleton--row" />
          <div className="door-skeleton door-skeleton--row" />
        </div>
      ) : (
        <>
          <section className="door-card">
            <label className="door-field door-day">
              <span>{t('sessions.day')}</span>
              <input type="date" value={day || sessions.data?.date || ''} onChange={(e) => setDay(e.currentTarget.value)} />
            </label>
            <SessionsPicker sessions={listed} chosen={admitted} onChange={choose} />
          </section>
          {shown.length > 0 ? <CountsPanel sessions={shown} lang={lang} /> : null}
        </>
      )}
    </main>
  );
}
