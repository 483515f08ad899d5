import '../../lib/zod-csp.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { toBcp47 } from '../../../contract/lang.ts';
import '../../styles/tokens.css';
import '../admin.css';
import { useGuardedLocation } from '../components/unsaved-changes.ts';
import { preloadScreensOnIntent } from '../../lib/screen-intent.ts';
import { ADMIN_BASE, AdminApp, preloadAdminPage } from './admin-app.tsx';
import { initAdminI18n, storedLang } from './i18n.ts';
import { meQueryOptions } from './session.ts';

const lang = storedLang();
document.documentElement.lang = toBcp47(lang);
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
// Who is signed in and the texts load side by side; the boot skeleton shows meanwhile.
void queryClient.prefetchQuery(meQueryOptions());
// The code of the address's page loads beside them too, and the first render waits (a little)
// for it, as for the texts: a page that suspended would show its skeleton for at least 300 ms
// (React's throttle of Suspense reveals), however soon its code came. After BOOT_WAIT_MS the app
// renders without it. A page a link opens loads when the member is about to follow the link.
const BOOT_WAIT_MS = 3000;
const pageReady = preloadAdminPage(window.location.pathname);
preloadScreensOnIntent((path) => void preloadAdminPage(path));
const i18n = await initAdminI18n(lang);
await Promise.race([pageReady, new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS))]);

const container = document.getElementById('root');
if (!container) throw new Error('admin/index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Router base={ADMIN_BASE} hook={useGuardedLocation}>
          <AdminApp />
        </Router>
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
