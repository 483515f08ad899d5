import { type ComponentProps, Suspense, lazy } from 'react';
import type * as SidebarModule from './offers-sidebar.tsx';

let sidebarModule: Promise<typeof SidebarModule> | undefined;

/**
 * Starts loading the special offers sidebar, once. Its offers' descriptions are the venue's HTML,
 * drawn through the allow-list (web/lib/safe-html.tsx): that code joins the page only when the
 * visitor reaches for the offers (the opener's hover, focus or press), so the order page's first
 * load carries neither.
 */
export const preloadOffersSidebar = () => (sidebarModule ??= import('./offers-sidebar.tsx'));

const Sidebar = lazy(() => preloadOffersSidebar().then((m) => ({ default: m.OffersSidebar })));

/** The sidebar itself once its code is there; nothing before (a click's wait is the chunk's, a few kB). */
export function LazyOffersSidebar(props: ComponentProps<typeof SidebarModule.OffersSidebar>) {
  return (
    <Suspense fallback={null}>
      <Sidebar {...props} />
    </Suspense>
  );
}
