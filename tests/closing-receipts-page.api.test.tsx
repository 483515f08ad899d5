// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initAdminI18n } from '../web/admin/app/i18n.ts';
import { ClosingReceiptsPage } from '../web/admin/features/receipts/closing-receipts-page.tsx';
import { resetCsrfToken } from '../web/lib/api.ts';
import { signedInAs } from '../server/admin/staff/staff-test-kit.ts';
import { DEVICE, deviceKey, withKey } from '../server/checkin/checkin-test-kit.ts';
import { makeOrder, pay } from '../server/payments/payment-test-kit.ts';
import type { ClosingReceiptsService } from '../server/receipts/closing-receipts.service.ts';
import { ACQUIRER_TEST_START, pressAtFake, useTbankApp } from './fakes/acquirer-test-kit.ts';
import type { TestApp } from './harness.ts';
import './unit-setup.ts';

// The back office's list of closing receipts as a manager sees it, its call answered by the real
// server under the manager's session: one receipt failing at a fake T-Bank, in each language.

const acquirer = useTbankApp({ card: { terminalKey: 'Terminal', password: 'terminal-password' } });
let t: TestApp;
let cookie = '';
let orderNumber = 0;
beforeAll(async () => {
  t = acquirer.app();
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(ACQUIRER_TEST_START.getTime() + 2 * 3600_000)]);
  const order = await makeOrder(t);
  orderNumber = order.number;
  await pressAtFake(String((await pay(t, order.hash, 1)).bankUrl), 'pay');
  const { rows } = await t.db.query<{ code: string }>(
    'select code from tickets where order_id = (select id from orders where hash = $1) order by id',
    [order.hash],
  );
  await withKey(t, '/api/checkin/scan', await deviceKey(t), { code: rows[0]?.code, deviceId: DEVICE });
  acquirer.fake().arm('/cashbox/SendClosingReceipt', '500');
  await (t.app.closingReceipts as ClosingReceiptsService).sendDue();
  cookie = (await signedInAs(t, 'manager')).cookie;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

/** The page's fetch calls go to the app with the manager's session cookie, as the browser sends it. */
function fetchAsManager() {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { ...Object.fromEntries(new Headers(init.headers)), cookie } });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') },
    });
  });
}

describe('the closing receipts page', () => {
  it.each([
    {
      lang: 'ru',
      heading: 'Закрывающие чеки: ожидание и ошибки',
      counts: 'Ждёт отправки: 1 чек. С ошибкой: 1.',
      reason: 'Проход по билету',
      order: 'заказ №',
    },
    {
      lang: 'en',
      heading: 'Closing receipts: waiting and failing',
      counts: '1 receipt waits to be sent. 1 failed.',
      reason: 'Admission at the door',
      order: 'order no.',
    },
    {
      lang: 'kz',
      heading: 'Жабу чектері: күту және қателер',
      counts: 'Жіберуді күтуде: 1 чек. Қатемен: 1.',
      reason: 'Билетпен кіру',
      order: 'тапсырыс',
    },
    { lang: 'ch', heading: '结算收据：等待与失败', counts: '等待发送：1 张收据。 失败：1。', reason: '凭票入场', order: '订单号' },
  ] as const)('lists the failing receipt with its reason and attempt in $lang', async ({ lang, heading, counts, reason, order }) => {
    fetchAsManager();
    const i18n = await initAdminI18n(lang);
    await i18n.loadNamespaces(['admin', 'admin-checkin']);
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ClosingReceiptsPage />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(await screen.findByText(counts)).toBeTruthy();
    const table = screen.getByRole('table');
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent ?? '');
    expect(cells[0]).toBe(reason);
    expect(cells[1]).toContain(order);
    expect(cells[1]).toContain(String(orderNumber));
    expect(cells[1]).toContain('tbank');
    expect(cells[3]).toBe('1');
    expect(cells[5]).toContain('500');
  });
});
