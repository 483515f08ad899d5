// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SchemeSessionsResponse } from '../../../contract/scheme.ts';
import { resetCsrfToken } from '../../lib/api.ts';
import { setupFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const l = (ru: string) => ({ ru, en: ru });

function sessions(calendar: SchemeSessionsResponse['calendar'], useseatsvg: 0 | 1 = 1): SchemeSessionsResponse {
  return {
    errorCode: '0',
    errorText: '',
    action: {
      action_id: 10,
      hash: 'concert',
      name: l('Симфонический вечер'),
      descript: l('<p>Дирижёр — <b>Анна</b></p>'),
      descript_url: l('https://example.com/about'),
      location: l('Большой зал'),
      address: l('Тверская, 1'),
      age_from: 6,
      demquantlimit: 6,
      writeticketname: 0,
      useseatsvg,
    },
    composition: [{ action: l('Первый концерт'), location: l('Зал'), address: l('Тверская, 1'), day: '01.03.2030', time: '19:00' }],
    checkboxList: [],
    calendar,
  };
}

/** A hall whose diagram has not been uploaded: no seats and no standing places. */
const emptyMap = {
  errorCode: '0',
  errorText: '',
  calendar_id: 1,
  svg: '<svg/>',
  width: 10,
  height: 10,
  seat_size: 1,
  sectors: [],
  seat_numbers: [],
  seat_stand: [],
  zones: [],
};

/** Answers the token, the map (an empty hall unless told) and the sessions call. */
function serve(
  answer: SchemeSessionsResponse | { status: number; body: unknown },
  map: { status: number; body: unknown } = { status: 200, body: emptyMap },
) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (url === '/api/token') return new Response(JSON.stringify({ token: 't' }), { status: 200 });
    if (url === '/api/scheme') return new Response(JSON.stringify(map.body), { status: map.status });
    if ('status' in answer) return new Response(JSON.stringify(answer.body), { status: answer.status });
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  return calls;
}

beforeEach(() => resetCsrfToken());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const twoTimes = [
  { calendar_id: 1, event_day: '01.03.2030', event_time: '12:00', quant: 5 },
  { calendar_id: 2, event_day: '01.03.2030', event_time: '19:00', quant: 0 },
  { calendar_id: 3, event_day: '02.03.2030', event_time: '19:00', quant: 250 },
];

describe('scheme page', () => {
  it('shows the header, the composition and asks for a time until one is chosen', async () => {
    serve(sessions(twoTimes));
    await renderApp('/scheme/concert', setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Симфонический вечер' })).toBeTruthy();
    expect(screen.getByText('6+')).toBeTruthy();
    expect(screen.getByText('Дирижёр — Анна')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Подробнее о мероприятии' }).getAttribute('href')).toBe('https://example.com/about');
    expect(screen.getByText('Состав абонемента')).toBeTruthy();
    expect(screen.getByText('Для просмотра схемы выберите время мероприятия')).toBeTruthy();
  });

  it('lists the chosen date’s times with places left, hides counts from the price limit on and disables sold-out times', async () => {
    serve(sessions(twoTimes));
    await renderApp('/scheme/concert/01.03.2030', setupFixture());
    const noon = await screen.findByRole('button', { name: /12:00/ });
    expect(noon.textContent).toContain('5 шт.');
    expect((screen.getByRole('button', { name: /^19:00/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(noon);
    await waitFor(() => expect(window.location.pathname).toBe('/scheme/concert/01.03.2030/12:00'));
    expect(await screen.findByText('Схема зала ещё не загружена')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { description: /2 марта/ }));
    // One time on that date: it is chosen with the date; 250 places are at or above the limit of 100.
    await waitFor(() => expect(window.location.pathname).toBe('/scheme/concert/02.03.2030/19:00'));
    expect(screen.getByRole('group', { name: 'Время мероприятия' }).textContent).not.toContain('шт.');
  });

  it.each([
    { description: 'an unknown date', url: '/scheme/concert/05.05.2030/12:00', to: '/scheme/concert' },
    { description: 'a sold-out time', url: '/scheme/concert/01.03.2030/19:00', to: '/scheme/concert/01.03.2030' },
    { description: 'a time the date does not have', url: '/scheme/concert/01.03.2030/08:00', to: '/scheme/concert/01.03.2030' },
  ])('resets $description in the route', async ({ url, to }) => {
    serve(sessions(twoTimes));
    await renderApp(url, setupFixture());
    await waitFor(() => expect(window.location.pathname).toBe(to));
  });

  it('signs up for a sold-out time from a dialog with the hall’s zones and sectors, leaving the time out of the route', async () => {
    const joins: unknown[] = [];
    const hallMap = {
      ...emptyMap,
      calendar_id: 2,
      sectors: [{ sector_id: 31, name: l('Балкон') }],
      zones: [
        {
          zone_id: 21,
          name: l('Партер'),
          level_name: l(''),
          color: '#f00',
          prices: [{ price_id: 1, clientcategory_id: 1, category: l('Взрослый'), price: 900, priceservise: 0 }],
        },
        { zone_id: 22, name: l('Ложа без цен'), level_name: l(''), color: '#0f0', prices: [] },
      ],
    };
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === '/api/token') return new Response(JSON.stringify({ token: 't' }), { status: 200 });
      if (url === '/api/scheme') return new Response(JSON.stringify(hallMap), { status: 200 });
      if (url === '/api/waitlist/join') {
        joins.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ errorCode: '0', errorText: '', position: 3 }), { status: 200 });
      }
      return new Response(JSON.stringify(sessions(twoTimes)), { status: 200 });
    });
    await renderApp('/scheme/concert/01.03.2030', setupFixture());
    // The times with places have no such button; the sold-out one has.
    expect(await screen.findAllByRole('button', { name: /Сообщить, когда появятся места/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Сообщить, когда появятся места: 19:00' }));
    const dialog = await screen.findByRole('dialog', { name: /Лист ожидания/ });
    expect(dialog.textContent).toContain('Сеанс: 19:00. Мест нет.');
    const where = (await screen.findByLabelText('Где места рядом')) as HTMLSelectElement;
    // A zone with no price this session sells nothing: it is not offered.
    expect([...where.options].map((o) => o.textContent)).toEqual(['Где угодно в зале', 'Партер', 'Балкон']);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Guest@Example.com' } });
    fireEvent.change(screen.getByLabelText('Количество мест'), { target: { value: '2' } });
    fireEvent.change(where, { target: { value: 'sector:31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Встать в лист ожидания' }));
    expect(await within(dialog).findByText(/Вы в листе ожидания: 3-й в очереди/)).toBeTruthy();
    expect(joins).toEqual([expect.objectContaining({ sessionId: 2, email: 'guest@example.com', places: 2, sectorId: 31 })]);
    expect(joins[0]).not.toHaveProperty('zoneId');
    expect(window.location.pathname).toBe('/scheme/concert/01.03.2030');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names the document to bring under a concession category’s standing places, and none under an ordinary one', async () => {
    const stand = (cat: number, name: string, price: number, document: Record<string, string>) => ({
      seat_id: 7,
      seat_name: l('Танцпол'),
      cat,
      cat_name: l(name),
      price_id: cat,
      zone_id: 21,
      price,
      priceservise: 0,
      limit: 4,
      quant: 10,
      document,
    });
    const floor = {
      ...emptyMap,
      seat_stand: [
        stand(1, 'Взрослый', 900, {}),
        stand(2, 'Пенсионный', 300, { ru: 'Пенсионное удостоверение', en: 'Pension certificate' }),
      ],
    };
    serve(sessions(twoTimes), { status: 200, body: floor });
    await renderApp('/scheme/concert/01.03.2030/12:00', setupFixture());
    const panel = await screen.findByRole('region', { name: 'Стоячие места' });
    const [adult, pension] = within(panel).getAllByRole('listitem');
    expect(within(pension as HTMLElement).getByText('При входе предъявите: Пенсионное удостоверение')).toBeTruthy();
    expect(adult?.textContent).not.toContain('предъявите');
  });

  it('sends an event without a seat map to its event page', async () => {
    serve(sessions(twoTimes, 0));
    await renderApp('/scheme/concert', setupFixture());
    await waitFor(() => expect(window.location.pathname).toBe('/event/concert'));
  });

  it("shows 'scheme-not-loaded' in the map's place when the map call fails, keeping the page's one heading", async () => {
    serve(sessions(twoTimes), { status: 404, body: { errorCode: '-1004', errorText: '' } });
    await renderApp('/scheme/concert/01.03.2030/12:00', setupFixture());
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить схему зала');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Симфонический вечер']);
    expect(screen.getByRole('group', { name: 'Время мероприятия' })).toBeTruthy();
  });

  it('shows the error page when there is no such event', async () => {
    serve({ status: 404, body: { errorCode: '-1004', errorText: 'Данные не найдены' } });
    await renderApp('/scheme/missing', setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Данные не найдены' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К афише' }).getAttribute('href')).toBe('/');
  });
});
