import { useTranslation } from 'react-i18next';
import type { ScanVerdict } from '../../contract/checkin.ts';
import { type Lang, toBcp47 } from '../../contract/lang.ts';
import { isAdmitted, isOverridable } from '../../contract/checkin-rules.ts';
import { useDoorVenue } from './api.ts';

/** What the last scan came to: a verdict of the server, or a scan kept offline to be judged later. */
export type Outcome =
  | { kind: 'verdict'; verdict: ScanVerdict }
  | { kind: 'kept'; code: string }
  /** The server refused the call itself (not the ticket): its own words where it gave them. */
  | { kind: 'failed'; text?: string }
  /** The staff session ended: nothing was judged, the code waits for the sign-in. */
  | { kind: 'signedOut'; code: string };

const when = (iso: string, lang: Lang, timeZone: string) =>
  new Intl.DateTimeFormat(toBcp47(lang), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );

const clock = (iso: string, lang: Lang, timeZone: string) =>
  new Intl.DateTimeFormat(toBcp47(lang), { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));

/**
 * The answer at the door, large enough to read at arm's length: green to let in, red with the
 * reason, amber when kept offline. Its text is announced through the live region around it.
 */
export function VerdictPanel({ outcome, lang }: { outcome: Outcome | null; lang: Lang }) {
  const { t } = useTranslation();
  const { timeZone } = useDoorVenue();
  if (!outcome) return <p className="door-verdict door-verdict--idle">{t('verdict.idle')}</p>;
  if (outcome.kind === 'kept') {
    return (
      <div className="door-verdict door-verdict--kept">
        <p className="door-verdict__title">{t('verdict.kept')}</p>
        <p>{t('verdict.keptHint', { code: outcome.code })}</p>
      </div>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <div className="door-verdict door-verdict--refused">
        <p className="door-verdict__title">{outcome.text || t('verdict.failed')}</p>
      </div>
    );
  }
  if (outcome.kind === 'signedOut') {
    // Neutral, not red: the ticket was not refused, it was not checked.
    return (
      <div className="door-verdict door-verdict--idle door-verdict--signed-out">
        <p className="door-verdict__title">{t('verdict.signedOut')}</p>
        <p>{t('verdict.signedOutHint', { code: outcome.code })}</p>
      </div>
    );
  }
  const v = outcome.verdict;
  const ticket = v.ticket;
  return (
    <div className={`door-verdict ${isAdmitted(v.verdict) ? 'door-verdict--admitted' : 'door-verdict--refused'}`}>
      <p className="door-verdict__title">{t(`verdict.${v.verdict}`)}</p>
      {v.groupPlaces ? <p className="door-verdict__title">{t('verdict.groupPlaces', { count: v.groupPlaces })}</p> : null}
      {ticket && (ticket.document || ticket.age !== null) ? (
        // What to check, in letters read at arm's length: the concession's document and the holder's age.
        <div className="door-verdict__check">
          {ticket.document ? (
            <p>
              <span className="door-verdict__check-label">{t('facts.document')}</span>
              <strong className="door-verdict__check-value">{ticket.document}</strong>
            </p>
          ) : null}
          {ticket.age !== null ? (
            <p>
              <span className="door-verdict__check-label">{t('facts.age')}</span>
              <strong className="door-verdict__check-value">{t('facts.ageValue', { count: ticket.age })}</strong>
            </p>
          ) : null}
        </div>
      ) : null}
      {ticket && isOverridable(v.verdict) ? (
        <p className="door-verdict__reason">
          {t('verdict.window', {
            from: ticket.entryFrom ? clock(ticket.entryFrom, lang, timeZone) : '—',
            until: ticket.entryUntil ? clock(ticket.entryUntil, lang, timeZone) : '—',
          })}
        </p>
      ) : null}
      {v.usedAt ? (
        <p className="door-verdict__reason">{t('verdict.usedAt', { when: when(v.usedAt, lang, timeZone), device: v.usedBy ?? '' })}</p>
      ) : null}
      {ticket ? (
        <dl className="door-verdict__facts">
          <div>
            <dt>{t('facts.event')}</dt>
            <dd>{ticket.event}</dd>
          </div>
          <div>
            <dt>{t('facts.when')}</dt>
            <dd>
              {new Intl.DateTimeFormat(toBcp47(lang), { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
                new Date(`${ticket.date}T00:00:00Z`),
              )}
              {ticket.time ? `, ${ticket.time}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('facts.category')}</dt>
            <dd>{ticket.category}</dd>
          </div>
          {ticket.seat ? (
            <div>
              <dt>{t('facts.seat')}</dt>
              <dd>{t('facts.seatValue', ticket.seat)}</dd>
            </div>
          ) : null}
          {ticket.holder ? (
            <div>
              <dt>{t('facts.holder')}</dt>
              <dd>{ticket.holder}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('facts.code')}</dt>
            <dd>{ticket.code}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
