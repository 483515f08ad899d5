import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { SIMPLE_ENTRY_KINDS, type SimpleEntryKind } from '../../../contract/admin/catalog.ts';
import type { Permission } from '../../../contract/admin/roles.ts';
import { OrderPage } from '../features/orders/order-page.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { OrdersSearchPage } from '../features/orders/orders-search-page.tsx';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { AccountPage } from '../features/account/account-page.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import { PersonalDataPage } from '../features/personal-data/personal-data-page.tsx';
import { HallsPage } from '../features/halls/halls-page.tsx';
import { SeatBlocksPage } from '../features/halls/seat-blocks-page.tsx';
import { RegistryPage } from '../features/registry/registry-page.tsx';
import { ClosingReceiptsPage } from '../features/receipts/closing-receipts-page.tsx';
import { DevicesPage } from '../features/checkin-devices/devices-page.tsx';
import { StaffPage } from '../features/staff/staff-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { AdminShell } from './admin-shell.tsx';
import { pagePermission } from './nav.ts';
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
const entryKind = (kind: string): SimpleEntryKind | null =>
  (SIMPLE_ENTRY_KINDS as readonly string[]).includes(kind) ? (kind as SimpleEntryKind) : null;
const SetupPage = lazy(() => import('../features/setup/setup-page.tsx'));
const DeskPage = lazy(() => import('../features/box-office/desk-page.tsx'));
const GroupsPage = lazy(() => import('../features/groups/groups-page.tsx'));
const GroupNewPage = lazy(() => import('../features/groups/group-new-page.tsx'));
const GroupPage = lazy(() => import('../features/groups/group-page.tsx'));
const SessionChangePage = lazy(() => import('../features/session-changes/session-change-page.tsx'));

/** What a page is given: the route's parameters, whether the member may change loyalty cards and the venue's settings, the not-found heading. */
type PageContext = {
  params: Record<string, string | undefined>;
  canWriteLoyalty: boolean;
  canSetPolicy: boolean;
  canExchange: boolean;
  notFound: ReactNode;
};

const positiveId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Every page of the back office, by address. The permission each needs is the menu's
 * (pagePermission, nav.ts), so a page is gated exactly as its menu entry is shown; a page the
 * member may not use is no route at all, and its address shows "not found".
 */
const PAGES: readonly { path: string; permission?: Permission; render: (page: PageContext) => ReactNode }[] = [
  { path: '/desk', render: () => <DeskPage /> },
  { path: '/handout', render: ({ canSetPolicy }) => <HandoutPage canSetPolicy={canSetPolicy} /> },
  { path: '/staff', render: () => <StaffPage /> },
  { path: '/orders', render: () => <OrdersSearchPage /> },
  {
    path: '/orders/:id',
    render: ({ params, canExchange }) => <OrderPage key={params.id} orderId={Number(params.id)} canExchange={canExchange} />,
  },
  { path: '/groups', render: ({ canSetPolicy }) => <GroupsPage canEditBank={canSetPolicy} /> },
  { path: '/groups/new', render: () => <GroupNewPage /> },
  {
    path: '/groups/:id',
    render: ({ params, notFound }) => {
      const id = positiveId(params.id);
      return id === null ? notFound : <GroupPage key={id} groupId={id} />;
    },
  },
  { path: '/catalog', render: () => <EventsPage /> },
  {
    // Cancelling or moving a session asks more than the catalog's editing does.
    path: '/catalog/events/:eventId/sessions/:sessionId',
    permission: 'sessions.change',
    render: ({ params }) => (
      <SessionChangePage key={params.sessionId} eventId={Number(params.eventId)} sessionId={Number(params.sessionId)} />
    ),
  },
  {
    path: '/catalog/events/:id',
    render: ({ params }) => <EventFormPage key={params.id} eventId={params.id === 'new' ? null : Number(params.id)} />,
  },
  {
    path: '/catalog/entries/:kind',
    render: ({ params, notFound }) => {
      const kind = entryKind(params.kind ?? '');
      return kind ? <EntriesPage key={kind} kind={kind} /> : notFound;
    },
  },
  {
    path: '/catalog/entries/:kind/:id',
    render: ({ params, notFound }) => {
      const kind = entryKind(params.kind ?? '');
      const id = params.id === 'new' ? null : positiveId(params.id);
      return kind && (params.id === 'new' || id !== null) ? (
        <EntryFormPage key={`${kind}-${params.id}`} kind={kind} entryId={id} />
      ) : (
        notFound
      );
    },
  },
  { path: '/reports', render: () => <ReportsPage /> },
  { path: '/reports/visits', render: () => <VisitsPage /> },
  { path: '/halls', render: () => <HallsPage /> },
  { path: '/halls/blocks', render: () => <SeatBlocksPage /> },
  { path: '/offers', render: () => <PromoCodesPage /> },
  { path: '/offers/services', render: () => <SpecialOffersPage /> },
  { path: '/offers/subscriptions', render: () => <SubscriptionsPage /> },
  { path: '/loyalty', render: ({ canWriteLoyalty }) => <LoyaltyCardsPage canWrite={canWriteLoyalty} /> },
  {
    path: '/loyalty/:id',
    render: ({ params, canWriteLoyalty, notFound }) => {
      const id = positiveId(params.id);
      return id === null ? notFound : <LoyaltyCardPage key={id} cardId={id} canWrite={canWriteLoyalty} />;
    },
  },
  { path: '/setup', render: () => <SetupPage /> },
  { path: '/audit', render: () => <AuditPage /> },
  { path: '/personal-data', render: () => <PersonalDataPage /> },
  { path: '/account', render: () => <AccountPage /> },
  { path: '/registry', render: () => <RegistryPage /> },
  { path: '/closing-receipts', render: () => <ClosingReceiptsPage /> },
  { path: '/checkin-devices', render: () => <DevicesPage /> },
];
const VisitsPage = lazy(() => import('../features/reports/visits-page.tsx').then((module) => ({ default: module.VisitsPage })));
const HandoutPage = lazy(() => import('../features/box-office/handout-page.tsx'));

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
  const { staff, permissions, mustSetUpTotp, mustChangePassword } = me.data;
  if (mustChangePassword) {
    // The password an owner set is temporary: until the member changes it, that is all there is (the server agrees).
    return (
      <AdminShell staff={staff} menu={false}>
        <AccountPage passwordOnly />
      </AdminShell>
    );
  }
  if (mustSetUpTotp) {
    // The venue requires one-time codes: until this member has them, setting them up is all there is.
    return (
      <AdminShell staff={staff} menu={false}>
        <AccountPage setupOnly />
      </AdminShell>
    );
  }
  const allowed = (page: (typeof PAGES)[number]) => {
    const permission = page.permission ?? pagePermission(page.path);
    return permission === null || (permission !== undefined && permissions.includes(permission));
  };
  const notFound = <h1 className="admin-heading">{t('notFound')}</h1>;
  return (
    <AdminShell staff={staff}>
      <Switch>
        <Route path="/">
          <HomePage name={staff.name} permissions={permissions} />
        </Route>
        {PAGES.filter(allowed).map((page) => (
          <Route key={page.path} path={page.path}>
            {(params) => (
              <Suspense fallback={<PageSkeleton label={t('loading')} />}>
                {page.render({
                  params,
                  canWriteLoyalty: permissions.includes('loyalty.write'),
                  canSetPolicy: permissions.includes('setup.write'),
                  canExchange: permissions.includes('orders.exchange'),
                  notFound,
                })}
              </Suspense>
            )}
          </Route>
        ))}
        <Route>{notFound}</Route>
      </Switch>
    </AdminShell>
  );
}
