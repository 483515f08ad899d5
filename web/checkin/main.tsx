import '../lib/zod-csp.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { toBcp47 } from '../../contract/lang.ts';
import '../styles/tokens.css';
import './checkin.css';
import { CheckinApp } from './checkin-app.tsx';
import { initCheckinI18n, storedLang } from './i18n.ts';
import { meQueryOptions } from './api.ts';

const lang = storedLang();
document.documentElement.lang = toBcp47(lang);
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
// Who is signed in and the texts load side by side; the boot skeleton shows meanwhile.
void queryClient.prefetchQuery(meQueryOptions());
const i18n = await initCheckinI18n(lang);

// The app shell is cached by a service worker, so the page opens at the door without a network.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  void navigator.serviceWorker
    .register('/checkin-sw.js', { scope: '/checkin' })
    .catch((error: unknown) => console.error('service worker', error));
}

const container = document.getElementById('root');
if (!container) throw new Error('checkin/index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <CheckinApp />
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
