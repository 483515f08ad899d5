import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { type HallSessionMapResponse, hallSessionMapResponse, hallSessionsResponse } from '../../../../contract/admin/halls.ts';
import { type Lang, normalizeLang, pickLocalized, toBcp47 } from '../../../../contract/lang.ts';
import { apiGet, toApiError } from '../../../lib/api.ts';
import { dateTimeFormat } from '../../../lib/intl-cache.ts';
import { buildSeatModel } from '../../../lib/seat-map/seat-model.ts';
import { BlockPanel } from './block-panel.tsx';
import { HallCanvas } from '../../components/hall-canvas.tsx';
import { HallsTabs } from './halls-tabs.tsx';
import { KeyboardSeats } from './keyboard-seats.tsx';
import { STATE_COLORS, STATE_MARKS, clickSelection, countStates, statesOf } from './seat-states.ts';
import { StateLegend } from './state-legend.tsx';
import './halls.css';
import { useVenue } from '../../app/session.ts';

function formatWhen(iso: string, lang: Lang, timeZone: string, hasTime: boolean): string {
  return dateTimeFormat(
    toBcp47(lang),
    hasTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeZone },
  ).format(new Date(iso));
}

export const mapQueryKey = (sessionId: number) => ['admin', 'halls', 'map', sessionId] as const;

/** Staff pick a session, see each seat's state on the hall map, select seats and block or unblock them. */
export function SeatBlocksPage() {
  const { t, i18n, ready } = useTranslation(['admin-halls', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const sessionId = Number(params.get('session') ?? '') || null;

  const sessions = useQuery({
    queryKey: ['admin', 'halls', 'sessions'],
    queryFn: ({ signal }) => apiGet(`/api/admin/halls/sessions?lang=${lang}`, hallSessionsResponse, { signal }),
    retry: false,
  });
  const map = useQuery({
    queryKey: [...mapQueryKey(sessionId ?? 0), lang],
    queryFn: ({ signal }) => apiGet(`/api/admin/halls/sessions/${sessionId}/map?lang=${lang}`, hallSessionMapResponse, { signal }),
    enabled: sessionId !== null,
    retry: false,
  });

  const { timeZone } = useVenue();
  const when = (iso: string, hasTime: boolean) => formatWhen(iso, lang, timeZone, hasTime);

  if (!ready) return <div className="admin-skeleton admin-skeleton--title" />;
  return (
    <section aria-labelledby={`${id}-h`}>
      <h1 className="admin-heading" id={`${id}-h`}>
        {t('blocks.heading')}
      </h1>
      <HallsTabs current="blocks" />
      <div className="admin-field halls-session">
        <label htmlFor={`${id}-session`}>{t('blocks.session')}</label>
        {sessions.isPending ? (
          <div className="admin-skeleton admin-skeleton--row" aria-busy="true" />
        ) : sessions.isError ? (
          <p role="alert">{toApiError(sessions.error).text || t('admin:errors.generic')}</p>
        ) : sessions.data.events.length === 0 ? (
          <p>{t('blocks.noSessions')}</p>
        ) : (
          <select
            id={`${id}-session`}
            value={sessionId ?? ''}
            onChange={(e) => setParams(e.currentTarget.value ? { session: e.currentTarget.value } : {})}
          >
            <option value="">{t('blocks.sessionPlaceholder')}</option>
            {sessions.data.events.map((event) => (
              <optgroup key={event.id} label={pickLocalized(event.name, lang)}>
                {event.sessions.map((s) => (
                  <option key={s.id} value={s.id}>
                    {when(s.startsAt, s.hasTime)}
                    {s.isCancelled ? ` (${t('blocks.cancelled')})` : ''}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </div>
      {sessionId === null ? null : map.isPending ? (
        <div className="hall-canvas admin-skeleton" aria-busy="true">
          <span className="admin-visually-hidden">{t('admin:loading')}</span>
        </div>
      ) : map.isError ? (
        <p role="alert">{toApiError(map.error).text || t('admin:errors.generic')}</p>
      ) : (
        <SessionSeats key={sessionId} sessionId={sessionId} answer={map.data} />
      )}
    </section>
  );
}

function SessionSeats({ sessionId, answer }: { sessionId: number; answer: HallSessionMapResponse }) {
  const { t, i18n } = useTranslation('admin-halls');
  const lang = normalizeLang(i18n.language);
  const { timeZone } = useVenue();
  const id = useId();
  const queryClient = useQueryClient();
  const model = useMemo(() => buildSeatModel(answer.map), [answer.map]);
  const states = useMemo(() => statesOf(model, answer.states), [model, answer.states]);
  const counts = useMemo(() => countStates(states), [states]);
  const blocks = useMemo(() => new Map(answer.blocks.map((b) => [b.seatId, b])), [answer.blocks]);
  const sectorNames = useMemo(
    () => new Map(answer.map.sectors.map((s) => [s.sector_id, pickLocalized(s.name, lang)])),
    [answer.map.sectors, lang],
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pointed, setPointed] = useState(-1);

  const colorOf = useMemo(
    () => (i: number) => {
      const state = states[i] ?? 'free';
      return state === 'free' ? undefined : STATE_COLORS[state];
    },
    [states],
  );
  const markOf = useMemo(
    () => (i: number) => {
      const state = states[i] ?? 'free';
      return state === 'free' ? undefined : STATE_MARKS[state];
    },
    [states],
  );

  const seatName = (i: number) => {
    const row = model.rows[model.row[i] ?? 0];
    return t('seat.name', { sector: sectorNames.get(row?.sectorId ?? 0) ?? '', row: row?.row ?? '', seat: model.labels[i] ?? '' });
  };
  const describe = (i: number) => {
    const text = t('seat.withState', { name: seatName(i), state: t(`legend.${states[i] ?? 'free'}`) });
    const block = blocks.get(model.ids[i] ?? 0);
    return block ? `${text}. ${t(`blocks.reasons.${block.reason}`)}${block.note ? `: ${block.note}` : ''}` : text;
  };

  return (
    <>
      <p>{t('blocks.counts', counts)}</p>
      <StateLegend />
      <p className="admin-field__hint" id={`${id}-hint`}>
        {t('map.hint')}
      </p>
      <HallCanvas
        model={model}
        svg={answer.map.svg}
        label={t('map.label', { hall: pickLocalized(answer.session.eventName, lang) })}
        describedBy={`${id}-hint`}
        colorOf={colorOf}
        markOf={markOf}
        selected={selected}
        onActivate={(i, add) => setSelected((current) => clickSelection(current, i, add))}
        onBox={(indices) => setSelected((current) => new Set([...current, ...indices]))}
        onHover={setPointed}
      />
      {/* Visual only: a screen reader hears each seat and its state in the row checkboxes below. */}
      <p className="halls-pointed">{pointed >= 0 ? describe(pointed) : '\u00a0'}</p>
      <div className="halls-columns">
        <KeyboardSeats model={model} states={states} sectorNames={sectorNames} selected={selected} onChange={setSelected} />
        <BlockPanel
          sessionId={sessionId}
          model={model}
          states={states}
          selected={selected}
          seatName={seatName}
          onClear={() => setSelected(new Set())}
          onDone={async () => {
            setSelected(new Set());
            await queryClient.invalidateQueries({ queryKey: mapQueryKey(sessionId) });
          }}
          onRefresh={() => queryClient.invalidateQueries({ queryKey: mapQueryKey(sessionId) })}
        />
      </div>
      <details className="halls-blocked">
        <summary>
          {t('blocks.list')} ({answer.blocks.length})
        </summary>
        {answer.blocks.length === 0 ? (
          <p>{t('blocks.listEmpty')}</p>
        ) : (
          <ul>
            {answer.blocks.map((b) => {
              const index = model.indexById.get(b.seatId);
              return (
                <li key={b.seatId}>
                  {index === undefined ? b.seatId : seatName(index)}: {t(`blocks.reasons.${b.reason}`)}
                  {b.note ? ` (${b.note})` : ''}. {t('blocks.blockedBy', { by: b.by ?? '—', at: formatWhen(b.at, lang, timeZone, true) })}
                </li>
              );
            })}
          </ul>
        )}
      </details>
    </>
  );
}
