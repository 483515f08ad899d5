import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { ErrorCode } from '../../../contract/errors.ts';
import { toBcp47 } from '../../../contract/lang.ts';
import { isOrderHash } from '../../../contract/order-hash.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { PageSkeleton } from '../../components/skeleton/skeleton.tsx';
import { ApiError, isNotFound } from '../../lib/api.ts';
import { dateTimeFormat } from '../../lib/intl-cache.ts';
import { useSetup } from '../../lib/use-setup.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import { requestTicketAtBoot, ticketQueryOptions } from './api/ticket-api.ts';
import { TicketSheet } from '../../components/ticket-sheet/ticket-sheet.tsx';
import '../../components/ticket-sheet/ticket-sheet.css';

// Opened at this address, the ticket is asked for now, while the app boots (ticket-api.ts).
requestTicketAtBoot(window.location.pathname, window.location.search);

/** /ticket/{hash}: one printable ticket of a paid order with its QR code or barcode. */
export function TicketPage() {
  const { t } = useTranslation('ticket');
  usePageTitle('ticket');
  const { hash = '' } = useParams();
  const lang = useLang();
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
  const { document, ticket } = query.data;
  return (
    <TicketSheet
      document={document}
      image={document.codeKind === 'qr' ? ticket._qrcode : ticket._barcode}
      lang={lang}
      headingId="ticket-title"
    >
      <div className="ticket-sheet__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('print')}
        </button>
        {query.data.wallet && (
          <a className="button button--secondary" href={`/api/ticket/${encodeURIComponent(hash)}/wallet.pkpass?lang=${lang}`} download>
            {t('addToWallet')}
          </a>
        )}
      </div>
    </TicketSheet>
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
      ? dateTimeFormat(toBcp47(lang), {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          timeZone,
        }).format(new Date(returnedAt))
      : '';
  return (
    <section className="ticket-sheet" aria-labelledby="ticket-returned">
      <h1 id="ticket-returned">{t('returned')}</h1>
      <p>{when ? t('returnedAt', { date: when }) : t('returnedNoDate')}</p>
      <p>{t('returnedText')}</p>
    </section>
  );
}
