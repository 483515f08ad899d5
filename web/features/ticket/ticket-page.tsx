import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { ErrorCode } from '../../../contract/errors.ts';
import { pickLocalized, toBcp47 } from '../../../contract/lang.ts';
import { isOrderHash } from '../../../contract/order-hash.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { PageSkeleton } from '../../components/skeleton/skeleton.tsx';
import { ApiError, isNotFound } from '../../lib/api.ts';
import { dateTimeFormat } from '../../lib/intl-cache.ts';
import { useSetup } from '../../lib/use-setup.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useFormatRoubles } from '../../lib/use-money.ts';
import { requestTicketAtBoot, ticketQueryOptions } from './api/ticket-api.ts';
import './ticket.css';

// Opened at this address, the ticket is asked for now, while the app boots (ticket-api.ts).
requestTicketAtBoot(window.location.pathname, window.location.search);

/** /ticket/{hash}: one printable ticket of a paid order with its QR code or barcode. */
export function TicketPage() {
  const { t } = useTranslation('ticket');
  usePageTitle('ticket');
  const { hash = '' } = useParams();
  const lang = useLang();
  const money = useFormatRoubles();
  // A ticket's hash has an order hash's shape; one that cannot name a ticket is not asked for.
  const possible = isOrderHash(hash);
  const query = useQuery({ ...ticketQueryOptions(hash, lang), enabled: possible });

  if (!possible || isNotFound(query.error)) {
    return (
      <section className="ticket-sheet">
        <h1>{t('notFound')}</h1>
      </section>
    );
  }
  if (query.error instanceof ApiError && query.error.code === ErrorCode.ticketReturned) {
    return <ReturnedTicket returnedAt={(query.error.body as { returnedAt?: string | null } | undefined)?.returnedAt ?? null} />;
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const { row, ticket, ord_num, name, form } = query.data;
  const organizer = pickLocalized(form.organizer, lang);
  const isQr = row.tickettype === 1;
  const image = isQr ? ticket._qrcode : ticket._barcode;
  return (
    <article className="ticket-sheet" aria-labelledby="ticket-title">
      <p className="ticket-sheet__kicker">{t('heading')}</p>
      <h1 id="ticket-title">{pickLocalized(row.action, lang)}</h1>
      {/* The code comes first: at the entrance a phone shows it without scrolling. */}
      <div className="ticket-sheet__code">
        {row.tickettype === 2 || !image ? (
          <p>{t('noCode')}</p>
        ) : (
          <img src={image} width={isQr ? 180 : 240} height={isQr ? 180 : 102} alt={isQr ? t('qrAlt', { code: ticket.ticketcode }) : t('barcodeAlt', { code: ticket.ticketcode })} />
        )}
      </div>
      <dl className="ticket-sheet__facts">
        {form.series || form.number ? (
          <div>
            <dt>{t('seriesNumber')}</dt>
            <dd>{t('seriesNumberValue', { series: form.series, number: form.number })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('date')}</dt>
          <dd>
            {pickLocalized(row.day_str, lang)}
            {row.time !== '00:00' ? `, ${row.time}` : ''} ({pickLocalized(row.dayofweek, lang)})
          </dd>
        </div>
        <div>
          <dt>{t('place')}</dt>
          <dd>
            {pickLocalized(row.location, lang) || pickLocalized(row.seatroot, lang)}
            {pickLocalized(row.address, lang) && <br />}
            {pickLocalized(row.address, lang)}
          </dd>
        </div>
        <div>
          <dt>{t('category')}</dt>
          <dd>{pickLocalized(row.category, lang)}</dd>
        </div>
        {row.seat_id > 0 && (
          <div>
            <dt>{t('seat')}</dt>
            <dd>
              {pickLocalized(row.sector, lang)} · {row.rowname} · {pickLocalized(row.seat, lang)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('price')}</dt>
          <dd>{money(row.price)}</dd>
        </div>
        {form.holder ? (
          <div>
            <dt>{t('namedHolder')}</dt>
            <dd>{form.holder}</dd>
          </div>
        ) : null}
        {name && (
          <div>
            <dt>{t('holder')}</dt>
            <dd>{name}</dd>
          </div>
        )}
        {organizer || form.organizer_inn ? (
          <div>
            <dt>{t('organizer')}</dt>
            <dd>
              {organizer}
              {form.organizer_inn ? `, ${t('inn', { inn: form.organizer_inn })}` : ''}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('order', { number: ord_num })}</dt>
          <dd>
            {t('code')}: <strong>{ticket.ticketcode}</strong>
          </dd>
        </div>
      </dl>
      <div className="ticket-sheet__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('print')}
        </button>
      </div>
    </article>
  );
}

/**
 * A returned ticket's page: it says the ticket went back and when (in the venue's time zone), and
 * shows no code: a returned ticket no longer admits, and the server no longer sends its code.
 */
function ReturnedTicket({ returnedAt }: { returnedAt: string | null }) {
  const { t } = useTranslation('ticket');
  const lang = useLang();
  const setup = useSetup();
  const timeZone = setup.data?.app.timezone;
  const when =
    returnedAt && timeZone
      ? dateTimeFormat(toBcp47(lang), { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(returnedAt))
      : '';
  return (
    <section className="ticket-sheet" aria-labelledby="ticket-returned">
      <h1 id="ticket-returned">{t('returned')}</h1>
      <p>{when ? t('returnedAt', { date: when }) : t('returnedNoDate')}</p>
      <p>{t('returnedText')}</p>
    </section>
  );
}
