// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initAdminI18n } from '../web/admin/app/i18n.ts';
import LoyaltyCardPage from '../web/admin/features/loyalty/loyalty-card-page.tsx';
import { resetCsrfToken } from '../web/lib/api.ts';
import { preparePaymentCatalog } from '../server/payments/payment-test-kit.ts';
import { adminCall, signedInAs } from '../server/admin/staff/staff-test-kit.ts';
import { type TestApp, createClock, createTestApp } from './harness.ts';
import './unit-setup.ts';

// The card's page as a member of staff sees it, its calls answered by the real server under the
// member's own session: support reads the card, its movements and orders, and gets no control
// that would change it; a manager gets the form, the block and the correction.

let t: TestApp;
let cardId = 0;
const cookies: Record<'support' | 'manager', string> = { support: '', manager: '' };
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-27T07:00:00Z')) });
  await preparePaymentCatalog(t);
  cookies.support = (await signedInAs(t, 'support')).cookie;
  cookies.manager = (await signedInAs(t, 'manager')).cookie;
  const made = await adminCall(t, 'POST', '/api/admin/loyalty-cards', cookies.manager, {
    code: '5100200030004000',
    holderName: 'Вера Читалова',
    email: 'vera@example.test',
    accrualPercent: 5,
    openingBalance: 120,
  });
  cardId = made.json().card.id;
  await adminCall(t, 'POST', `/api/admin/loyalty-cards/${cardId}/corrections`, cookies.manager, { delta: -20, reason: 'Ошибка кассира' });
});
afterAll(() => t.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

/** The page's fetch calls go to the app with the member's session cookie, as the browser sends it. */
function fetchAs(cookie: string) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const res = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { ...Object.fromEntries(new Headers(init.headers)), cookie },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') },
    });
  });
}

async function renderCardPage(canWrite: boolean) {
  const i18n = await initAdminI18n('ru');
  await i18n.loadNamespaces(['admin', 'admin-loyalty', 'admin-orders']);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: `/loyalty/${cardId}` }).hook}>
          <LoyaltyCardPage cardId={cardId} canWrite={canWrite} />
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Карта 5100200030004000' });
}

describe("a loyalty card's page", () => {
  it('shows support the balance and every movement with who and why, and no control that changes the card', async () => {
    fetchAs(cookies.support);
    await renderCardPage(false);
    expect(screen.getByTestId('loyalty-balance').textContent).toBe('100');
    const movements = await screen.findByRole('table', { name: 'Движения бонусов по карте' });
    const rows = within(movements).getAllByRole('row').slice(1);
    expect(
      rows.map(
        (row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent)[1],
      ),
    ).toEqual(['Корректировка: списание', 'Начальный баланс']);
    expect(rows[0]?.textContent).toMatch(/[-−]20/);
    expect(rows[0]?.textContent).toContain('Ошибка кассира');
    expect(await screen.findByText('Карта ещё не использовалась в заказах.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Заблокировать карту' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Провести корректировку' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Владелец' })).toBeNull();
  });

  it('gives a manager the form, the block and the correction', async () => {
    fetchAs(cookies.manager);
    await renderCardPage(true);
    expect((screen.getByRole('textbox', { name: 'Владелец' }) as HTMLInputElement).value).toBe('Вера Читалова');
    expect(screen.getByRole('button', { name: 'Заблокировать карту' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Провести корректировку' })).toBeTruthy();
  });
});
