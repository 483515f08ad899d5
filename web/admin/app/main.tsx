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
import { AdminApp } from './admin-app.tsx';
import { initAdminI18n, storedLang } from './i18n.ts';
import { meQueryOptions } from './session.ts';

const lang = storedLang();
document.documentElement.lang = toBcp47(lang);
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
// Who is signed in and the texts load side by side; the boot skeleton shows meanwhile.
void queryClient.prefetchQuery(meQueryOptions());
const i18n = await initAdminI18n(lang);

const container = document.getElementById('root');
if (!container) throw new Error('admin/index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Router base="/admin" hook={useGuardedLocation}>
          <AdminApp />
        </Router>
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
