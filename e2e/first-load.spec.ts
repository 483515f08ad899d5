import { type Page, expect, test } from '@playwright/test';
import { createDemoOrder, payDemoOrder } from './support/orders.ts';

// A first load of the order and ticket pages: their own answer is asked for at boot, beside
// GET /api/setup, not after it (web/lib/boot-request.ts). Each test holds /api/setup back and
// sees the page's request go out meanwhile, before the app's first render; then lets setup
// through and sees the page render that answer without asking again.

let orderHash = '';
let ticketHash = '';
test.beforeAll(async ({ request }) => {
  orderHash = await createDemoOrder(request, { quantity: 1 });
  const paid = await createDemoOrder(request, { quantity: 1 });
  await payDemoOrder(request, paid);
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const view = await request.post('/api/order/view', {
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
    data: { hash: paid, lang: 'ru' },
  });
  const body = (await view.json()) as { main: { tickets: { tickethash_id: string }[] }[] };
  ticketHash = body.main[0]?.tickets[0]?.tickethash_id ?? '';
  expect(ticketHash).not.toBe('');
});

/**
 * Holds every GET /api/setup of the page (the head's preload and the app's own) until `release`,
 * and marks in the page the moment the app first renders (the boot skeleton of index.html is
 * replaced), in the page's performance.now() time.
 */
async function holdSetup(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let setupAnswered = false;
  await page.route('**/api/setup', async (route) => {
    await released;
    await route.continue();
    setupAnswered = true;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __firstRender?: number };
    new MutationObserver((_, observer) => {
      // The parser may add #root before its boot skeleton: an empty root is not a render yet.
      const root = document.getElementById('root');
      if (root && root.childElementCount > 0 && !root.querySelector('.boot')) {
        w.__firstRender = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return { release, answered: () => setupAnswered };
}

/** When the page's request to `path` started, and when the app first rendered (page time). */
const timings = (page: Page, path: string) =>
  page.evaluate((url) => {
    const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === url);
    return { requestStart: entry?.startTime, firstRender: (window as unknown as { __firstRender?: number }).__firstRender };
  }, path);

test('the order page asks for the order while /api/setup is still on its way, and renders that answer', async ({ page }) => {
  const setup = await holdSetup(page);
  let orderRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/order/view') orderRequests++;
  });
  const orderRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/order/view');
  await page.goto(`/order/${orderHash}`, { waitUntil: 'commit' });
  await orderRequest;
  expect(setup.answered()).toBe(false);

  setup.release();
  await expect(page.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
  const { requestStart, firstRender } = await timings(page, '/api/order/view');
  expect(requestStart).toBeDefined();
  expect(firstRender).toBeDefined();
  // Asked at boot, not by the page's first render (which waits for setup, or for 3 s without it).
  expect(requestStart as number).toBeLessThan(firstRender as number);
  // The first render took the boot's answer: one request in all.
  expect(orderRequests).toBe(1);
});

test('the ticket page asks for the ticket while /api/setup is still on its way, and renders that answer', async ({ page }) => {
  const setup = await holdSetup(page);
  const path = `/api/ticket/${ticketHash}`;
  let ticketRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) ticketRequests++;
  });
  const ticketRequest = page.waitForRequest((request) => new URL(request.url()).pathname === path);
  await page.goto(`/ticket/${ticketHash}`, { waitUntil: 'commit' });
  await ticketRequest;
  expect(setup.answered()).toBe(false);

  setup.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Город сквозь века' })).toBeVisible();
  const { requestStart, firstRender } = await timings(page, path);
  expect(requestStart as number).toBeLessThan(firstRender as number);
  expect(ticketRequests).toBe(1);
});
