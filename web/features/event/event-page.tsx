import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { ErrorCode } from '../../../contract/errors.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { Skeleton } from '../../components/skeleton/skeleton.tsx';
import { usePaths } from '../../app/paths.ts';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useSetup } from '../../lib/use-setup.ts';
import { eventQueryOptions, requestEventAtBoot, unpaidOrdersQueryOptions } from './api/event-api.ts';
import { EventView } from './event-view.tsx';
import { warmDateFormats } from './lib/format.ts';
import { rememberedOrders } from './lib/unpaid-orders.ts';
import './event.css';

// Opened at this address, the page's answer is asked for now, while the app boots (event-api.ts).
requestEventAtBoot(window.location.pathname, window.location.search);

/** /event/{hash}/{date?}/{time?}: the event page with the quantity order form. */
export function EventPage() {
  const { t } = useTranslation('event');
  usePageTitle('event');
  const { hash = '' } = useParams();
  const lang = useLang();
  const options = eventQueryOptions(hash, lang);
  const event = useQuery(options);
  const setup = useSetup();
  // Orders this browser placed for the event: asked about beside the event's answer, and waited
  // for, so the offer to continue one is part of the first render (nothing moves when it comes).
  const remembered = useMemo(() => rememberedOrders(hash), [hash]);
  const unpaid = useQuery(unpaidOrdersQueryOptions(hash, remembered, lang));
  // The first Intl date formatters (locale data) are built in a task of their own while the
  // answers load, so the render that paints the event does not wait for them (lib/format.ts).
  useEffect(() => {
    const timer = window.setTimeout(() => warmDateFormats(lang));
    return () => window.clearTimeout(timer);
  }, [lang]);

  if (event.isPending || setup.isPending || unpaid.isLoading) return <EventSkeleton label={t('heading')} />;
  if (event.isError) {
    const notFound = event.error instanceof ApiError && event.error.code === ErrorCode.notFound;
    return notFound ? <EventNotFound /> : <PageError error={event.error} onRetry={() => void event.refetch()} />;
  }
  if (setup.isError) return <PageError error={setup.error} onRetry={() => void setup.refetch()} />;
  // A new event or language starts a fresh page (spec: the page reloads when hash or lang changes).
  return (
    <EventView
      key={`${hash}:${lang}`}
      data={event.data}
      setup={setup.data}
      lang={lang}
      queryKey={options.queryKey}
      unpaid={unpaid.data?.[0]}
    />
  );
}

/** No such event (or no longer on sale): the page's own heading, as the scheme page has. */
function EventNotFound() {
  const { t } = useTranslation('event');
  const paths = usePaths();
  return (
    <section className="page-error" aria-labelledby="event-missing">
      <h1 id="event-missing">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button button--primary" to={paths.afisha()}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}

function EventSkeleton({ label }: { label: string }) {
  return (
    <div className="event-page" aria-busy="true" data-page-skeleton="">
      <div role="status" aria-label={label} className="event-skeleton">
        <Skeleton width="min(520px, 80%)" height={36} />
        <Skeleton width="40%" height={18} />
        <div className="event-skeleton__dates">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} width={72} height={64} radius={8} />
          ))}
        </div>
        <div className="event-skeleton__dates">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} width={88} height={44} radius={8} />
          ))}
        </div>
        <Skeleton height={220} radius={12} />
      </div>
    </div>
  );
}
