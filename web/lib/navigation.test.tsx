// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Router, Switch, useParams, useSearchParams } from 'wouter';
import { RouteErrorBoundary, isOtherPage, navigate, useAppLocation, useNavigationType } from './navigation.tsx';

// These tests run on jsdom's own address bar and session history, as the app does in a browser.
// Each starts as on a page just loaded: at '/', reached by POP. The worker's earlier files (pages
// that replaced their address) share this module and its last navigation type, which a page
// load would have started afresh; the popstate event sets it as going back to '/' would.
const scrollTo = vi.fn();
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  window.dispatchEvent(new PopStateEvent('popstate'));
  scrollTo.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Item() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  return (
    <button type="button" onClick={() => setSearch({ x: String(Number(search.get('x')) + 1) }, { replace: true })}>
      item {params.hash} {params.date ?? '-'} {params.time ?? '-'} x={search.get('x')}
    </button>
  );
}

function Boom(): never {
  throw new Error('boom');
}

function App() {
  return (
    <Router hook={useAppLocation}>
      <Link to="/event/7/01.03.2030/19:00?x=1">seven</Link>
      <Link to="/">home link</Link>
      <p>navigation: {useNavigationType()}</p>
      <RouteErrorBoundary fallback={(error) => <p>failed: {(error as Error).message}</p>}>
        <Switch>
          <Route path="/">home</Route>
          <Route path="/event/:hash/:date?/:time?">
            <Item />
          </Route>
          <Route path="/boom">
            <Boom />
          </Route>
        </Switch>
      </RouteErrorBoundary>
    </Router>
  );
}

const shownType = () => screen.getByText(/^navigation:/).textContent;

describe('routing with wouter and our helpers', () => {
  it('follows links with their params, updates the query in place, and goes back', async () => {
    render(<App />);
    expect(screen.getByText('home')).toBeTruthy();
    expect(shownType()).toBe('navigation: POP'); // the first location
    fireEvent.click(screen.getByRole('link', { name: 'seven' }));
    expect(screen.getByRole('button').textContent).toBe('item 7 01.03.2030 19:00 x=1');
    expect(shownType()).toBe('navigation: PUSH');
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('item 7 01.03.2030 19:00 x=2');
    expect(window.location.search).toBe('?x=2');
    expect(shownType()).toBe('navigation: REPLACE');
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByText('home')).toBeTruthy()); // the query change replaced the entry
    expect(shownType()).toBe('navigation: POP');
  });

  it('a link to the address already shown replaces it instead of adding an entry', () => {
    render(<App />);
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'home link' }));
    expect(window.history.length).toBe(entries);
    expect(shownType()).toBe('navigation: REPLACE');
  });

  it('leaves a click with a modifier (a new tab) to the browser', () => {
    render(<App />);
    let leftToBrowser: boolean | undefined;
    // Seen after the app's handler; then kept from jsdom, which cannot open another document.
    const watch = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', watch);
    fireEvent.click(screen.getByRole('link', { name: 'seven' }), { ctrlKey: true });
    document.removeEventListener('click', watch);
    expect(leftToBrowser).toBe(true);
    expect(window.location.pathname).toBe('/');
  });

  it('shows the error view when the page throws, and clears it on the next navigation', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      window.history.replaceState(null, '', '/boom');
      render(<App />);
      expect(screen.getByText('failed: boom')).toBeTruthy();
      act(() => navigate('/'));
      expect(screen.getByText('home')).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
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
    navigate('/event/a');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    navigate('/event/a/2026-12-01');
    navigate('/order/b', { replace: true });
    navigate('/order/return/b', { preventScrollReset: true });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/order/return/b');
  });

  it('leaves back and forward to the browser', async () => {
    navigate('/event/a');
    navigate('/order/b');
    scrollTo.mockClear();
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/event/a'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('resolves a query-only target against the current page', () => {
    navigate('/event/a?x=1');
    navigate('?x=2', { replace: true });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/event/a?x=2');
  });
});
