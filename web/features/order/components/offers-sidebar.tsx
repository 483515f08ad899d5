import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/modal/use-modal-dialog.ts';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { Offer, TicketRow } from '../../../../contract/order-view.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { SafeNodes, allowedTags, sanitizeHtml } from '../../../lib/safe-html.tsx';
import { useSetup } from '../../../lib/use-setup.ts';
import type { OfferChoice } from '../api/order-api.ts';
import { useFormatKopecks, useFormatRoubles } from '../../../lib/use-money.ts';
import { isOfferDisabled, offerKey } from '../../../../contract/order-rules.ts';
import { selectedSum } from '../lib/offer-choice.ts';

type Props = {
  rows: TicketRow[];
  offers: Offer[];
  busy: boolean;
  onAdd: (choices: OfferChoice[]) => void;
  onClose: () => void;
};

/** The special offers sidebar (480 px; full width on phones): toggle offers per ticket, then Add with the sum. */
export function OffersSidebar({ rows, offers, busy, onAdd, onClose }: Props) {
  const { t } = useTranslation('order');
  const lang = useLang();
  const id = useId();
  const { data: setup } = useSetup();
  // An offer's description is the venue's HTML, shown through the same allow-list as the listing's event descriptions.
  const allowed = useMemo(() => allowedTags(setup?.description_escaping_tags ?? ''), [setup?.description_escaping_tags]);
  const money = useFormatRoubles();
  const formatKopecks = useFormatKopecks();
  const ref = useModalDialog();
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const rowIds = new Set(rows.map((r) => r.id));
  const shown = offers.filter((o) => rowIds.has(o.parent_id));
  const sum = selectedSum(selected, shown);
  const toggle = (offer: Offer) =>
    setSelected((current) => {
      const next = new Set(current);
      const key = offerKey(offer);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const add = () =>
    onAdd(
      shown
        .filter((o) => selected.has(offerKey(o)))
        .map((o) => ({ uid: offerKey(o), parent_id: o.parent_id, package_id: o.package_id, price_id: o.price_id, cost: o.cost })),
    );
  const rowName = (row: TicketRow) =>
    row.seat_id
      ? `${t('row.row')} ${row.rowname}, ${t('row.seat')} ${pickLocalized(row.seat, lang)}`
      : `${pickLocalized(row.category, lang)} × ${row.quant}`;

  return (
    <dialog ref={ref} className="offers-sidebar" aria-labelledby="offers-title" onCancel={(e) => (e.preventDefault(), onClose())}>
      <div className="offers-sidebar__head">
        <h2 id="offers-title">{t('offers.title')}</h2>
        <button type="button" className="offers-sidebar__close" aria-label={t('offers.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="offers-sidebar__body">
        {rows.map((row) => {
          const own = shown.filter((o) => o.parent_id === row.id);
          if (own.length === 0) return null;
          return (
            <section key={row.id} className="offers-ticket">
              <h3>{t('offers.forTicket', { name: rowName(row) })}</h3>
              <ul className="offers-list">
                {own.map((offer) => {
                  const key = offerKey(offer);
                  const on = selected.has(key);
                  const disabled = isOfferDisabled(offer, selected, shown);
                  const description = sanitizeHtml(pickLocalized(offer.descript, lang), allowed);
                  const descriptionId = `${id}-${key}`;
                  // The description sits beside the toggle, not inside it: a button may hold no
                  // paragraphs or links, and its name stays short; the description is read as its description.
                  return (
                    <li key={key} className={`offer${on ? ' is-on' : ''}${disabled ? ' is-disabled' : ''}`}>
                      <button
                        type="button"
                        className="offer__toggle"
                        aria-pressed={on}
                        aria-describedby={description.length > 0 ? descriptionId : undefined}
                        disabled={disabled}
                        onClick={() => toggle(offer)}
                      >
                        <span className="offer__name">{pickLocalized(offer.action, lang)}</span>
                        <span className="offer__cost">{money(offer.cost)}</span>
                        <span className="offer__limit">{t('offers.available', { count: offer.limit })}</span>
                      </button>
                      {description.length > 0 && (
                        <div id={descriptionId} className="offer__descript">
                          <SafeNodes nodes={description} />
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
        {shown.some((o) => o.seat_tied === 1) && (
          <p className="offers-sidebar__warning" role="note">
            {t('offers.seatWarning')}
          </p>
        )}
      </div>
      <div className="offers-sidebar__foot">
        <button type="button" className="button button--primary" disabled={selected.size === 0 || busy} onClick={add}>
          {selected.size === 0 ? t('offers.addNothing') : t('offers.add', { sum: formatKopecks(sum) })}
        </button>
      </div>
    </dialog>
  );
}
