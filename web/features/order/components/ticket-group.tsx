import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { AttachedService, TicketRow } from '../../../../contract/order-view.ts';
import { ReturnStatus, isReturned } from '../../../../contract/order-status.ts';
import { ConcessionDocument } from '../../../components/concession-document/concession-document.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useFormatRoubles } from '../../../lib/use-money.ts';
import { preloadOffersSidebar } from './lazy-offers-sidebar.tsx';

type Props = {
  rows: TicketRow[];
  services: AttachedService[];
  paid: boolean;
  busy: boolean;
  hasOffers: boolean;
  onOpenOffers: () => void;
  onRemoveService: (id: number) => void;
  onShowCodes: (row: TicketRow) => void;
};

/** One event session of the order: its heading, a collapsible ticket list with the count and the group total. */
export function TicketGroup({ rows, services, paid, busy, hasOffers, onOpenOffers, onRemoveService, onShowCodes }: Props) {
  const { t } = useTranslation(['order', 'common']);
  const lang = useLang();
  const money = useFormatRoubles();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const first = rows[0];
  if (!first) return null;
  const count = rows.reduce((sum, r) => sum + r.quant, 0);
  const rowIds = new Set(rows.map((r) => r.id));
  const own = services.filter((s) => rowIds.has(s.parent_id));
  const total = rows.reduce((sum, r) => sum + r.cost, 0) + own.reduce((sum, s) => sum + s.cost, 0);
  const address = pickLocalized(first.address, lang);
  const location = pickLocalized(first.location, lang) || pickLocalized(first.seatroot, lang);

  return (
    <section className="order-group panel" aria-labelledby={`${listId}-title`}>
      <header className="order-group__header">
        <h2 id={`${listId}-title`} className="order-group__title">
          {pickLocalized(first.action, lang)}
        </h2>
        <p className="order-group__when">
          <time>
            {pickLocalized(first.day_str, lang)}
            {first.time !== '00:00' ? `, ${first.time}` : ''}
          </time>
          , {pickLocalized(first.dayofweek, lang)}
        </p>
        {location && <p className="order-group__where">{location}</p>}
        {address && <p className="order-group__address">{address}</p>}
      </header>

      <button type="button" className="order-group__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        <span>{t('common:tickets', { count })}</span>
        <span className="order-group__total">
          {t('group.total')}: <strong>{money(total)}</strong>
        </span>
        <span className="order-group__chevron" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
        <span className="visually-hidden">{open ? t('group.hideTickets') : t('group.showTickets')}</span>
      </button>

      <ul id={listId} className="order-rows" hidden={!open}>
        {rows.map((row) => (
          <li key={row.id} className="order-row">
            <div className="order-row__main">
              {row.seat_id ? (
                <p className="order-row__place">
                  {pickLocalized(row.sector, lang) && `${t('row.sector')}: ${pickLocalized(row.sector, lang)}, `}
                  {t('row.row')} {row.rowname}, {t('row.seat')} {pickLocalized(row.seat, lang)}
                </p>
              ) : (
                <p className="order-row__place">{pickLocalized(row.category, lang)}</p>
              )}
              <p className="order-row__details">
                {row.seat_id
                  ? `${t('row.category')}: ${pickLocalized(row.category, lang)}`
                  : pickLocalized(row.zonelevel, lang) && `${t('row.priceCategory')}: ${pickLocalized(row.zonelevel, lang)}`}
              </p>
              <ConcessionDocument document={row.document} />
            </div>
            <p className="order-row__price">
              {row.seat_id ? money(row.price) : t('row.quantityPrice', { quant: row.quant, price: money(row.price) })}
            </p>
            {row.tickets.some((x) => isReturned(x.status)) && (
              <p className="order-row__returned">{t('row.returned', { count: row.tickets.filter((x) => isReturned(x.status)).length })}</p>
            )}
            {paid && row.tickettype !== 2 && row.tickets.some((x) => !isReturned(x.status)) && (
              <button
                type="button"
                className="order-row__code button button--secondary"
                onClick={() => onShowCodes({ ...row, tickets: row.tickets.filter((x) => !isReturned(x.status)) })}
              >
                {row.tickettype === 1 ? t('codes.showQr') : t('codes.showBarcode')}
              </button>
            )}
            {own.some((s) => s.parent_id === row.id) && (
              <ul className="order-services" aria-label={t('services.title')}>
                {own
                  .filter((s) => s.parent_id === row.id)
                  .map((s) => (
                    <li key={s.id} className="order-service">
                      <span>{pickLocalized(s.action, lang)}</span>
                      <span className="order-service__cost">{money(s.cost)}</span>
                      {s.status !== ReturnStatus.returnable && (
                        <span className="order-service__status">
                          {isReturned(s.status) ? t('services.returned') : t('services.requested')}
                        </span>
                      )}
                      {s.candelete === 1 && (
                        <button
                          type="button"
                          className="order-service__remove"
                          disabled={busy}
                          aria-label={t('services.remove', { name: pickLocalized(s.action, lang) })}
                          onClick={() => onRemoveService(s.id)}
                        >
                          ×
                        </button>
                      )}
                    </li>
                  ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {hasOffers && (
        <button
          type="button"
          className="button button--secondary order-group__offers"
          onPointerEnter={() => void preloadOffersSidebar()}
          onFocus={() => void preloadOffersSidebar()}
          onPointerDown={() => void preloadOffersSidebar()}
          onClick={onOpenOffers}
        >
          {t('group.offers')}
        </button>
      )}
    </section>
  );
}
