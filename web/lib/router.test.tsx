// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, useParams, useSearchParams } from 'wouter';
import { Outlet, type RouteObject, RouterProvider, createBrowserRouter, createMemoryRouter, isOtherPage, matchRoutes, useRouteError, useNavigationType } from './navigation.tsx';

afterEach(cleanup);

// The app's shape (web/app/router.tsx): a pathless layout, a pathless error layer, then leaves.
const leaf = (path: string): RouteObject => ({ path, element: path });
const routes: RouteObject[] = [
  {
    element: 'shell',
    children: [
      {
        children: [
          { index: true, element: 'afisha' },
          leaf('event/:hash/:date?/:time?'),
          leaf('order/:hash'),
          leaf('order/return/:hash'),
          leaf('ru/order/view/:hash'),
          leaf('rules/purchase-terms'),
          leaf('*'),
        ],
      },
    ],
  },
];

describe('matchRoutes', () => {
  it.each([
    { path: '/', route: 'afisha', params: {} },
    { path: '/event/jazz', route: 'event/:hash/:date?/:time?', params: { hash: 'jazz' } },
    { path: '/event/jazz/01.03.2030', route: 'event/:hash/:date?/:time?', params: { hash: 'jazz', date: '01.03.2030' } },
    { path: '/event/jazz/01.03.2030/19:00/', route: 'event/:hash/:date?/:time?', params: { hash: 'jazz', date: '01.03.2030', time: '19:00' } },
    { path: '/event/jazz/a/b/c', route: '*', params: { '*': 'event/jazz/a/b/c' } },
    { path: '/order/h1', route: 'order/:hash', params: { hash: 'h1' } },
    { path: '/order/return/h1', route: 'order/return/:hash', params: { hash: 'h1' } },
    { path: '/order/return', route: 'order/:hash', params: { hash: 'return' } },
    { path: '/RU/Order/View/h%20x', route: 'ru/order/view/:hash', params: { hash: 'h x' } },
    { path: '/rules/purchase-terms', route: 'rules/purchase-terms', params: {} },
    { path: '/nothing', route: '*', params: { '*': 'nothing' } },
  ])('$path -> $route', ({ path, route, params }) => {
    const matches = matchRoutes(routes, path);
    expect(matches?.map((m) => m.route.element)).toEqual(['shell', undefined, route]);
    expect(Object.assign({}, ...(matches ?? []).map((m) => m.params))).toEqual(params);
  });

  it('finds nothing when no route matches', () => {
    expect(matchRoutes([leaf('contacts')], '/other')).toBeUndefined();
  });
});

function Layout() {
  return (
    <div>
      <Link to="/item/7?x=1">seven</Link>
      <Outlet />
    </div>
  );
}
function Item() {
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  return (
    <button type="button" onClick={() => setSearch({ x: String(Number(search.get('x')) + 1) }, { replace: true })}>
      item {id} x={search.get('x')}
    </button>
  );
}
function Boom(): never {
  throw new Error('boom');
}
function Failed() {
  return <p>failed: {(useRouteError() as Error).message}</p>;
}

describe('RouterProvider', () => {
  const appRoutes: RouteObject[] = [
    { element: <Layout />, children: [{ index: true, element: <p>home</p> }, { path: 'item/:id', element: <Item /> }, { path: 'boom', element: <Boom />, errorElement: <Failed /> }] },
  ];

  it('renders the matched route in its layout, follows links and query updates, and replaces on request', () => {
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('home')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'seven' }));
    expect(screen.getByRole('button').textContent).toBe('item 7 x=1');
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('item 7 x=2');
    expect(router.state.location.search).toBe('?x=2');
    act(() => router.navigate(-1));
    expect(screen.getByText('home')).toBeTruthy(); // the query change replaced the entry
  });

  it('shows the route error element when the page throws, and clears it on the next navigation', () => {
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/boom'] });
    const quiet = console.error;
    console.error = () => {};
    try {
      render(<RouterProvider router={router} />);
      expect(screen.getByText('failed: boom')).toBeTruthy();
      act(() => router.navigate('/'));
      expect(screen.getByText('home')).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });
});

describe('useNavigationType', () => {
  function Shown() {
    return <p>navigation: {useNavigationType()}</p>;
  }

  it('tells a new entry, a replaced one and back/forward apart; the first location counts as POP', () => {
    const router = createMemoryRouter([{ path: '*', element: <Shown /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const shown = () => screen.getByText(/^navigation:/).textContent;
    expect(shown()).toBe('navigation: POP');
    act(() => router.navigate('/event/a'));
    expect(shown()).toBe('navigation: PUSH');
    act(() => router.navigate('/event/a/2026-12-01', { replace: true }));
    expect(shown()).toBe('navigation: REPLACE');
    act(() => router.navigate(-1));
    expect(shown()).toBe('navigation: POP');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('scroll on navigation', () => {
  it.each([
    ['/', '/event/a', true],
    ['/event/a', '/order/b', true],
    ['/order/b', '/order/return/b', true],
    ['/event/a', '/event/b', true],
    ['/event/a', '/event/a/2026-12-01', false],
    ['/scheme/a/2026-12-01', '/scheme/a/2026-12-01/19:00', false],
    ['/', '/', false], // a query change (the afisha's filters) stays on the page
  ])('%s → %s opens another page: %s', (from, to, other) => {
    expect(isOtherPage(from, to)).toBe(other);
  });

  it('starts another page at the top, keeps the scroll within a page, on replace and when asked', () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter(routes);
    router.navigate('/event/a');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    router.navigate('/event/a/2026-12-01');
    router.navigate('/order/b', { replace: true });
    router.navigate('/order/return/b', { preventScrollReset: true });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/order/return/b');
    vi.unstubAllGlobals();
  });
});
