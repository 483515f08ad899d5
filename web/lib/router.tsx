import {
  type AnchorHTMLAttributes,
  Component,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

/**
 * The storefront's router: the part of react-router's API the app uses (Link, Navigate, Outlet,
 * useParams, useNavigate, useLocation, useSearchParams, route error elements) in ~3 kB instead
 * of react-router's ~30 kB, and without React-only hooks, so the browser build can run on
 * Preact (vite.config.ts). Routes are matched in order, first match wins (a `*` route goes last).
 * A navigation to another page (its first two path segments differ: /event/a → /order/b, not
 * /event/a/2026-12-01 → /event/a/2026-12-02) that adds a history entry starts at the top, unless
 * preventScrollReset; back and forward leave the scroll to the browser's own restoration.
 */

export type RouteObject = {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  errorElement?: ReactNode;
  children?: RouteObject[];
};

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
export type Params = Record<string, string | undefined>;
/** How the current location was reached, as react-router names it: a new entry, a replaced one, back/forward. */
export type NavigationType = 'PUSH' | 'REPLACE' | 'POP';
export type RouterState = { location: Location; action: NavigationType };

export type Router = {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  navigate(to: string | number, options?: NavigateOptions): void;
  subscribe(listener: () => void): () => void;
};

type Match = { route: RouteObject; params: Params };

let keySeed = 0;
const newKey = () => `${Date.now().toString(36)}${(keySeed++).toString(36)}`;

/** `to` (absolute, or a search/hash of the current page) against the current location. */
export function resolveTo(to: string, from: Pick<Location, 'pathname' | 'search'>): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://router.local${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const href = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => `${location.pathname}${location.search}${location.hash}`;

/** Which page a path shows: its first two segments (see the note above). */
export function pageOf(pathname: string): string {
  return pathname.split('/').filter(Boolean).slice(0, 2).join('/').toLowerCase();
}

/** Whether going from one path to another opens another page (see the note above). */
export function isOtherPage(from: string, to: string): boolean {
  return pageOf(from) !== pageOf(to);
}

function createRouter(
  routes: RouteObject[],
  initial: Location,
  write: (location: Location, replace: boolean, resetScroll: boolean) => void,
  go: (delta: number) => void,
): Router & { set(location: Location, action: NavigationType): void } {
  const listeners = new Set<() => void>();
  const router = {
    routes,
    state: { location: initial, action: 'POP' } as RouterState,
    set(location: Location, action: NavigationType) {
      router.state = { location, action };
      for (const listener of [...listeners]) listener();
    },
    navigate(to: string | number, options: NavigateOptions = {}) {
      if (typeof to === 'number') {
        go(to);
        return;
      }
      const target = resolveTo(to, router.state.location);
      const location: Location = { ...target, state: options.state ?? null, key: newKey() };
      const replace = options.replace ?? false;
      write(location, replace, !replace && !options.preventScrollReset && isOtherPage(router.state.location.pathname, location.pathname));
      router.set(location, replace ? 'REPLACE' : 'PUSH');
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return router;
}

/** The router of the browser: the address bar and the session history (back/forward). */
export function createBrowserRouter(routes: RouteObject[]): Router {
  const read = (): Location => {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  const router = createRouter(
    routes,
    read(),
    (location, replace, resetScroll) => {
      if (!replace) index += 1;
      const entry = { usr: location.state, key: location.key, idx: index };
      if (replace) window.history.replaceState(entry, '', href(location));
      else window.history.pushState(entry, '', href(location));
      if (resetScroll) window.scrollTo(0, 0);
    },
    (delta) => window.history.go(delta),
  );
  window.addEventListener('popstate', () => {
    index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    router.set(read(), 'POP');
  });
  return router;
}

/** A router over an in-memory history (tests). */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}): Router {
  const entries: Location[] = (options.initialEntries ?? ['/']).map((entry) => ({ ...resolveTo(entry, { pathname: '/', search: '' }), state: null, key: newKey() }));
  let index = entries.length - 1;
  const router = createRouter(
    routes,
    entries[index] ?? { pathname: '/', search: '', hash: '', state: null, key: 'default' },
    (location, replace) => {
      if (replace) entries[index] = location;
      else {
        index += 1;
        entries.splice(index, entries.length, location);
      }
    },
    (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      const location = entries[next];
      if (next === index || !location) return;
      index = next;
      router.set(location, 'POP');
    },
  );
  return router;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Matches a route's own path against the whole remaining path: `:name`, `:name?`, `*`, static (any case). */
function matchPath(pattern: string, segments: string[]): Params | undefined {
  const parts = pattern.split('/').filter(Boolean);
  const params: Params = {};
  let at = 0;
  for (const [i, part] of parts.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(at).join('/');
      return params;
    }
    const segment = segments[at];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (segment === undefined) {
        if (optional) continue;
        return undefined;
      }
      // An optional parameter takes a segment only if the parts after it can still match.
      const required = parts.slice(i + 1).filter((p) => !p.endsWith('?') && p !== '*').length;
      if (optional && segments.length - at - 1 < required) continue;
      params[name] = decode(segment);
      at += 1;
      continue;
    }
    if (segment === undefined || decode(segment).toLowerCase() !== part.toLowerCase()) return undefined;
    at += 1;
  }
  return at === segments.length ? params : undefined;
}

/** The chain of routes, outermost first, that renders `pathname`; undefined when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): Match[] | undefined {
  const segments = pathname.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.index) {
      if (segments.length === 0) return [{ route, params: {} }];
      continue;
    }
    if (route.path !== undefined && !route.children) {
      const params = matchPath(route.path, segments);
      if (params) return [{ route, params }];
      continue;
    }
    if (route.children && route.path === undefined) {
      const inner = matchRoutes(route.children, pathname);
      if (inner) return [{ route, params: {} }, ...inner];
    }
  }
  return undefined;
}

type RouterContextValue = { location: Location; action: NavigationType; navigate: Router['navigate'] };
const RouterContext = createContext<RouterContextValue | null>(null);
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({ params: {}, outlet: null });
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('router hooks need a <RouterProvider> or a <MemoryRouter> around them');
  return value;
}

type BoundaryProps = { fallback: ReactNode; locationKey: string; children: ReactNode };
type BoundaryState = { error: unknown; errorKey: string | undefined; hasError: boolean };

/** A route's errorElement: shown with useRouteError() when its element throws; cleared by the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, errorKey: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.hasError) return null;
    if (state.errorKey === undefined) return { errorKey: props.locationKey };
    return state.errorKey === props.locationKey ? null : { error: undefined, errorKey: undefined, hasError: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
    return this.props.children;
  }
}

function renderMatches(matches: Match[], locationKey: string): ReactNode {
  let outlet: ReactNode = null;
  const params: Params = Object.assign({}, ...matches.map((m) => m.params)) as Params;
  for (const { route } of [...matches].reverse()) {
    const element = route.element === undefined ? <Outlet /> : route.element;
    const routed = <RouteContext.Provider value={{ params, outlet }}>{element}</RouteContext.Provider>;
    outlet =
      route.errorElement === undefined ? (
        routed
      ) : (
        <RouteErrorBoundary fallback={route.errorElement} locationKey={locationKey}>
          {routed}
        </RouteErrorBoundary>
      );
  }
  return outlet;
}

/** Renders the routes that match the router's location. */
export function RouterProvider({ router }: { router: Router }) {
  const { location, action } = useSyncExternalStore(router.subscribe, () => router.state);
  const navigate = useCallback<Router['navigate']>((to, options) => router.navigate(to, options), [router]);
  const value = useMemo(() => ({ location, action, navigate }), [location, action, navigate]);
  const matches = useMemo(() => matchRoutes(router.routes, location.pathname), [router, location.pathname]);
  return <RouterContext.Provider value={value}>{matches ? renderMatches(matches, location.key) : null}</RouterContext.Provider>;
}

/** Gives `children` a location at `initialEntries` without routes (component tests). */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const router = useMemo(() => createMemoryRouter([], initialEntries ? { initialEntries } : {}), [initialEntries]);
  const { location, action } = useSyncExternalStore(router.subscribe, () => router.state);
  const value = useMemo(() => ({ location, action, navigate: router.navigate }), [location, action, router]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** Where the matched child route renders. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** How the current location was reached (the first location counts as 'POP', as in react-router). */
export function useNavigationType(): NavigationType {
  return useRouter().action;
}

export function useParams<T extends Params = Params>(): T {
  return useContext(RouteContext).params as T;
}

export function useNavigate(): Router['navigate'] {
  return useRouter().navigate;
}

/** The error the nearest route error element caught. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The URL's query as URLSearchParams, and a setter that navigates to the same path with a new query. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(location.search)) : next).toString();
      navigate(`${location.pathname}${value ? `?${value}` : ''}`, options);
    },
    [location.pathname, location.search, navigate],
  );
  return [params, setParams];
}

/** Navigates once rendered (a redirect inside the app). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { navigate } = useRouter();
  useEffect(() => {
    navigate(to, { replace: replace ?? false, state });
  }, [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/** An <a href> that navigates inside the app on a plain left click; a link to the current page replaces it. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const targetHref = href(resolveTo(to, location));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? targetHref === href(location), state });
  };
  return <a {...rest} href={targetHref} target={target} onClick={handleClick} />;
}
