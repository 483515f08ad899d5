import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ErrorCode } from '../../contract/errors.ts';
import { BackLinkProvider } from '../components/back-link/back-link-context.tsx';
import { ModalProvider } from '../components/modal/modal-provider.tsx';
import { ApiError } from '../lib/api.ts';

/** Network failures (-9999) get one more try; a business error is an answer, not a glitch. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && (!(error instanceof ApiError) || error.code === ErrorCode.inner),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ModalProvider>
          <BackLinkProvider>{children}</BackLinkProvider>
        </ModalProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
