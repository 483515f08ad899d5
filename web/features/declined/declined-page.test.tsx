// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api.ts';
import { setupFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const HASH = 'd'.repeat(32);

/** The declined page with the server answering the order number call with this reason. */
function open(reason: string, query = '') {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/token') return json({ token: 'token' });
      if (url === '/api/order/number') return json({ errorCode: '0', errorText: '', num: 1042, reason, payment_num: 1 });
      return json({});
    }),
  );
  return renderApp(`/order/declined/${HASH}${query}`, setupFixture());
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('/order/declined/{hash} when the order changed while paying', () => {
  it.each([
    {
      lang: 'ru',
      query: '',
      title: 'Платёж по заказу №\u00a01042 отклонён',
      text: /Сумма заказа изменилась во время оплаты.*возвращаются на карту.*Оплатите заказ ещё раз/,
    },
    {
      lang: 'en',
      query: '?lang=en',
      title: 'Payment No.\u00a01042 was declined',
      text: /The order changed while you were paying.*being returned to your card.*pay for the order again/,
    },
    {
      lang: 'kz',
      query: '?lang=kz',
      title: '№\u00a01042 тапсырыс бойынша төлем қабылданбады',
      text: /Төлем кезінде тапсырыс өзгерді.*картаға қайтарылуда.*қайта төлеңіз/,
    },
    { lang: 'ch', query: '?lang=ch', title: '第 1042 号付款被拒绝', text: /付款过程中订单发生了变化.*正在退回.*请重新支付订单/ },
  ])('says so in $lang: the payment was cancelled, the money is returned, pay again', async ({ query, title, text }) => {
    await open('order-changed', query);
    const page = await screen.findByRole('region', { name: title });
    expect(within(page).getByText(text)).toBeTruthy();
    // None of the bank's reasons is marked: the bank did not decline.
    expect(within(page).getAllByRole('listitem')).toHaveLength(6);
    expect(within(page).queryByRole('listitem', { current: true })).toBeNull();
    expect(within(page).getByRole('link')).toBeTruthy();
  });

  it.each(['insufficient-funds', 'booking-expired', ''])('does not say it for another reason (%s)', async (reason) => {
    await open(reason);
    const page = await screen.findByRole('region', { name: 'Платёж по заказу №\u00a01042 отклонён' });
    expect(within(page).queryByText(/Сумма заказа изменилась/)).toBeNull();
  });
});
