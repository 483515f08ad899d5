import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { TicketRow } from '../../../../contract/order-view.ts';
import { useModalDialog } from '../../../components/modal/use-modal-dialog.ts';
import { usePaths } from '../../../app/paths.ts';
import { useLang } from '../../../lib/use-lang.ts';

/**
 * The QR codes or barcodes of one ticket row as a carousel:
 * titled with the action, order number, date, location and category, with an Open ticket link.
 */
export function TicketCodesModal({ row, orderNumber, onClose }: { row: TicketRow; orderNumber: number; onClose: () => void }) {
  const { t } = useTranslation('order');
  const lang = useLang();
  const paths = usePaths();
  const ref = useModalDialog();
  const [index, setIndex] = useState(0);
  const tickets = row.tickets;
  const ticket = tickets[index];
  const isQr = row.tickettype === 1;

  if (!ticket) return null;
  const image = isQr ? ticket._qrcode : ticket._barcode;
  return (
    <dialog
      ref={ref}
      className="dialog ticket-codes"
      aria-labelledby="ticket-codes-title"
      onCancel={(e) => (e.preventDefault(), onClose())}
    >
      <h2 id="ticket-codes-title">{pickLocalized(row.action, lang)}</h2>
      <p className="ticket-codes__meta">
        {t('codes.order', { number: orderNumber })}
        <br />
        {row.day} {row.time !== '00:00' ? row.time : ''} · {pickLocalized(row.dayofweek, lang)}
        <br />
        {pickLocalized(row.location, lang) || pickLocalized(row.seatroot, lang)}
        <br />
        {pickLocalized(row.category, lang)}
        {row.seat_id ? ` · ${t('row.row')} ${row.rowname}, ${t('row.seat')} ${pickLocalized(row.seat, lang)}` : ''}
      </p>
      <figure className="ticket-codes__figure">
        {image ? (
          <img
            src={image}
            width={isQr ? 180 : 240}
            height={isQr ? 180 : 102}
            alt={isQr ? t('codes.qrAlt', { code: ticket.ticketcode }) : t('codes.barcodeAlt', { code: ticket.ticketcode })}
          />
        ) : (
          <p role="alert">{isQr ? t('codes.qrMissing') : t('codes.barcodeMissing')}</p>
        )}
        <figcaption>{ticket.ticketcode}</figcaption>
      </figure>
      {tickets.length > 1 && (
        <div className="ticket-codes__nav">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setIndex((i) => (i - 1 + tickets.length) % tickets.length)}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t('codes.prev')}</span>
          </button>
          <span aria-live="polite">{t('codes.counter', { index: index + 1, total: tickets.length })}</span>
          <button type="button" className="button button--secondary" onClick={() => setIndex((i) => (i + 1) % tickets.length)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{t('codes.next')}</span>
          </button>
        </div>
      )}
      <div className="dialog__actions">
        <a className="button button--primary" href={paths.ticket(ticket.tickethash_id)} target="_blank" rel="noopener">
          {t('codes.open')}
        </a>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('codes.close')}
        </button>
      </div>
    </dialog>
  );
}
