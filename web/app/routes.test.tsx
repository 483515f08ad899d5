// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rulesQueryOptions, setupQueryOptions } from '../lib/api.ts';
import { rulesFixture, setupFixture } from '../test/fixtures.ts';
import { createTestI18n, renderApp, routedAt } from '../test/render-app.tsx';
import { Providers, createQueryClient } from './providers.tsx';
import { preloadScreen, routeOf, routes } from './router.tsx';

afterEach(cleanup);

/** A hash of the shape orders and tickets have (contract/order-hash.ts). */
const HASH = 'AbC_12-xyzXYZ0123';

describe('404 page', () => {
  it('says "Страница не найдена" and links home and back to ticket selection', async () => {
    await renderApp('/no/such/page', setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Назад к выбору билетов' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Билеты — Страница не найдена'));

    fireEvent.click(screen.getByRole('link', { name: 'На главную' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Афиша мероприятий' })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('is shown in the language of the URL', async () => {
    await renderApp('/nothing-here?lang=en', setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/?lang=en');
  });
});

describe('routes', () => {
  it.each([
    { url: '/', heading: 'Афиша мероприятий' },
    // The event, scheme and order pages need their data; their own page tests render them.
    { url: '/contacts', heading: 'Контакты' },
    { url: '/rules/purchase-terms', heading: 'Правила покупки' },
    { url: '/rules/privacy-policy?lang=en', heading: 'Privacy policy' },
  ])('$url shows its screen', async ({ url, heading }) => {
    await renderApp(url, setupFixture(), (client) => client.setQueryData(rulesQueryOptions().queryKey, rulesFixture()));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  // Screens that load their data first: without a server they show their skeleton, titled.
  it.each([
    { url: `/order/${HASH}`, title: 'Билеты — Заказ' },
    { url: `/order/declined/${HASH}`, title: 'Билеты — Оплата отклонена' },
    { url: `/order/return/${HASH}?hash_conf=abcdef`, title: 'Билеты — Возврат билетов' },
    { url: `/ticket/${HASH}`, title: 'Билеты — Билет' },
  ])('$url shows its screen', async ({ url, title }) => {
    await renderApp(url, setupFixture());
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('/nominal-tickets/{hash} shows its screen (its own "order deleted" state when the server has no such order)', async () => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/token' ? json(200, { token: 't' }) : json(404, { errorCode: '-1004', errorText: '' }))),
    );
    try {
      await renderApp(`/nominal-tickets/${HASH}`, setupFixture());
      expect(await screen.findByRole('heading', { level: 1, name: 'Заказ удалён или не найден' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  // The server refuses such a hash (400 -1002, its schema); the page knows by the same rule that
  // no order or ticket has it, and shows its not-found state without asking.
  it.each([
    { url: '/order/abc', heading: 'Заказ удалён или не найден' },
    { url: '/order/declined/abc', heading: 'Заказ удалён или не найден' },
    { url: '/order/return/abc', heading: 'Заказ удалён или не найден' },
    { url: '/order/return/abc?hash_conf=abcdefgh', heading: 'Заказ удалён или не найден' },
    { url: '/nominal-tickets/abc', heading: 'Заказ удалён или не найден' },
    { url: '/ticket/abc', heading: 'Билет не найден или заказ не оплачен' },
    { url: '/en/order/view/doesnotexist', heading: 'The order was deleted or not found' },
    { url: `/order/${HASH}.`, heading: 'Заказ удалён или не найден' },
    { url: `/order/${'a'.repeat(65)}`, heading: 'Заказ удалён или не найден' },
  ])('$url, a hash no order or ticket can have, shows "$heading" and asks the server nothing', async ({ url, heading }) => {
    const asked: string[] = [];
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (path === '/api/token') return json(200, { token: 't' });
        asked.push(path);
        return json(400, { errorCode: '-1002', errorText: 'Проверьте правильность заполнения полей.' });
      }),
    );
    try {
      await renderApp(url, setupFixture());
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Повторить|Try again/ })).toBeNull();
      expect(asked).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    { url: '/en/order/view/ord123', to: '/order/ord123?lang=en' },
    { url: '/ru/order/view/ord123', to: '/order/ord123' },
    { url: '/kz/rules', to: '/rules/purchase-terms?lang=kz' },
    { url: '/ch/rules-agreement', to: '/rules/privacy-policy?lang=ch' },
  ])('legacy $url redirects to $to', async ({ url, to }) => {
    await renderApp(url, setupFixture());
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe(to));
  });

  // main.tsx waits for preloadScreen before the first render: the shell and the screen then
  // render together, with no page skeleton in between.
  it.each([
    { url: '/contacts', heading: 'Contacts', preloaded: true },
    { url: '/contacts', heading: 'Contacts', preloaded: false },
  ])('a screen preloaded at boot is in the first render: $url, preloaded $preloaded', async ({ url, heading, preloaded }) => {
    const i18n = await createTestI18n('en');
    if (preloaded) await preloadScreen(url, 'en', Promise.resolve(i18n));
    const queryClient = createQueryClient();
    queryClient.setQueryData(setupQueryOptions().queryKey, setupFixture());
    render(
      <Providers queryClient={queryClient} i18n={i18n}>
        {routedAt(`${url}?lang=en`)}
      </Providers>,
    );
    expect(screen.queryByRole('heading', { level: 1, name: heading }) !== null).toBe(preloaded);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('treats a legacy path with an unknown language as not found', async () => {
    await renderApp('/de/rules', setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeTruthy();
  });
});

describe('the route table', () => {
  it.each([
    { path: '/', route: '/' },
    { path: '/event/jazz', route: '/event/:hash/:date?/:time?' },
    { path: '/event/jazz/01.03.2030/19:00/', route: '/event/:hash/:date?/:time?' },
    { path: '/event/jazz/a/b/c', route: '*' },
    { path: '/scheme/jazz/01.03.2030', route: '/scheme/:hash/:date?/:time?' },
    { path: '/order/h1', route: '/order/:hash' },
    { path: '/order/return/h1', route: '/order/return/:hash' },
    { path: '/order/return', route: '/order/:hash' },
    { path: '/order/declined/h1', route: '/order/declined/:hash' },
    { path: '/RU/Order/View/h1', route: '/ru/order/view/:hash' },
    { path: '/kz/rules', route: '/kz/rules' },
    { path: '/de/rules', route: '*' },
    { path: '/rules/purchase-terms', route: '/rules/purchase-terms' },
    { path: '/nothing', route: '*' },
  ])('$path is shown by $route', ({ path, route }) => {
    expect(routeOf(path)?.path).toBe(route);
  });

  it('has one route per path and the catch-all last', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    expect(routes.at(-1)?.path).toBe('*');
  });
});
