import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type FirstStep, firstStepsResponse, todayResponse } from '../../../../contract/admin/home.ts';
import type { Permission } from '../../../../contract/admin/roles.ts';
import { intlLocale, normalizeLang } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { formatDateTime, formatDay, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { pickText } from '../../lib/format.ts';

/** Where each first step is done: a back-office page, or the server's settings (named, no page to link). */
const STEP_PAGES: Record<FirstStep, string | null> = {
  venue: '/setup',
  staff: '/staff',
  event: '/catalog/events/new',
  payment: null,
  address: null,
};

function Skeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <span className="admin-visually-hidden">{label}</span>
      <div className="admin-skeleton admin-skeleton--row" />
      <div className="admin-skeleton admin-skeleton--row" />
      <div className="admin-skeleton admin-skeleton--row" />
    </div>
  );
}

/** The owner's first steps, each ticked from what is really set up, each with where to do it. */
function FirstSteps() {
  const { t, i18n } = useTranslation('admin');
  const lang = normalizeLang(i18n.language);
  const steps = useQuery({
    queryKey: ['admin', 'home', 'first-steps'],
    queryFn: ({ signal }) => apiGet(`/api/admin/home/first-steps?lang=${lang}`, firstStepsResponse, { signal }),
  });
  const left = steps.data?.steps.filter((s) => !s.done).length ?? 0;
  return (
    <section className="admin-card admin-stack" aria-labelledby="home-first-steps">
      <h2 className="admin-subheading" id="home-first-steps">
        {t('home.firstSteps')}
      </h2>
      {steps.isPending ? (
        <Skeleton label={t('loading')} />
      ) : steps.isError ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : (
        <>
          <p>{left === 0 ? t('home.allDone') : t('home.stepsLeft', { count: left })}</p>
          <ol className="admin-checklist">
            {steps.data.steps.map(({ step, done }) => {
              const page = STEP_PAGES[step];
              return (
                <li
                  key={step}
                  className={done ? 'admin-checklist__item admin-checklist__item--done' : 'admin-checklist__item'}
                  data-testid={`first-step-${step}`}
                >
                  <span className="admin-checklist__mark" aria-hidden="true">
                    {done ? '✓' : ''}
                  </span>
                  <span className="admin-checklist__text">
                    <strong>{t(`home.steps.${step}.title`)}</strong>
                    <span className="admin-visually-hidden">: {done ? t('home.stepDone') : t('home.stepOpen')}</span>
                    <span className="admin-checklist__hint">{t(`home.steps.${step}.hint`)}</span>
                    {page && !done ? <Link href={page}>{t(`home.steps.${step}.link`)}</Link> : null}
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

/** The venue's day: its sessions with tickets sold, the day's sales, the newest orders. */
function Today() {
  const { t, i18n } = useTranslation('admin');
  const { t: tOrders } = useTranslation('admin-orders');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const today = useQuery({
    queryKey: ['admin', 'home', 'today'],
    queryFn: ({ signal }) => apiGet(`/api/admin/home/today?lang=${lang}`, todayResponse, { signal }),
  });
  const time = new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short', timeZone: venue.timeZone });
  if (today.isPending) {
    return (
      <section className="admin-card" aria-labelledby="home-today">
        <h2 className="admin-subheading" id="home-today">
          {t('home.today')}
        </h2>
        <Skeleton label={t('loading')} />
      </section>
    );
  }
  if (today.isError) return <p role="alert">{t('errors.generic')}</p>;
  const { day, currency, sessions, sales, latestOrders } = today.data;
  return (
    <>
      <section className="admin-card admin-stack" aria-labelledby="home-today">
        <h2 className="admin-subheading" id="home-today">
          {t('home.todayOf', { day: formatDay(day, lang) })}
        </h2>
        <p data-testid="home-sales">
          {t('home.sales', { orders: sales.orders, tickets: sales.tickets, total: formatMoney(sales.total, currency, lang) })}
        </p>
        {sessions.length === 0 ? (
          <p>{t('home.noSessions')}</p>
        ) : (
          <ul className="admin-home-list" aria-label={t('home.sessions')}>
            {sessions.map((s) => (
              <li key={s.id}>
                <span className="admin-home-list__time">{s.hasTime ? time.format(new Date(s.startsAt)) : t('home.allDay')}</span>{' '}
                <Link href={`/catalog/events/${s.eventId}`}>{pickText(s.eventName, lang)}</Link>{' '}
                <span>{s.cancelled ? t('home.cancelled') : t('home.sold', { sold: s.sold, capacity: s.capacity })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-card admin-stack" aria-labelledby="home-latest">
        <h2 className="admin-subheading" id="home-latest">
          {t('home.latestOrders')}
        </h2>
        {latestOrders.length === 0 ? (
          <p>{t('home.noOrders')}</p>
        ) : (
          <ul className="admin-home-list">
            {latestOrders.map((o) => (
              <li key={o.id}>
                <Link href={`/orders/${o.id}`}>{t('home.order', { number: o.number })}</Link> {pickText(o.eventName, lang)} ·{' '}
                {tOrders(`orderStates.${o.state}` as 'orderStates.paid')} · {formatMoney(o.total, currency, lang)} ·{' '}
                {formatDateTime(o.createdAt, lang, venue.timeZone)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/**
 * The back office's home: the owner's first steps, the venue's day for those who see orders, and
 * for a cashier or a controller the way to their own screen.
 */
export function HomePage({ name, permissions }: { name: string; permissions: readonly Permission[] }) {
  const { t } = useTranslation('admin');
  const { t: tDesk } = useTranslation('admin-desk');
  const seesOrders = permissions.includes('orders.read');
  return (
    <div className="admin-stack">
      <h1 className="admin-heading" data-page-title={t('nav.home')}>
        {t('home.heading', { name })}
      </h1>
      {permissions.includes('setup.write') ? <FirstSteps /> : null}
      {seesOrders ? <Today /> : null}
      {seesOrders ? null : (
        <section className="admin-card admin-stack" aria-labelledby="home-screens">
          <h2 className="admin-subheading" id="home-screens">
            {t('home.screens')}
          </h2>
          <ul className="admin-home-list">
            {permissions.includes('desk.sell') ? (
              <li>
                <Link href="/desk">{tDesk('nav')}</Link>
              </li>
            ) : null}
            {permissions.includes('checkin.scan') ? (
              <li>
                {/* The door is its own app, not a page of the back office. */}
                <a href="/checkin">{t('nav.checkin')}</a>
              </li>
            ) : null}
          </ul>
        </section>
      )}
      <p>{t('home.text')}</p>
    </div>
  );
}
