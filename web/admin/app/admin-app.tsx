import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { SIMPLE_ENTRY_KINDS, type SimpleEntryKind } from '../../../contract/admin/catalog.ts';
import { OrderPage } from '../features/orders/order-page.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { OrdersSearchPage } from '../features/orders/orders-search-page.tsx';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { AccountPage } from '../features/account/account-page.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import { HallsPage } from '../features/halls/halls-page.tsx';
import { SeatBlocksPage } from '../features/halls/seat-blocks-page.tsx';
import { RegistryPage } from '../features/registry/registry-page.tsx';
import { ClosingReceiptsPage } from '../features/receipts/closing-receipts-page.tsx';
import { DevicesPage } from '../features/checkin-devices/devices-page.tsx';
import { StaffPage } from '../features/staff/staff-page.tsx';
import { AdminShell } from './admin-shell.tsx';
import { meQueryOptions } from './session.ts';
import { SignInPage } from './sign-in-page.tsx';

// The catalog editor is the back office's largest page and a few members' tool: it loads when opened.
const EventsPage = lazy(() => import('../features/catalog/events-page.tsx'));
const EventFormPage = lazy(() => import('../features/catalog/event-form-page.tsx'));
const PromoCodesPage = lazy(() => import('../features/offers/promo-codes-page.tsx'));
const SpecialOffersPage = lazy(() => import('../features/offers/special-offers-page.tsx'));
const SubscriptionsPage = lazy(() => import('../features/offers/subscriptions-page.tsx'));
const LoyaltyCardsPage = lazy(() => import('../features/loyalty/loyalty-cards-page.tsx'));
const LoyaltyCardPage = lazy(() => import('../features/loyalty/loyalty-card-page.tsx'));
const EntriesPage = lazy(() => import('../features/catalog/entries-page.tsx'));
const EntryFormPage = lazy(() => import('../features/catalog/entry-form-page.tsx'));
const entryKind = (kind: string): SimpleEntryKind | null => ((SIMPLE_ENTRY_KINDS as readonly string[]).includes(kind) ? (kind as SimpleEntryKind) : null);
const SetupPage = lazy(() => import('../features/setup/setup-page.tsx'));
const DeskPage = lazy(() => import('../features/box-office/desk-page.tsx'));

/** Signed out: the sign-in page at any address; signed in: the shell with the page of the address. */
export function AdminApp() {
  const { t } = useTranslation('admin');
  const me = useQuery(meQueryOptions());
  if (me.isPending) {
    return (
      <div className="admin-boot" aria-busy="true">
        <div className="admin-boot__header" />
        <div className="admin-boot__main">
          <span className="admin-visually-hidden">{t('loading')}</span>
          <div className="admin-skeleton admin-skeleton--title" />
        </div>
      </div>
    );
  }
  if (!me.data) return <SignInPage />;
  const { staff, permissions, mustSetUpTotp } = me.data;
  if (mustSetUpTotp) {
    // The venue requires one-time codes: until this member has them, setting them up is all there is.
    return (
      <AdminShell staff={staff} menu={false}>
        <AccountPage setupOnly />
      </AdminShell>
    );
  }
  return (
    <AdminShell staff={staff}>
      <Switch>
        <Route path="/">
          <h1 className="admin-heading" data-page-title={t('nav.home')}>
            {t('home.heading', { name: staff.name })}
          </h1>
          <p>{t('home.text')}</p>
        </Route>
        {permissions.includes('desk.sell') ? (
          <Route path="/desk">
            <Suspense fallback={<PageSkeleton label={t('loading')} />}>
              <DeskPage />
            </Suspense>
          </Route>
        ) : null}
        {permissions.includes('staff.manage') ? (
          <Route path="/staff">
            <StaffPage />
          </Route>
        ) : null}
        {permissions.includes('orders.read') ? (
          <Route path="/orders">
            <OrdersSearchPage />
          </Route>
        ) : null}
        {permissions.includes('orders.read') ? (
          <Route path="/orders/:id">{(params) => <OrderPage key={params.id} orderId={Number(params.id)} />}</Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/catalog">
            <Suspense fallback={<PageSkeleton label={t('loading')} />}>
              <EventsPage />
            </Suspense>
          </Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/catalog/events/:id">
            {(params) => (
              <Suspense fallback={<PageSkeleton label={t('loading')} />}>
                <EventFormPage key={params.id} eventId={params.id === 'new' ? null : Number(params.id)} />
              </Suspense>
            )}
          </Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/catalog/entries/:kind">
            {(params) => {
              const kind = entryKind(params.kind);
              return kind ? (
                <Suspense fallback={<PageSkeleton label={t('loading')} />}>
                  <EntriesPage key={kind} kind={kind} />
                </Suspense>
              ) : (
                <h1 className="admin-heading">{t('notFound')}</h1>
              );
            }}
          </Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/catalog/entries/:kind/:id">
            {(params) => {
              const kind = entryKind(params.kind);
              const id = params.id === 'new' ? null : Number(params.id);
              return kind && (id === null || (Number.isInteger(id) && id > 0)) ? (
                <Suspense fallback={<PageSkeleton label={t('loading')} />}>
                  <EntryFormPage key={`${kind}-${params.id}`} kind={kind} entryId={id} />
                </Suspense>
              ) : (
                <h1 className="admin-heading">{t('notFound')}</h1>
              );
            }}
          </Route>
        ) : null}
        {permissions.includes('reports.read') ? (
          <Route path="/reports">
            <ReportsPage />
          </Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/halls">
            <HallsPage />
          </Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/halls/blocks">
            <SeatBlocksPage />
          </Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/offers">
            <Suspense fallback={<PageSkeleton label={t('loading')} />}>
              <PromoCodesPage />
            </Suspense>
          </Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/offers/services">
            <Suspense fallback={<PageSkeleton label={t('loading')} />}>
              <SpecialOffersPage />
            </Suspense>
          </Route>
        ) : null}
        {permissions.includes('catalog.write') ? (
          <Route path="/offers/subscriptions">
            <Suspense fallback={<PageSkeleton label={t('loading')} />}>
              <SubscriptionsPage />
            </Suspense>
          </Route>
        ) : null}
        {permissions.includes('loyalty.read') ? (
          <Route path="/loyalty">
            <Suspense fallback={<PageSkeleton label={t('loading')} />}>
              <LoyaltyCardsPage canWrite={permissions.includes('loyalty.write')} />
            </Suspense>
          </Route>
        ) : null}
        {permissions.includes('loyalty.read') ? (
          <Route path="/loyalty/:id">
            {(params) => {
              const id = Number(params.id);
              return Number.isInteger(id) && id > 0 ? (
                <Suspense fallback={<PageSkeleton label={t('loading')} />}>
                  <LoyaltyCardPage key={id} cardId={id} canWrite={permissions.includes('loyalty.write')} />
                </Suspense>
              ) : (
                <h1 className="admin-heading">{t('notFound')}</h1>
              );
            }}
          </Route>
        ) : null}
        {permissions.includes('setup.write') ? (
          <Route path="/setup">
            <Suspense fallback={<PageSkeleton label={t('loading')} />}>
              <SetupPage />
            </Suspense>
          </Route>
        ) : null}
        {permissions.includes('audit.read') ? (
          <Route path="/audit">
            <AuditPage />
          </Route>
        ) : null}
        <Route path="/account">
          <AccountPage />
        </Route>
        {permissions.includes('reports.read') ? (
          <Route path="/registry">
            <RegistryPage />
          </Route>
        ) : null}
        {permissions.includes('reports.read') ? (
          <Route path="/closing-receipts">
            <ClosingReceiptsPage />
          </Route>
        ) : null}
        {permissions.includes('checkin.devices') ? <Route path="/checkin-devices"><DevicesPage /></Route> : null}
        <Route>
          <h1 className="admin-heading">{t('notFound')}</h1>
        </Route>
      </Switch>
    </AdminShell>
  );
}
