import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LANGS } from '../../contract/common.ts';
import { LegacyOrderRoute, LegacyRedirect } from './legacy-redirect.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { Shell } from './shell/shell.tsx';

/** Each screen is its own chunk, so '/' downloads only the shell and the listing. */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const AfishaPage = page(() => import('../features/afisha/afisha-page.tsx').then((m) => m.AfishaPage));
const EventPage = page(() => import('../features/event/event-page.tsx').then((m) => m.EventPage));
const SchemePage = page(() => import('../features/scheme/scheme-page.tsx').then((m) => m.SchemePage));
const OrderPage = page(() => import('../features/order/order-page.tsx').then((m) => m.OrderPage));
const ReturnPage = page(() => import('../features/return/return-page.tsx').then((m) => m.ReturnPage));
const DeclinedPage = page(() => import('../features/declined/declined-page.tsx').then((m) => m.DeclinedPage));
const NominalPage = page(() => import('../features/nominal/nominal-page.tsx').then((m) => m.NominalPage));
const TicketPage = page(() => import('../features/ticket/ticket-page.tsx').then((m) => m.TicketPage));
const ContactsPage = page(() => import('../features/contacts/contacts-page.tsx').then((m) => m.ContactsPage));
const RulesPage = page(() => import('../features/rules/rules-page.tsx').then((m) => m.RulesPage));

/**
 * Legacy paths carry the language in the first segment; only the four storefront languages
 * are matched (as contract/routes.ts does on the server), so /de/rules is a 404.
 * /{lang}/rules showed the purchase terms and /{lang}/rules-agreement the user agreement on
 * personal data, which is today's privacy policy.
 */
const legacyRoutes: RouteObject[] = LANGS.flatMap((lang) => [
  { path: `${lang}/order/view/:hash`, element: <LegacyOrderRoute lang={lang} orderPage={<OrderPage />} /> },
  { path: `${lang}/rules`, element: <LegacyRedirect lang={lang} to={(paths) => paths.purchaseTerms()} /> },
  { path: `${lang}/rules-agreement`, element: <LegacyRedirect lang={lang} to={(paths) => paths.privacyPolicy()} /> },
]);

/** Every route of spec section 2, inside the shell. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      {
        // A page that fails keeps the shell around its error view.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <AfishaPage /> },
          { path: 'event/:hash/:date?/:time?', element: <EventPage /> },
          { path: 'scheme/:hash/:date?/:time?', element: <SchemePage /> },
          { path: 'order/:hash', element: <OrderPage /> },
          { path: 'order/return/:hash', element: <ReturnPage /> },
          { path: 'order/declined/:hash', element: <DeclinedPage /> },
          { path: 'nominal-tickets/:hash', element: <NominalPage /> },
          { path: 'ticket/:hash', element: <TicketPage /> },
          { path: 'contacts', element: <ContactsPage /> },
          { path: 'rules/purchase-terms', element: <RulesPage document="purchase-terms" /> },
          { path: 'rules/privacy-policy', element: <RulesPage document="privacy-policy" /> },
          ...legacyRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
