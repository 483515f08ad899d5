import { writeFileSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { createDemoOrder, payDemoOrder, ticketCodesOf } from './support/orders.ts';
import { E2E_OWNER } from './support/staff.ts';
import { qrCodeY4m } from './support/y4m.ts';

// The door's camera path in a real browser: Chromium's fake camera plays a video of the QR code
// of a real ticket, and the page must read it and admit the ticket. This needs a browser of its
// own, launched with the video file, so it does not use the shared page fixture.
test('the camera reads the QR code of a paid ticket and the door admits it', async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const hash = await createDemoOrder(request, { quantity: 1 });
  await payDemoOrder(request, hash);
  const [code = ''] = await ticketCodesOf(request, hash);
  expect(code).toMatch(/^\d{16}$/);
  const video = test.info().outputPath('ticket-qr.y4m');
  writeFileSync(video, qrCodeY4m(code));

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'ru-RU' });
    await context.grantPermissions(['camera'], { origin: baseURL ?? '' });
    const page = await context.newPage();
    await page.goto('/checkin');
    await page.getByLabel('E-mail').fill(E2E_OWNER.email);
    await page.getByLabel('Пароль').fill(E2E_OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();

    // Pick the ticket's session, as the controller would (the door's API names it).
    const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
    const probe = await page.request.post('/api/checkin/scan', {
      headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      data: { code, deviceId: 'e2e-probe-camera' },
    });
    const { ticket } = (await probe.json()) as { ticket: { date: string; time: string; event: string } };
    await page.getByLabel('День').fill(ticket.date);
    await page.getByRole('checkbox', { name: `${ticket.time} · ${ticket.event}` }).check();

    // Which decoder reads it: the browser's own where it has one, else the zxing chunk.
    const native = await page.evaluate(() => 'BarcodeDetector' in globalThis);
    test.info().annotations.push({ type: 'decoder', description: native ? 'BarcodeDetector' : '@zxing/browser' });
    // Without a native detector, the decoder's chunk is downloaded when the camera starts, not before.
    const zxing = native
      ? null
      : page.waitForResponse(async (response) => response.url().endsWith('.js') && (await response.text()).includes('MultiFormatReader'), {
          timeout: 20_000,
        });

    await page.getByRole('button', { name: 'Сканировать камерой' }).click();
    await expect(page.getByRole('button', { name: 'Выключить камеру' })).toHaveAttribute('aria-pressed', 'true');
    if (zxing) await zxing;
    const verdict = page.getByRole('status').first();
    // A camera that could not start says so in an alert: the test then fails at once, with its text.
    await expect(verdict.filter({ hasText: 'Проходите' }).or(page.getByRole('alert')).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(verdict).toContainText('Проходите');
    await expect(verdict).toContainText(ticket.event);
    // The same code still in front of the camera is not scanned again at once.
    await expect(page.getByRole('listitem').filter({ hasText: `…${code.slice(-4)}` })).toHaveCount(1);
  } finally {
    await browser.close();
  }
});
