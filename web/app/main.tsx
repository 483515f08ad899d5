import '../lib/zod-csp.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupQueryOptions } from '../lib/api.ts';
import { SHELL_NAMESPACES, initI18n, preloadCatalog } from '../lib/i18n.ts';
import { Router } from 'wouter';
import { useAppLocation } from '../lib/navigation.tsx';
import { startEmbedBridge } from '../lib/embed-bridge.ts';
import { preloadScreenOf, setScreenLoader } from '../lib/screen-preload.ts';
import { toBcp47 } from '../../contract/lang.ts';
import { langFromLocation } from '../lib/lang.ts';
import '../styles/tokens.css';
import '../styles/global.css';
import { Providers, createQueryClient } from './providers.tsx';
import { AppRoutes, preloadScreen } from './router.tsx';
import { preloadScreensOnIntent } from '../lib/screen-intent.ts';

const lang = langFromLocation(window.location.pathname, window.location.search);
document.documentElement.lang = toBcp47(lang);

const queryClient = createQueryClient();
// The setup request, the screen's code and texts and the shell's catalogs all start now, in
// parallel, instead of one after another from the first render.
const setupRequest = queryClient.prefetchQuery(setupQueryOptions());
const i18nReady = initI18n(lang);
const screenReady = preloadScreen(window.location.pathname, lang, i18nReady);
for (const namespace of SHELL_NAMESPACES) preloadCatalog(lang, namespace);
const i18n = await i18nReady;
// The first render waits (a little) for the setup answer, already on its way (preloaded by the
// page's head, server/spa-hints.ts), and for the screen's code and texts (preloaded there too):
// the shell and the page then render once, in one task before the first paint, instead of the
// shell first and the page again in a long task after it, each a long task on a phone. The boot
// skeleton of index.html shows meanwhile; after BOOT_WAIT_MS the app renders without them.
const BOOT_WAIT_MS = 3000;
await Promise.race([Promise.all([setupRequest, screenReady]), new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS))]);

startEmbedBridge();
// The screen a page is about to open loads when it asks (web/lib/screen-preload.ts), and the
// screen a link opens when the visitor is about to follow it (web/lib/screen-intent.ts).
setScreenLoader((path) => {
  const url = new URL(path, window.location.href);
  void preloadScreen(url.pathname, langFromLocation(url.pathname, url.search), i18nReady);
});
preloadScreensOnIntent(preloadScreenOf);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient} i18n={i18n}>
      <Router hook={useAppLocation}>
        <AppRoutes />
      </Router>
    </Providers>
  </StrictMode>,
);
