import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../contract/lang.ts';
import { type TicketDocument, ticketRequisites } from '../../../contract/ticket-model.ts';

/**
 * The one ticket template on screen and on paper: the e-ticket page and the desk's printed ticket
 * render a ticket's requisites (contract/ticket-model.ts) through it, the PDF through the
 * server's twin (server/tickets/ticket-pdf.ts). Texts come from the `ticket` catalog.
 */
export function TicketSheet({
  document,
  image,
  lang,
  duplicate = false,
  headingId,
  children,
}: {
  document: TicketDocument;
  /** The code's picture (a data URL the server drew), '' when the ticket has none. */
  image: string;
  lang: Lang;
  /** A reprint at the desk: the ticket says «Дубликат». */
  duplicate?: boolean;
  headingId: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('ticket');
  const req = ticketRequisites(document, lang, {
    seriesNumber: (series, number) => t('seriesNumberValue', { series, number }),
    inn: (inn) => t('inn', { inn }),
  });
  const isQr = req.codeKind === 'qr';
  return (
    <article className="ticket-sheet" aria-labelledby={headingId}>
      <p className="ticket-sheet__kicker">
        {t('heading')}
        {duplicate ? <strong className="ticket-sheet__duplicate"> · {t('duplicate')}</strong> : null}
      </p>
      <h1 id={headingId}>{req.title}</h1>
      {/* The code comes first: at the entrance a phone shows it without scrolling. */}
      <div className="ticket-sheet__code">
        {req.codeKind === 'none' || !image ? (
          <p>{t('noCode')}</p>
        ) : (
          <img
            src={image}
            width={isQr ? 180 : 240}
            height={isQr ? 180 : 102}
            alt={isQr ? t('qrAlt', { code: req.code }) : t('barcodeAlt', { code: req.code })}
          />
        )}
      </div>
      <dl className="ticket-sheet__facts">
        {req.lines.map((line) => (
          <div key={line.key}>
            <dt>{line.key === 'code' ? t('order', { number: req.orderNumber }) : t(line.key)}</dt>
            <dd>
              {line.key === 'code' ? (
                <>
                  {t('code')}: <strong>{line.value}</strong>
                </>
              ) : (
                line.value
              )}
              {line.extra ? (
                <>
                  <br />
                  {line.extra}
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </article>
  );
}
