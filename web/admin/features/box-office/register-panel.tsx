import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DeskTask,
  deskRegisterResponse,
  deskShiftActionResponse,
  deskTaskResponse,
} from '../../../../contract/admin/desk-register.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { messageOf } from '../../lib/field-errors.ts';
import { type RelayApi, relayTasks } from './register-relay.ts';
import { type RegisterSettings, driverBase } from './register-settings.ts';
import { ShiftReport } from './shift-report.tsx';
import { CorrectionForm } from './correction-form.tsx';

/** How often the page asks again for the register's tasks, and relays what waits (another page's, a register back on). */
const REFRESH_MS = 10_000;

const relayApi: RelayApi = {
  sent: async (id) => (await apiPost(`/api/admin/desk/receipt-tasks/${id}/sent`, {}, deskTaskResponse)).task,
  result: async (id, body) => (await apiPost(`/api/admin/desk/receipt-tasks/${id}/result`, body, deskTaskResponse)).task,
};
const driverFetch = (url: string, init?: { method: string; headers: Record<string, string>; body: string }) =>
  fetch(url, { ...init, credentials: 'omit' });

export const registerQueryKey = (name: string) => ['desk-register', name] as const;

/**
 * The desk's register: its shift (open, close with the Z report, X report, cash in and out, the
 * shift report), its receipts and documents with their state, and the relay of waiting ones to
 * the register's driver. A receipt the register refused can be retried or confirmed printed
 * elsewhere; nothing is lost while the register is off.
 */
export function RegisterPanel({ settings }: { settings: RegisterSettings }) {
  const { t, i18n } = useTranslation('admin-register');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const id = useId();
  const client = useQueryClient();
  const key = registerQueryKey(settings.name);
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/desk/register?register=${encodeURIComponent(settings.name)}&lang=${lang}`, deskRegisterResponse, { signal }),
    refetchInterval: REFRESH_MS,
  });
  const [relaying, setRelaying] = useState(false);
  const [error, setError] = useState('');
  const [amount, setAmount] = useState('');
  const [reportOf, setReportOf] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState<number | null>(null);
  const busy = useRef(false);
  const base = state.data ? driverBase(settings, state.data.demoDriver, window.location.origin) : null;
  const waiting = (state.data?.tasks ?? []).filter((task) => task.state === 'pending' || task.state === 'sent');

  const refresh = () => client.invalidateQueries({ queryKey: key });
  const relay = async (tasks: readonly DeskTask[]) => {
    if (!base || busy.current || tasks.length === 0) return;
    busy.current = true;
    setRelaying(true);
    try {
      await relayTasks(tasks, base, relayApi, driverFetch);
    } catch (caught) {
      setError(messageOf(caught, t('error')));
    } finally {
      busy.current = false;
      setRelaying(false);
      await refresh();
    }
  };
  // Waiting tasks go out as soon as the page sees them (after a sale, on load, every refresh).
  const waitingIds = waiting.map((task) => `${task.id}:${task.state}:${task.attempts}`).join(',');
  useEffect(() => {
    if (waiting.length > 0) void relay(waiting);
    // The ids and states decide; the array is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitingIds, base]);

  const act = async (run: () => Promise<unknown>) => {
    setError('');
    try {
      await run();
      await refresh();
    } catch (caught) {
      setError(messageOf(caught, t('error')));
    }
  };
  const shiftCall = (path: string, body: Record<string, unknown> = {}) =>
    act(() => apiPost(`/api/admin/desk/shifts/${path}`, { register: settings.name, lang, ...body }, deskShiftActionResponse));
  const taskCall = (taskId: number, path: string) =>
    act(() => apiPost(`/api/admin/desk/receipt-tasks/${taskId}/${path}`, {}, deskTaskResponse));
  const kopecks = Math.round(Number(amount.replace(',', '.')) * 100);
  const cash = async (kind: 'in' | 'out') => {
    await shiftCall('cash', { kind, amount: Number.isFinite(kopecks) ? kopecks : 0 });
    setAmount('');
  };

  const mode =
    settings.mode === 'elsewhere'
      ? t('modeElsewhere')
      : settings.url.trim()
        ? t('modeDriver', { url: settings.url.trim() })
        : state.data?.demoDriver
          ? t('modeDemo')
          : t('modeNone');
  const shift = state.data?.shift ?? null;
  const money = (n: number) => formatMoney(n, venue.currency, lang);

  return (
    <section className="admin-card admin-stack admin-register" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('heading', { name: settings.name })}</h2>
      <p className="admin-register__mode">{mode}</p>
      {state.isPending ? (
        <div className="admin-skeleton admin-register__skeleton" role="status" aria-label={t('relaying')} />
      ) : (
        <>
          <p>
            {shift
              ? t('shiftOpen', { time: formatDateTime(shift.openedAt, lang, venue.timeZone), name: shift.openedByName })
              : t('shiftClosed')}
          </p>
          <div className="admin-actions">
            {shift ? (
              <>
                <button type="button" className="admin-button" onClick={() => void shiftCall('report-x')}>
                  {t('reportX')}
                </button>
                <button
                  type="button"
                  className="admin-button"
                  onClick={() => setReportOf(reportOf === shift.id ? null : shift.id)}
                  aria-expanded={reportOf === shift.id}
                >
                  {t('shiftReport')}
                </button>
                <button type="button" className="admin-button" onClick={() => void shiftCall('close')}>
                  {t('closeShift')}
                </button>
              </>
            ) : (
              <button type="button" className="admin-button" onClick={() => void shiftCall('open')}>
                {t('openShift')}
              </button>
            )}
          </div>
          {shift ? (
            <div className="admin-register__cash">
              <label className="admin-field">
                <span>{t('cashAmount')}</span>
                <input className="admin-input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
              </label>
              <button type="button" className="admin-button" onClick={() => void cash('in')}>
                {t('cashIn')}
              </button>
              <button type="button" className="admin-button" onClick={() => void cash('out')}>
                {t('cashOut')}
              </button>
            </div>
          ) : null}
          {reportOf !== null ? <ShiftReport shiftId={reportOf} /> : null}
        </>
      )}
      <p className="admin-desk__error" role="alert">
        {error}
      </p>
      <h3>{t('tasksHeading')}</h3>
      <p className="admin-register__relaying" aria-live="polite">
        {relaying ? t('relaying') : ''}
      </p>
      {state.data && state.data.tasks.length === 0 ? <p>{t('tasksNone')}</p> : null}
      <ul className="admin-register__tasks" aria-label={t('tasksHeading')}>
        {(state.data?.tasks ?? []).map((task) => (
          <li key={task.id} className="admin-register__task" data-state={task.state}>
            <span>
              {t(`kind.${task.kind}`)}
              {task.orderNumber !== null ? `, ${t('orderNo', { number: task.orderNumber })}` : ''}
              {task.total > 0 ? `, ${money(task.total)}` : ''}
            </span>
            <span className="admin-register__state">
              {task.printedElsewhere ? t('state.elsewhere') : task.correctedBy !== null ? t('state.corrected') : t(`state.${task.state}`)}
              {task.state === 'done' && task.fiscalNumber
                ? ` (${t('fiscal', { number: task.fiscalNumber, sign: task.fiscalSign ?? '' })})`
                : ''}
              {task.state !== 'done' && task.error ? `: ${task.error}` : ''}
            </span>
            <span className="admin-actions">
              {task.state === 'failed' ? (
                <button type="button" className="admin-button" onClick={() => void taskCall(task.id, 'retry')}>
                  {t('retry')}
                </button>
              ) : null}
              {task.state === 'pending' && base ? (
                <button type="button" className="admin-button" onClick={() => void relay([task])} disabled={relaying}>
                  {t('sendAgain')}
                </button>
              ) : null}
              {task.state === 'pending' || task.state === 'failed' ? (
                <button type="button" className="admin-button" onClick={() => void taskCall(task.id, 'elsewhere')}>
                  {t('elsewhere')}
                </button>
              ) : null}
              {task.state === 'failed' && (task.kind === 'sell' || task.kind === 'sellReturn') ? (
                <button
                  type="button"
                  className="admin-button"
                  aria-expanded={correcting === task.id}
                  onClick={() => setCorrecting(correcting === task.id ? null : task.id)}
                >
                  {t('correct')}
                </button>
              ) : null}
            </span>
            {correcting === task.id && task.state === 'failed' ? (
              <CorrectionForm
                task={task}
                lang={lang}
                onCancel={() => setCorrecting(null)}
                onDone={() => {
                  setCorrecting(null);
                  void refresh();
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
