import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupQueryOptions } from '../lib/api.ts';
import { SHELL_NAMESPACES, initI18n, preloadCatalog } from '../lib/i18n.ts';
import { RouterProvider, createBrowserRouter } from '../lib/router.tsx';
import { startEmbedBridge } from '../lib/embed-bridge.ts';
import { langFromLocation, toBcp47 } from '../lib/lang.ts';
import '../styles/tokens.css';
import '../styles/global.css';
import { Providers, createQueryClient } from './providers.tsx';
import { preloadScreen, routes } from './router.tsx';

const lang = langFromLocation(window.location.pathname, window.location.search);
document.documentElement.lang = toBcp47(lang);

const queryClient = createQueryClient();
// The setup request, the screen's code and texts and the shell's catalogs all start now, in
// parallel, instead of one after another from the first render.
const setupRequest = queryClient.prefetchQuery(setupQueryOptions());
preloadScreen(window.location.pathname, lang);
for (const namespace of SHELL_NAMESPACES) preloadCatalog(lang, namespace);
const i18n = await initI18n(lang);
// The first render waits (a little) for the setup answer, already on its way (preloaded by the
// page's head, server/spa-hints.ts): the shell then renders once with it, instead of once
// without and again when it comes, each a long task on a phone (issue #10). The boot skeleton
// of index.html shows meanwhile; after BOOT_WAIT_MS the app renders without it.
const BOOT_WAIT_MS = 3000;
await Promise.race([setupRequest, new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS))]);

startEmbedBridge();
const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
