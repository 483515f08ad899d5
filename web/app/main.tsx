import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setupQueryOptions } from '../lib/api.ts';
import { initI18n } from '../lib/i18n.ts';
import { startEmbedBridge } from '../lib/embed-bridge.ts';
import { langFromLocation, toBcp47 } from '../lib/lang.ts';
import '../styles/tokens.css';
import '../styles/global.css';
import { Providers, createQueryClient } from './providers.tsx';
import { routes } from './router.tsx';

const lang = langFromLocation(window.location.pathname, window.location.search);
document.documentElement.lang = toBcp47(lang);

const queryClient = createQueryClient();
// The setup request starts now, in parallel with the catalogs, instead of after the first render.
void queryClient.prefetchQuery(setupQueryOptions());
const i18n = await initI18n(lang);

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
