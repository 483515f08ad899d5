import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { parse } from 'regexparam';
import { Route, Switch, matchRoute } from 'wouter';
import { SIMPLE_ENTRY_KINDS, type SimpleEntryKind } from '../../../contract/admin/catalog.ts';
import type { Permission } from '../../../contract/admin/roles.ts';
import { lazyPage } from '../../lib/lazy-page.tsx';
import { RouteErrorBoundary } from '../../lib/navigation.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { AccountPage } from '../features/account/account-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { AdminShell } from './admin-shell.tsx';
import { pagePermission } from './nav.ts';
import { meQueryOptions } from './session.ts';
import { PageError } from './page-error.tsx';
import { SignInPage } from './sign-in-page.tsx';

// Every page is a chunk of its own but the home page, where a member lands, and the account page,
// all a member sees while a temporary password or the one-time codes are due: the sign-in page
// loads none of them. A page loads when first wanted: at boot for the address opened, when a link
// to it is about to be followed (preloadAdminPage), or when it renders.
const EventsPage = lazyPage(() => import('../features/catalog/events-page.tsx').then((module) => module.default));
const EventFormPage = lazyPage(() => import('../features/catalog/event-form-page.tsx').then((module) => module.default));
const PromoCodesPage = lazyPage(() => import('../features/offers/promo-codes-page.tsx').then((module) => module.default));
const SpecialOffersPage = lazyPage(() => import('../features/offers/special-offers-page.tsx').then((module) => module.default));
const SubscriptionsPage = lazyPage(() => import('../features/offers/subscriptions-page.tsx').then((module) => module.default));
const LoyaltyCardsPage = lazyPage(() => import('../features/loyalty/loyalty-cards-page.tsx').then((module) => module.default));
const LoyaltyCardPage = lazyPage(() => import('../features/loyalty/loyalty-card-page.tsx').then((module) => module.default));
const EntriesPage = lazyPage(() => import('../features/catalog/entries-page.tsx').then((module) => module.default));
const EntryFormPage = lazyPage(() => import('../features/catalog/entry-form-page.tsx').then((module) => module.default));
const entryKind = (kind: string): SimpleEntryKind | null =>
  (SIMPLE_ENTRY_KINDS as readonly string[]).includes(kind) ? (kind as SimpleEntryKind) : null;
const SetupPage = lazyPage(() => import('../features/setup/setup-page.tsx').then((module) => module.default));
const DeskPage = lazyPage(() => import('../features/box-office/desk-page.tsx').then((module) => module.default));
const GroupsPage = lazyPage(() => import('../features/groups/groups-page.tsx').then((module) => module.default));
const GroupNewPage = lazyPage(() => import('../features/groups/group-new-page.tsx').then((module) => module.default));
const GroupPage = lazyPage(() => import('../features/groups/group-page.tsx').then((module) => module.default));
const SessionChangePage = lazyPage(() => import('../features/session-changes/session-change-page.tsx').then((module) => module.default));
const OrderPage = lazyPage(() => import('../features/orders/order-page.tsx').then((module) => module.OrderPage));
const OrdersSearchPage = lazyPage(() => import('../features/orders/orders-search-page.tsx').then((module) => module.OrdersSearchPage));
const ReportsPage = lazyPage(() => import('../features/reports/reports-page.tsx').then((module) => module.ReportsPage));
const AuditPage = lazyPage(() => import('../features/audit/audit-page.tsx').then((module) => module.AuditPage));
const PersonalDataPage = lazyPage(() =>
  import('../features/personal-data/personal-data-page.tsx').then((module) => module.PersonalDataPage),
);
const HallsPage = lazyPage(() => import('../features/halls/halls-page.tsx').then((module) => module.HallsPage));
const SeatBlocksPage = lazyPage(() => import('../features/halls/seat-blocks-page.tsx').then((module) => module.SeatBlocksPage));
const RegistryPage = lazyPage(() => import('../features/registry/registry-page.tsx').then((module) => module.RegistryPage));
const ClosingReceiptsPage = lazyPage(() =>
  import('../features/receipts/closing-receipts-page.tsx').then((module) => module.ClosingReceiptsPage),
);
const DevicesPage = lazyPage(() => import('../features/checkin-devices/devices-page.tsx').then((module) => module.DevicesPage));
const StaffPage = lazyPage(() => import('../features/staff/staff-page.tsx').then((module) => module.StaffPage));
const VisitsPage = lazyPage(() => import('../features/reports/visits-page.tsx').then((module) => module.VisitsPage));
const HandoutPage = lazyPage(() => import('../features/box-office/handout-page.tsx').then((module) => module.default));

/** Where the back office is served: the router's base. */
export const ADMIN_BASE = '/admin';

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
 * member may not use is no route at all, and its address shows "not found". `screen` is the page
 * in a chunk of its own, which preloadAdminPage loads.
 */
const PAGES: readonly {
  path: string;
  permission?: Permission;
  screen?: { loadCode: () => Promise<unknown> };
  render: (page: PageContext) => ReactNode;
}[] = [
  { path: '/desk', screen: DeskPage, render: () => <DeskPage /> },
  { path: '/handout', screen: HandoutPage, render: ({ canSetPolicy }) => <HandoutPage canSetPolicy={canSetPolicy} /> },
  { path: '/staff', screen: StaffPage, render: () => <StaffPage /> },
  { path: '/orders', screen: OrdersSearchPage, render: () => <OrdersSearchPage /> },
  {
    path: '/orders/:id',
    screen: OrderPage,
    render: ({ params, canExchange }) => <OrderPage key={params.id} orderId={Number(params.id)} canExchange={canExchange} />,
  },
  { path: '/groups', screen: GroupsPage, render: ({ canSetPolicy }) => <GroupsPage canEditBank={canSetPolicy} /> },
  { path: '/groups/new', screen: GroupNewPage, render: () => <GroupNewPage /> },
  {
    path: '/groups/:id',
    screen: GroupPage,
    render: ({ params, notFound }) => {
      const id = positiveId(params.id);
      return id === null ? notFound : <GroupPage key={id} groupId={id} />;
    },
  },
  { path: '/catalog', screen: EventsPage, render: () => <EventsPage /> },
  {
    // Cancelling or moving a session asks more than the catalog's editing does.
    path: '/catalog/events/:eventId/sessions/:sessionId',
    permission: 'sessions.change',
    screen: SessionChangePage,
    render: ({ params }) => (
      <SessionChangePage key={params.sessionId} eventId={Number(params.eventId)} sessionId={Number(params.sessionId)} />
    ),
  },
  {
    path: '/catalog/events/:id',
    screen: EventFormPage,
    render: ({ params }) => <EventFormPage key={params.id} eventId={params.id === 'new' ? null : Number(params.id)} />,
  },
  {
    path: '/catalog/entries/:kind',
    screen: EntriesPage,
    render: ({ params, notFound }) => {
      const kind = entryKind(params.kind ?? '');
      return kind ? <EntriesPage key={kind} kind={kind} /> : notFound;
    },
  },
  {
    path: '/catalog/entries/:kind/:id',
    screen: EntryFormPage,
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
  { path: '/reports', screen: ReportsPage, render: () => <ReportsPage /> },
  { path: '/reports/visits', screen: VisitsPage, render: () => <VisitsPage /> },
  { path: '/halls', screen: HallsPage, render: () => <HallsPage /> },
  { path: '/halls/blocks', screen: SeatBlocksPage, render: () => <SeatBlocksPage /> },
  { path: '/offers', screen: PromoCodesPage, render: () => <PromoCodesPage /> },
  { path: '/offers/services', screen: SpecialOffersPage, render: () => <SpecialOffersPage /> },
  { path: '/offers/subscriptions', screen: SubscriptionsPage, render: () => <SubscriptionsPage /> },
  { path: '/loyalty', screen: LoyaltyCardsPage, render: ({ canWriteLoyalty }) => <LoyaltyCardsPage canWrite={canWriteLoyalty} /> },
  {
    path: '/loyalty/:id',
    screen: LoyaltyCardPage,
    render: ({ params, canWriteLoyalty, notFound }) => {
      const id = positiveId(params.id);
      return id === null ? notFound : <LoyaltyCardPage key={id} cardId={id} canWrite={canWriteLoyalty} />;
    },
  },
  { path: '/setup', screen: SetupPage, render: () => <SetupPage /> },
  { path: '/audit', screen: AuditPage, render: () => <AuditPage /> },
  { path: '/personal-data', screen: PersonalDataPage, render: () => <PersonalDataPage /> },
  { path: '/account', render: () => <AccountPage /> },
  { path: '/registry', screen: RegistryPage, render: () => <RegistryPage /> },
  { path: '/closing-receipts', screen: ClosingReceiptsPage, render: () => <ClosingReceiptsPage /> },
  { path: '/checkin-devices', screen: DevicesPage, render: () => <DevicesPage /> },
];

/**
 * Starts loading the code of the page at `path` (an address of the back office, `/admin`
 * included; others load nothing), so that it renders at once when the member gets there: the
 * page opened at boot and the page a link opens when the member is about to follow it
 * (web/lib/screen-intent.ts). Which page is the routes' first match, as <Switch> matches it; what the
 * member may see is left to the routes (a page's code is no secret). Resolves when the page can
 * render without suspending (at once for a page of the entry's own code).
 */
export function preloadAdminPage(path: string): Promise<void> {
  const { pathname } = new URL(path, window.location.href);
  if (pathname !== ADMIN_BASE && !pathname.startsWith(`${ADMIN_BASE}/`)) return Promise.resolve();
  const inApp = pathname.slice(ADMIN_BASE.length) || '/';
  const screen = PAGES.find((page) => matchRoute(parse, page.path, inApp)[0])?.screen;
  // Resolves when the code is there or failed: a failed load shows when the page renders.
  return screen
    ? screen.loadCode().then(
        () => {},
        () => {},
      )
    : Promise.resolve();
}

const pageError = () => <PageError />;

/**
 * Signed out: the sign-in page at any address; signed in: the shell with the page of the address
 * (a page that fails shows its error view in the shell, until the next navigation).
 */
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
      <RouteErrorBoundary fallback={pageError}>
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
      </RouteErrorBoundary>
    </AdminShell>
  );
}
