// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deltaEncode } from '../../../../contract/scheme.ts';
import { resetCsrfToken } from '../../../lib/api.ts';
import desk from '../../../locales/ru/admin-desk.json' with { type: 'json' };
import orders from '../../../locales/ru/admin-orders.json' with { type: 'json' };
import { ExchangeDialog } from './exchange-dialog.tsx';

// The hall's drawing needs a real canvas; the picker's row list below it chooses the same seats.
vi.mock('../../components/hall-canvas.tsx', () => ({ HallCanvas: () => <div data-testid="hall" /> }));

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'ru',
    resources: { ru: { 'admin-orders': orders, 'admin-desk': desk } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const text = (ru: string) => ({ ru, en: ru, kz: ru, ch: ru });
const price = (id: number, categoryId: number, name: string, zoneId: number, amount: number) => ({
  id,
  categoryId,
  categoryName: text(name),
  zoneId,
  zoneName: text(`Зона ${zoneId}`),
  amount,
  fee: 0,
});
/** A seated event: one session to come, two zones priced for adults. */
const OPTIONS = {
  errorCode: '0',
  errorText: '',
  useSeatMap: true,
  eventHash: 'hall-event',
  eventName: text('Концерт'),
  sessions: [
    {
      id: 20,
      startsAt: '2026-12-20T16:00:00.000Z',
      hasTime: true,
      remaining: 30,
      prices: [price(200, 1, 'Взрослый', 5, 100000), price(201, 1, 'Взрослый', 6, 60000)],
    },
  ],
};
/** One row of four seats: 31 and 32 in zone 5, 33 (taken) and 34 in zone 6. */
const MAP = {
  errorCode: '0',
  errorText: '',
  calendar_id: 20,
  svg: '<svg/>',
  width: 50,
  height: 40,
  seat_size: 10,
  sectors: [{ sector_id: 1, name: { ru: 'Партер' } }],
  seat_numbers: [
    {
      sector_id: 1,
      row: '7',
      seat_id: deltaEncode([31, 32, 33, 34]),
      x: deltaEncode([100, 200, 300, 400]),
      y: deltaEncode([100, 100, 100, 100]),
      seat: ['1', '2', '3', '4'],
      zone_id: [5, 5, 6, 6],
      free: [1, 1, 0, 1],
    },
  ],
  seat_stand: [],
  zones: [
    { zone_id: 5, name: {}, level_name: {}, color: '#ff0000', prices: [] },
    { zone_id: 6, name: {}, level_name: {}, color: '#00ff00', prices: [] },
  ],
};

function serve() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ url, body });
      if (url === '/api/token') return json({ token: 'token' });
      if (url.startsWith('/api/admin/orders/9/exchange-options')) return json(OPTIONS);
      if (url === '/api/scheme') return json(MAP);
      const places = (body?.places ?? []) as { priceId: number; seatId: number | null }[];
      const newAmount = places.reduce((sum, p) => sum + (p.priceId === 200 ? 100000 : 60000), 0);
      const figures = {
        oldAmount: 160000,
        newAmount,
        difference: newAmount - 160000,
        tickets: [],
        places: places.map((p) => ({ ...p, amount: 0 })),
      };
      if (url === '/api/admin/orders/9/exchange-quote') return json({ errorCode: '0', errorText: '', ...figures });
      if (url === '/api/admin/orders/9/exchange')
        return json({
          errorCode: '0',
          errorText: '',
          ...figures,
          exchangeId: 1,
          status: 'done',
          newTicketIds: [3, 4],
          refund: 'done',
          payUntil: null,
        });
      return json({ errorCode: '-1', errorText: 'нет' });
    }),
  );
  return calls;
}

describe('the order’s exchange dialog on a seated event', () => {
  it('takes one seat per ticket from the hall map’s rows, quotes the chosen seats and sends them with the exchange', async () => {
    const calls = serve();
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <ExchangeDialog orderId={9} ticketIds={[1, 2]} labelOf={(id) => `№ ${id}`} onClose={onClose} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const session = await screen.findByLabelText('Новый сеанс');
    await user.selectOptions(session, '20');
    expect(screen.getByText(/^Выберите на схеме по одному месту на каждый билет \(всего: 2\)/)).toBeTruthy();

    const row = await screen.findByRole('group', { name: 'Места ряда 7' });
    const seat = (n: string) => within(row).getByRole('checkbox', { name: new RegExp(`место ${n}( — занято)?$`) });
    expect((seat('3') as HTMLInputElement).disabled).toBe(true);
    await user.click(seat('1'));
    // One seat for two tickets: nothing is quoted, nothing can be sent yet.
    expect(screen.getByText('Выбрано мест: 1 из 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Обменять' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(seat('4'));
    expect(screen.getByText('Выбрано мест: 2 из 2')).toBeTruthy();
    // Two seats are all the tickets take: the other free seat cannot be added.
    expect((seat('2') as HTMLInputElement).disabled).toBe(true);

    // Zone 5 at 1 000 ₽ and zone 6 at 600 ₽ against 1 600 ₽ paid.
    const figures = await screen.findByRole('list', { name: 'Расчёт обмена' });
    await waitFor(() => expect(within(figures).getByText('Без доплаты и возврата')).toBeTruthy());
    const quoted = calls.filter((c) => c.url === '/api/admin/orders/9/exchange-quote').at(-1);
    expect(quoted?.body).toMatchObject({
      ticketIds: [1, 2],
      sessionId: 20,
      places: [
        { priceId: 200, seatId: 31 },
        { priceId: 201, seatId: 34 },
      ],
    });

    // Letting a seat go frees the limit; the places follow the order the seats were chosen in.
    await user.click(seat('1'));
    await user.click(seat('2'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Расчёт обмена' })).getByText('Без доплаты и возврата')).toBeTruthy(),
    );
    await user.click(screen.getByRole('button', { name: 'Обменять' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('Билеты обменяны, покупателю отправлено письмо с новыми билетами.'));
    const sent = calls.find((c) => c.url === '/api/admin/orders/9/exchange');
    expect(sent?.body).toMatchObject({
      sessionId: 20,
      places: [
        { priceId: 201, seatId: 34 },
        { priceId: 200, seatId: 32 },
      ],
      expectedDifference: 0,
    });
  });
});
