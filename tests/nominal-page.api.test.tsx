// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Setup } from '../contract/setup.ts';
import { expireUnpaidOrders } from '../server/jobs/expiry.ts';
import { insertNamedTicketCatalog, placeNamedOrder } from '../server/nominal/nominal-test-kit.ts';
import { OrderStatus } from '../contract/order-status.ts';
import { resetCsrfToken } from '../web/lib/api.ts';
import { renderApp } from '../web/test/render-app.tsx';
import { type TestApp, createClock, createTestApp } from './harness.ts';
import { fetchThroughApp } from './page-on-app.ts';
import './unit-setup.ts';

// The named-ticket page on the real server: the reserve ends on the server's clock and the expiry
// job cancels the order (90) and releases its places, as in production.

let t: TestApp;
let setup: Setup;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-03-15T09:00:00Z')) });
  await insertNamedTicketCatalog(t.db);
  setup = (await t.get('/api/setup')).json<Setup>();
});
afterAll(() => t.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('/nominal-tickets/{hash} of an order the expiry job canceled', () => {
  // 20 confirmed, 90 canceled: if either is returned on load, redirect to order view.
  it.each([
    { description: 'awaiting its holders', status: OrderStatus.reserved },
    { description: 'confirmed and unpaid', status: OrderStatus.confirmed },
  ])('goes to the order view for an order $description when its reserve ended', async ({ status }) => {
    const order = await placeNamedOrder(t.db, t.clock.date(), 2, status);
    t.clock.advance(15 * 60_000);
    await expireUnpaidOrders(t.db, t.clock.date());
    const { rows } = await t.db.query<{ status: number; released: boolean }>(
      'select o.status, l.released from orders o join order_lines l on l.order_id = o.id where o.id = $1',
      [order.id],
    );
    expect(rows).toEqual([{ status: 90, released: true }]);

    fetchThroughApp(t);
    await renderApp(`/nominal-tickets/${order.hash}`, setup);
    await waitFor(() => expect(window.location.pathname).toBe(`/order/${order.hash}`));
    expect(await screen.findByRole('heading', { level: 1, name: `Заказ № ${order.number}` })).toBeTruthy();
    expect(screen.queryByText('Заказ удалён или не найден')).toBeNull();
  });
});
