// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initAdminI18n } from '../web/admin/app/i18n.ts';
import { RegistryPage } from '../web/admin/features/registry/registry-page.tsx';
import { resetCsrfToken } from '../web/lib/api.ts';
import { signedInAs } from '../server/admin/staff/staff-test-kit.ts';
import { DEVICE, deviceKey, paidTickets, prepareDoor, withKey } from '../server/checkin/checkin-test-kit.ts';
import { createRegistrySender } from '../server/registry/registry-job.ts';
import { type RegistryFake, startRegistryFake } from './fakes/registry-fake.ts';
import { type TestApp, createClock, createTestApp } from './harness.ts';
import './unit-setup.ts';

// The back office's registry page, its call answered by the real server: a visit the registry
// refused for good shows the registry's reason and that it will not be sent again; a sale held up
// by an outage shows its reason and its next attempt.
const KEY = 'registry-page-key-01';
const AT = new Date('2026-11-27T09:00:00Z');
let t: TestApp;
let fake: RegistryFake;
let owner = '';
let refusedCode = '';

beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(AT) });
  await prepareDoor(t.db, AT);
  fake = await startRegistryFake({ key: KEY, now: t.clock.now });
  owner = (await signedInAs(t, 'owner')).cookie;
  const sender = createRegistrySender({ db: t.db, config: { url: fake.url, key: KEY, organizationId: 'org-1' }, now: t.clock.now });
  const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
  refusedCode = tickets[0]?.code ?? '';
  await sender.run();
  const held = fake.byBarcode(refusedCode)[0];
  if (held) held.status = 'canceled';
  const scan = await withKey(t, '/api/checkin/scan', await deviceKey(t), { code: refusedCode, deviceId: DEVICE, sessionIds: [9000] });
  expect(scan.json()).toMatchObject({ verdict: 'admitted' });
  await sender.run();
  await paidTickets(t.db, AT, { pushkin: true });
  fake.state.outage = true;
  await sender.run();
});
afterAll(async () => {
  await fake.close();
  await t.close();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

function fetchAsOwner() {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const res = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { ...Object.fromEntries(new Headers(init.headers)), cookie: owner },
    });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') },
    });
  });
}

async function renderPage(lang: 'ru' | 'en') {
  const i18n = await initAdminI18n(lang);
  await i18n.loadNamespaces(['admin', 'admin-checkin']);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RegistryPage />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the registry page', () => {
  it('shows a refused report with the registry’s reason and no next attempt, and an outage with its next attempt', async () => {
    fetchAsOwner();
    await renderPage('ru');
    const table = await screen.findByRole('table', { name: 'Сведения, которые реестр пока не принял' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [refused, waiting] = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
    expect(refused?.[0]).toBe('Посещение');
    expect(refused?.[1]).toContain(refusedCode);
    expect(refused?.[4]).toMatch(/^Отклонено реестром .+: не будет отправлено снова/);
    expect(refused?.[5]).toBe('HTTP 400: invalid_status The ticket is canceled');
    expect(waiting?.[0]).toBe('Продажа');
    expect(waiting?.[4]).not.toContain('Отклонено');
    expect(waiting?.[5]).toBe('HTTP 503: unavailable Service temporarily unavailable');
  });

  it('says the same in English', async () => {
    fetchAsOwner();
    await renderPage('en');
    const table = await screen.findByRole('table', { name: 'Reports the registry has not accepted yet' });
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells[4]?.textContent).toMatch(/^Refused by the registry on .+: it will not be sent again/);
  });
});
