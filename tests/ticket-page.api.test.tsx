// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Setup } from '../contract/setup.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId, view } from '../server/payments/payment-test-kit.ts';
import { resetCsrfToken } from '../web/lib/api.ts';
import { renderApp } from '../web/test/render-app.tsx';
import { type TestApp, createClock, createTestApp } from './harness.ts';
import { fetchThroughApp } from './page-on-app.ts';
import './unit-setup.ts';

// A ticket is handed to a guest: its page and its call must not give away the order's hash,
// which opens the whole order (and starts a return of all its tickets).

let t: TestApp;
let setup: Setup;
let order: { hash: string; number: number };
let ticketHash: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t);
  const placed = await makeOrder(t);
  order = { hash: placed.hash, number: placed.number };
  await completeAtBank(t, sandboxId(await pay(t, placed.hash, 1)), 'pay');
  ticketHash = (await view(t, placed.hash)).body.main[0].tickets[0].tickethash_id;
  setup = (await t.get('/api/setup')).json<Setup>();
});
afterAll(() => t.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('the ticket of a paid order', () => {
  it('GET /api/ticket/{hash} answers the ticket without the order hash', async () => {
    const res = await t.get(`/api/ticket/${ticketHash}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ord_num: order.number });
    expect(res.json()).not.toHaveProperty('order_hash');
    expect(res.body).not.toContain(order.hash);
  });

  it('/ticket/{hash} shows the ticket with no link to the order', async () => {
    fetchThroughApp(t);
    const { container } = await renderApp(`/ticket/${ticketHash}`, setup);
    expect(await screen.findByRole('button', { name: 'Распечатать' })).toBeTruthy();
    expect(screen.getByText(`Заказ № ${order.number}`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Перейти к заказу' })).toBeNull();
    expect(container.innerHTML).not.toContain(order.hash);
  });
});
