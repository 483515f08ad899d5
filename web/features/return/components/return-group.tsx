import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../contract/lang.ts';
import { type ReturnGroup as Group, type ReturnRow, type ReturnService, ReturnStatus } from '../../../../contract/returns.ts';
import { countdownParts } from '../../../lib/countdown.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { isSelectable } from '../lib/return-logic.ts';

type Props = {
  group: Group;
  rows: ReturnRow[];
  /** The order's attached services; each row lists those that go back with it. */
  services: readonly ReturnService[];
  /** When the page's data was loaded (epoch ms): returndatime counts from then. */
  loadedAt: number;
  lang: Lang;
  showVisitor: boolean;
  selected: ReadonlySet<number>;
  /** Rows of the request being confirmed (step 2), shown ticked. */
  confirming: ReadonlySet<number> | undefined;
  disabled: boolean;
  money: (roubles: number) => string;
  onToggle: (id: number, on: boolean) => void;
  /** Called when the group's return time has run out (its tickets can no longer be chosen). */
  onExpired: (sortnum: number) => void;
};

/** One group of rows (an event session): the deadline strip and the table of tickets. */
export function ReturnGroupTable({
  group,
  rows,
  services,
  loadedAt,
  lang,
  showVisitor,
  selected,
  confirming,
  disabled,
  money,
  onToggle,
  onExpired,
}: Props) {
  const { t } = useTranslation('return');
  const left = useSecondsLeft(loadedAt + group.returndatime * 1000);
  const expired = left <= 0;
  useEffect(() => {
    if (expired) onExpired(group.sortnum);
  }, [expired, group.sortnum, onExpired]);
  const first = rows[0];
  const { days, clock } = countdownParts(left);
  const captionId = `return-group-${group.sortnum}`;

  return (
    <section className="return-group" aria-labelledby={captionId}>
      <h2 id={captionId} className="return-group__title">
        {first
          ? t('table.caption', { action: first.action[lang], day: first.day, time: first.time === '00:00' ? '' : first.time }).trim()
          : ''}
      </h2>
      <div className={`return-strip${expired ? ' is-expired' : ''}`} role="timer" aria-live="off">
        {expired ? (
          <span>{t('strip.expired')}</span>
        ) : (
          <>
            <span>{t('strip.open')}</span>{' '}
            <strong className="return-strip__clock">
              {days > 0 && `${t('strip.days', { count: days })} `}
              {clock}
            </strong>{' '}
            <span className="return-strip__until">{t('strip.until', { deadline: group.deadline })}</span>
          </>
        )}
      </div>
      <div className="return-table-wrap">
        {/* Explicit roles keep the table's semantics when narrow screens lay its rows out as cards. */}
        <table className="data-table return-table" role="table">
          <thead role="rowgroup" className="visually-hidden-narrow">
            <tr role="row">
              <th scope="col" role="columnheader">
                {t('table.return')}
              </th>
              {showVisitor && (
                <th scope="col" role="columnheader">
                  {t('table.visitor')}
                </th>
              )}
              <th scope="col" role="columnheader">
                {t('table.category')}
              </th>
              <th scope="col" role="columnheader" className="is-number">
                {t('table.visitors')}
              </th>
              <th scope="col" role="columnheader" className="is-number">
                {t('table.cost')}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row, index) => {
              const category = [row.category[lang], row.place[lang]].filter(Boolean).join(', ');
              const ticked = confirming?.has(row.id) ?? false;
              return (
                <tr key={row.id} role="row" className={ticked ? 'is-confirming' : undefined}>
                  <td role="cell" className="return-table__action">
                    {row.status_id === ReturnStatus.returnable && row.used === 1 ? (
                      <span className="return-used">
                        <span className="return-badge is-used">{t('badge.used')}</span>
                        <span className="return-used__why">{t('badge.usedWhy')}</span>
                      </span>
                    ) : row.status_id === ReturnStatus.returnable && !ticked ? (
                      // On a phone the row is a card without the column's heading: the box's label is shown.
                      // Its name adds the category to what the label shows.
                      <label className="return-check-label">
                        <input
                          type="checkbox"
                          className="return-check"
                          aria-label={t('table.select', { n: index + 1, category })}
                          checked={selected.has(row.id)}
                          disabled={disabled || !isSelectable(row, expired)}
                          onChange={(event) => onToggle(row.id, event.target.checked)}
                        />
                        <span className="visually-hidden-wide">{t('table.selectShort', { n: index + 1 })}</span>
                      </label>
                    ) : (
                      <StatusBadge status={row.status_id} />
                    )}
                  </td>
                  {showVisitor && (
                    <td role="cell" data-label={t('table.visitor')}>
                      {row.name}
                    </td>
                  )}
                  <td role="cell" data-label={t('table.category')}>
                    {row.category[lang]}
                    {row.place[lang] && <span className="return-table__place">{row.place[lang]}</span>}
                    <RowServices services={services.filter((x) => x.ids.includes(row.id))} lang={lang} money={money} />
                  </td>
                  <td role="cell" className="is-number" data-label={t('table.visitors')}>
                    {row.quant}
                  </td>
                  <td role="cell" className="is-number" data-label={t('table.cost')}>
                    {money(row.summa)}
                    {row.refund !== row.summa && row.status_id !== ReturnStatus.refunded && (
                      <span className="return-table__refund">
                        {t('table.refund')}: {money(row.refund)}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('return');
  if (status === ReturnStatus.requested || status === ReturnStatus.refunded || status === ReturnStatus.refunding) {
    return <span className={`return-badge is-${status}`}>{t(`badge.${status}`)}</span>;
  }
  return null;
}

/** The services that go back with a row's ticket: name, what returning it refunds, its status. */
function RowServices({ services, lang, money }: { services: readonly ReturnService[]; lang: Lang; money: (roubles: number) => string }) {
  const { t } = useTranslation('return');
  if (services.length === 0) return null;
  return (
    <ul className="return-services" aria-label={t('services.title')}>
      {services.map((x) => (
        <li key={x.id} className="return-service">
          <span>
            {x.action[lang]}
            {x.ids.length > 1 && <span className="return-service__hint"> {t('services.withLast')}</span>}
          </span>{' '}
          <span className="return-service__cost">{money(x.refund)}</span> <StatusBadge status={x.status_id} />
        </li>
      ))}
    </ul>
  );
}
