import { Component, type ErrorInfo, type ReactNode, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate as writeHistory, usePathname } from 'wouter/use-browser-location';

/**
 * What the storefront adds to wouter (the router, web/app/router.tsx): how a navigation moves
 * the scroll, how it was reached (for the focus move and the title announcement), and route
 * error views. wouter itself keeps the address bar and matches the routes.
 *
 * A navigation to another page (its first two path segments differ: /event/a → /order/b, not
 * /event/a/2026-12-01 → /event/a/2026-12-02) that adds a history entry starts at the top, unless
 * preventScrollReset; a replace keeps the scroll; back and forward leave it to the browser's own
 * restoration. A navigation to the address already shown replaces it instead of adding an entry.
 */

export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
/** How the current location was reached: a new entry, a replaced one, back/forward (the first load counts as POP). */
export type NavigationType = 'PUSH' | 'REPLACE' | 'POP';

/** Which page a path shows: its first two segments (see the note above). */
export function pageOf(pathname: string): string {
  return pathname.split('/').filter(Boolean).slice(0, 2).join('/').toLowerCase();
}

/** Whether going from one path to another opens another page (see the note above). */
export function isOtherPage(from: string, to: string): boolean {
  return pageOf(from) !== pageOf(to);
}

let lastAction: NavigationType = 'POP';
const actionListeners = new Set<() => void>();
function setAction(action: NavigationType) {
  lastAction = action;
  for (const listener of [...actionListeners]) listener();
}
// Registered before wouter subscribes (at its first render), so the type is set when it re-renders.
if (typeof window !== 'undefined') window.addEventListener('popstate', () => setAction('POP'));

const current = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** Goes to `to` (absolute, or relative to the current address) with the scroll rules above. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const from = window.location.pathname;
  const url = new URL(to, window.location.href);
  const target = `${url.pathname}${url.search}${url.hash}`;
  const replace = options.replace ?? target === current();
  setAction(replace ? 'REPLACE' : 'PUSH');
  writeHistory(target, { replace, state: options.state ?? null });
  if (!replace && !options.preventScrollReset && isOtherPage(from, url.pathname)) window.scrollTo(0, 0);
}

/** The location hook given to wouter's <Router>: the browser's address, navigated by `navigate`. */
export function useAppLocation(): [string, typeof navigate] {
  return [usePathname(), navigate];
}

/** The router's navigate (the one of the nearest <Router>, so tests can give another). */
export function useNavigate(): typeof navigate {
  return useLocation<typeof useAppLocation>()[1];
}

/** How the current location was reached. */
export function useNavigationType(): NavigationType {
  return useSyncExternalStore(
    (listener) => {
      actionListeners.add(listener);
      return () => actionListeners.delete(listener);
    },
    () => lastAction,
    () => 'POP',
  );
}

type BoundaryProps = { fallback: (error: unknown) => ReactNode; resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; errorKey: string | undefined };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, errorKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('route error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === undefined) return null;
    if (state.errorKey === undefined) return { errorKey: props.resetKey };
    return state.errorKey === props.resetKey ? null : { error: undefined, errorKey: undefined };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route error', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}

/** A route's error view: `fallback` replaces `children` when they throw, until the next navigation. */
export function RouteErrorBoundary({ fallback, children }: { fallback: (error: unknown) => ReactNode; children: ReactNode }) {
  const [pathname] = useLocation();
  const search = useSearch();
  return (
    <Boundary fallback={fallback} resetKey={`${pathname}?${search}`}>
      {children}
    </Boundary>
  );
}
