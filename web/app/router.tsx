import { CONSENT_SCOPES, consentSlug } from '../../contract/consent.ts';
import { type ComponentType, type ReactElement, isValidElement } from 'react';
import type { i18n as I18n } from 'i18next';
import { Route, Switch, matchRoute } from 'wouter';
import { parse } from 'regexparam';
import { LANGS, type Lang } from '../../contract/lang.ts';
import { preloadCatalog } from '../lib/i18n.ts';
import { lazyPage } from '../lib/lazy-page.tsx';
import { LegacyOrderRoute, LegacyRedirect } from './legacy-redirect.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteErrorBoundary } from '../lib/navigation.tsx';
import { RouteError } from './route-error.tsx';
import { Shell } from './shell/shell.tsx';

/**
 * A lazy screen that can load its code and texts before it renders (at boot). `preload`
 * resolves once both are there (it never rejects: a failure shows when the page renders).
 */
type PageComponent<P extends object> = ComponentType<P> & { preload: (lang: Lang, i18n: Promise<I18n>) => Promise<void> };

/**
 * Each screen is its own chunk, so '/' downloads only the shell and the listing. `namespace` is
 * the screen's catalog (web/locales/<lang>/<namespace>.json), loaded beside its code at boot.
 * A screen whose code is already there renders at once, in the same render as the shell, instead
 * of suspending into the page skeleton and rendering again a task later (the second
 * render was the long task after the first paint on '/'; web/lib/lazy-page.tsx).
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>, namespace: string): PageComponent<P> {
  const Page = lazyPage(load);
  return Object.assign(Page, {
    preload(lang: Lang, i18n: Promise<I18n>) {
      preloadCatalog(lang, namespace);
      const texts = i18n.then((instance) => instance.loadNamespaces(namespace));
      return Promise.all([Page.loadCode(), texts]).then(
        () => {},
        () => {}, // a failure shows when the page renders (RouteError)
      );
    },
  });
}

const AfishaPage = page(() => import('../features/afisha/afisha-page.tsx').then((m) => m.AfishaPage), 'afisha');
const EventPage = page(() => import('../features/event/event-page.tsx').then((m) => m.EventPage), 'event');
const SchemePage = page(() => import('../features/scheme/scheme-page.tsx').then((m) => m.SchemePage), 'scheme');
const OrderPage = page(() => import('../features/order/order-page.tsx').then((m) => m.OrderPage), 'order');
const ReturnPage = page(() => import('../features/return/return-page.tsx').then((m) => m.ReturnPage), 'return');
const DeclinedPage = page(() => import('../features/declined/declined-page.tsx').then((m) => m.DeclinedPage), 'declined');
const NominalPage = page(() => import('../features/nominal/nominal-page.tsx').then((m) => m.NominalPage), 'nominal');
const TicketPage = page(() => import('../features/ticket/ticket-page.tsx').then((m) => m.TicketPage), 'ticket');
const ContactsPage = page(() => import('../features/contacts/contacts-page.tsx').then((m) => m.ContactsPage), 'contacts');
const UnsubscribePage = page(() => import('../features/waitlist/unsubscribe-page.tsx').then((m) => m.UnsubscribePage), 'waitlist');
const RulesPage = page(() => import('../features/rules/rules-page.tsx').then((m) => m.RulesPage), 'rules');

/**
 * The older order address of integration mode shows the order page (or moves to it): its code
 * and texts load at boot as the order page's own do, so the order's request starts there too.
 */
const LegacyOrder = Object.assign(({ lang }: { lang: Lang }) => <LegacyOrderRoute lang={lang} orderPage={<OrderPage />} />, {
  preload: OrderPage.preload,
});

/** A route: a wouter path pattern (`:name`, `:name?`, `*`, matched in any case) and what it shows. */
type AppRoute = { path: string; element: ReactElement };

/**
 * Legacy paths carry the language in the first segment; only the four storefront languages
 * are matched (as contract/routes.ts does on the server), so /de/rules is a 404.
 * /{lang}/rules showed the purchase terms and /{lang}/rules-agreement the user agreement on
 * personal data, which is today's privacy policy.
 */
const legacyRoutes: AppRoute[] = LANGS.flatMap((lang) => [
  { path: `/${lang}/order/view/:hash`, element: <LegacyOrder lang={lang} /> },
  { path: `/${lang}/rules`, element: <LegacyRedirect lang={lang} to={(paths) => paths.purchaseTerms()} /> },
  { path: `/${lang}/rules-agreement`, element: <LegacyRedirect lang={lang} to={(paths) => paths.privacyPolicy()} /> },
]);

/** Every route, first match wins (the `*` route goes last). */
export const routes: AppRoute[] = [
  { path: '/', element: <AfishaPage /> },
  { path: '/event/:hash/:date?/:time?', element: <EventPage /> },
  { path: '/scheme/:hash/:date?/:time?', element: <SchemePage /> },
  { path: '/order/:hash', element: <OrderPage /> },
  { path: '/order/return/:hash', element: <ReturnPage /> },
  { path: '/order/declined/:hash', element: <DeclinedPage /> },
  { path: '/nominal-tickets/:hash', element: <NominalPage /> },
  { path: '/ticket/:hash', element: <TicketPage /> },
  { path: '/waitlist/unsubscribe/:token', element: <UnsubscribePage /> },
  { path: '/contacts', element: <ContactsPage /> },
  { path: '/rules/purchase-terms', element: <RulesPage document="purchase-terms" /> },
  { path: '/rules/privacy-policy', element: <RulesPage document="privacy-policy" /> },
  // The current consent texts to the processing of personal data, one page per scope.
  ...CONSENT_SCOPES.map((scope) => ({ path: `/rules/${consentSlug(scope)}`, element: <RulesPage document={`consent-${scope}`} /> })),
  ...legacyRoutes,
  { path: '*', element: <NotFoundPage /> },
];

const routeError = (error: unknown) => <RouteError error={error} />;

/** The shell with the page of the current address; a page that fails keeps the shell around its error view. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary fallback={routeError}>
      <Shell>
        <RouteErrorBoundary fallback={routeError}>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                {route.element}
              </Route>
            ))}
          </Switch>
        </RouteErrorBoundary>
      </Shell>
    </RouteErrorBoundary>
  );
}

/** The route that shows `pathname`, matched as <AppRoutes> matches it. */
export function routeOf(pathname: string): AppRoute | undefined {
  return routes.find((route) => matchRoute(parse, route.path, pathname)[0]);
}

/**
 * Starts the code and the texts of the screen at `pathname` at once, in parallel with the
 * shell's own start, instead of after the first render (no request waterfall at boot). Resolves
 * when the screen can render without suspending (at once for a path with no lazy screen).
 */
export function preloadScreen(pathname: string, lang: Lang, i18n: Promise<I18n>): Promise<void> {
  const leaf = routeOf(pathname)?.element;
  const type: unknown = isValidElement(leaf) ? leaf.type : undefined;
  const preload = typeof type === 'object' || typeof type === 'function' ? (type as Partial<PageComponent<object>>).preload : undefined;
  return preload ? preload(lang, i18n) : Promise.resolve();
}
