import { type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { onTestFinished, vi } from 'vitest';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { useAppLocation } from '../lib/navigation.tsx';
import type { Lang } from '../../contract/lang.ts';
import type { Setup } from '../../contract/setup.ts';
import { Providers, createQueryClient } from '../app/providers.tsx';
import { AppRoutes, preloadScreen } from '../app/router.tsx';
import { resetCsrfToken, setupQueryOptions } from '../lib/api.ts';
import { initI18n } from '../lib/i18n.ts';
import { langFromSearch } from '../lib/lang.ts';

const unansweredFetch = { real: globalThis.fetch };

/** A fresh i18next instance per test, so one test's language never leaks into the next. */
export async function createTestI18n(lang: Lang = 'ru') {
  return initI18n(lang, i18next.createInstance());
}

/**
 * The app's routes as main.tsx mounts them, with jsdom's address bar and history moved to `url`
 * first (back and forward then work as in a browser).
 */
export function routedAt(url: string): ReactElement {
  window.history.replaceState(null, '', url);
  return (
    <Router hook={useAppLocation}>
      <AppRoutes />
    </Router>
  );
}

/**
 * Renders the whole app (shell and routes) at `url` with the given setup already loaded,
 * as the browser would after GET /api/setup, without a network.
 */
export async function renderApp(url: string, setup: Setup, prefill: (queryClient: QueryClient) => void = () => {}) {
  const [pathname = '/', search = ''] = url.split('?');
  const lang = langFromSearch(search);
  const i18n = await createTestI18n(lang);
  // As main.tsx boots: the screen's code and texts are there before the first render, so the page
  // renders at once. A page that suspended instead would show its content only 300 ms after the
  // fallback (React's throttle of Suspense reveals), a wait in every test.
  await preloadScreen(pathname, lang, Promise.resolve(i18n));
  const queryClient: QueryClient = createQueryClient();
  queryClient.setQueryData(setupQueryOptions().queryKey, setup);
  // Other answers a page needs, as if already fetched (the tests have no network).
  prefill(queryClient);
  // A call nothing answers stays pending, as with a server that has not answered yet, so a
  // screen that loads its data shows its skeleton (a test that needs answers stubs fetch itself).
  if (globalThis.fetch === unansweredFetch.real) {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
      resetCsrfToken(); // the token call that never ended must not hold up the next test
    });
  }
  const view = render(
    <Providers queryClient={queryClient} i18n={i18n}>
      {routedAt(url)}
    </Providers>,
  );
  return { ...view, i18n, queryClient };
}
