// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { Route, Router } from 'wouter';
import { useAppLocation } from '../../lib/navigation.tsx';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoSchemeResponse, PriceEntry } from '../../../contract/event.ts';
import { Providers, createQueryClient } from '../../app/providers.tsx';
import { resetCsrfToken, setupQueryOptions } from '../../lib/api.ts';
import { initI18n } from '../../lib/i18n.ts';
import { setupFixture } from '../../test/fixtures.ts';
import { eventQueryOptions } from './api/event-api.ts';
import { EventPage } from './event-page.tsx';
import { rememberUnpaidOrder, rememberedOrders } from './lib/unpaid-orders.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

const price = (over: Partial<PriceEntry>): PriceEntry => ({
  price_id: 1,
  action_day: '10.06.2030',
  calendar_id: 0,
  action_id: 7,
  clientcategory_id: 11,
  zonelevel_id: 0,
  price: 500,
  quantity: 0,
  sum: 0,
  needprice: 0,
  passagequant: 0,
  useproculture: 0,
  zonecolor: '',
  priceservise: 0,
  currency_id: 1,
  category: { ru: 'Взрослый' },
  description: {},
  zonedescription: {},
  zonelevelname: {},
  ...over,
});

function eventData(over: Partial<NoSchemeResponse['ticketInfo']> = {}): NoSchemeResponse {
  return {
    errorCode: '0',
    errorText: '',
    action: {
      hash: 'ev1',
      action_id: 7,
      age_from: 12,
      maybefree: 0,
      rowcount: 1,
      demquantlimit: 3,
      writeticketname: 0,
      usepushkarta: 1,
      usenopushkarta: 1,
      useseatsvg: 0,
      issubscription: 0,
      name: { ru: 'Выставка' },
      location: {},
      descript_url: {},
      note: {},
      notice: { ru: 'Вход по паспорту' },
      image_url: { ru: '/static/demo/museum.svg' },
      descript_text: { ru: 'Картины и скульптура трёх веков.' },
      grouplimit: 0,
    },
    actionStr: [],
    calendar: [
      { calendar_id: 1, event_day: '10.06.2030', event_time: '12:00', quant: 10, groupquant: 0 },
      { calendar_id: 2, event_day: '10.06.2030', event_time: '15:00', quant: 2, groupquant: 0 },
      { calendar_id: 3, event_day: '11.06.2030', event_time: '00:00', quant: 10, groupquant: 0 },
    ],
    price: [
      price({ price_id: 1, clientcategory_id: 11, category: { ru: 'Взрослый' } }),
      price({ price_id: 2, clientcategory_id: 12, price: 200, category: { ru: 'Детский' }, useproculture: 2 }),
      price({ price_id: 3, clientcategory_id: 13, price: 450, category: { ru: 'Пушкинский' }, useproculture: 1 }),
      price({ price_id: 4, action_day: '11.06.2030', category: { ru: 'Взрослый' } }),
    ],
    ticketPrice: [price({ price_id: 9, price: 0, category: { ru: 'По абонементу' } })],
    ticketInfo: { totalticketcount: 22, showticketcount: 1, showquant: 1, pricelimits: [], subscription: null, saledate: null, ...over },
    checkboxList: [{ id: 1, name: { ru: 'Согласен с правилами' }, url: {}, filling: 1 }],
  };
}

async function renderEvent(url: string, data = eventData()) {
  const i18n = await initI18n('ru', i18next.createInstance());
  const queryClient = createQueryClient();
  queryClient.setQueryData(setupQueryOptions().queryKey, setupFixture());
  queryClient.setQueryData(eventQueryOptions('ev1', 'ru').queryKey, data);
  window.history.replaceState(null, '', url);
  render(
    <Providers queryClient={queryClient} i18n={i18n}>
      <Router hook={useAppLocation}>
        <Route path="/event/:hash/:date?/:time?">
          <EventPage />
        </Route>
      </Router>
    </Providers>,
  );
}

const plus = (name: string) => fireEvent.click(screen.getByRole('button', { name: `Добавить билет: ${name}` }));

describe('event page', () => {
  it('shows the title, age badge and notice, and asks for a date', async () => {
    await renderEvent('/event/ev1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Выставка' })).toBeTruthy();
    expect(screen.getByLabelText('Возрастное ограничение 12+')).toBeTruthy();
    expect(screen.getByText('Вход по паспорту')).toBeTruthy();
    expect(screen.getByText('Выберите дату')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the picture in a fixed box and the description before a session is chosen', async () => {
    await renderEvent('/event/ev1');
    await screen.findByRole('heading', { level: 1, name: 'Выставка' });
    const picture = document.querySelector('.event-header__image');
    expect(picture?.getAttribute('src')).toBe('/static/demo/museum.svg');
    expect(picture?.getAttribute('width')).toBe('200');
    expect(picture?.getAttribute('height')).toBe('150');
    expect(picture?.getAttribute('loading')).toBeNull();
    expect(screen.getByText('Картины и скульптура трёх веков.')).toBeTruthy();
    // Short: nothing to fold.
    expect(screen.queryByRole('button', { name: 'Подробнее' })).toBeNull();
  });

  it('chooses the only time of a date with it and keeps erid in the URL', async () => {
    await renderEvent('/event/ev1?erid=x1');
    const dates = await screen.findByRole('group', { name: 'Выберите дату' });
    fireEvent.click(within(dates).getByRole('button', { description: /11 июня 2030/ }));
    expect(await screen.findByRole('table', { name: 'Цены на билеты' })).toBeTruthy();
    expect(window.location.pathname).toBe('/event/ev1/11.06.2030/00:00');
    expect(window.location.search).toBe('?erid=x1');
  });

  it('limits tickets to min(time quantity, demquantlimit), resets them when a smaller time no longer fits', async () => {
    await renderEvent('/event/ev1/10.06.2030/12:00');
    await screen.findByRole('table', { name: 'Цены на билеты' });
    expect(screen.queryByRole('button', { name: 'Оформить заказ' })).toBeNull();
    plus('Взрослый');
    plus('Взрослый');
    plus('Взрослый');
    expect(screen.getByRole('button', { name: 'Оформить заказ' })).toBeTruthy();
    plus('Взрослый');
    expect(await screen.findByText('Достигнут лимит количества билетов в одном заказе! Можно выбрать не больше 3 шт.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));

    fireEvent.click(screen.getByRole('button', { name: /^15:00/ }));
    expect(await screen.findByText('Доступно билетов: 2')).toBeTruthy();
    // 3 chosen no longer fit 2 places: the choice is reset and the form hidden.
    expect(screen.getByRole('status', { name: 'Взрослый: 0' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Оформить заказ' })).toBeNull();
  });

  it('shows "more categories" after rowcount rows, and Pushkin prices with a limit of 1', async () => {
    await renderEvent('/event/ev1/10.06.2030/12:00');
    await screen.findByRole('table', { name: 'Цены на билеты' });
    expect(screen.queryByRole('button', { name: 'Добавить билет: Детский' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ещё категории' }));
    expect(screen.getByRole('button', { name: 'Добавить билет: Детский' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Пушкинская карта' }));
    expect(screen.queryByRole('button', { name: 'Добавить билет: Детский' })).toBeNull();
    plus('Пушкинский');
    plus('Взрослый');
    expect(await screen.findByText('Достигнут лимит количества билетов в одном заказе! Можно выбрать не больше 1 шт.')).toBeTruthy();
    expect(await screen.findByLabelText('Фамилия')).toBeTruthy();
  });

  it('names the document a concession category asks for at the door under its price, and none under an ordinary one', async () => {
    const data = eventData();
    data.price = [
      price({ price_id: 1, clientcategory_id: 11, category: { ru: 'Взрослый' }, document: {} }),
      price({ price_id: 2, clientcategory_id: 12, price: 250, category: { ru: 'Студенческий' }, document: { ru: 'Студенческий билет' } }),
    ];
    data.action.rowcount = 2;
    await renderEvent('/event/ev1/10.06.2030/12:00', data);
    await screen.findByRole('table', { name: 'Цены на билеты' });
    expect(screen.getByRole('rowheader', { name: /Студенческий/ }).textContent).toContain('При входе предъявите: Студенческий билет');
    expect(screen.getByRole('rowheader', { name: /Взрослый/ }).textContent).not.toContain('предъявите');
  });

  it('takes tickets by subscription when sub=1 and the visitor holds one, limited to its visits', async () => {
    await renderEvent('/event/ev1/10.06.2030/12:00?sub=1', eventData({ subscription: { subscrit_id: 40, hash_id: 'sub', quant: 1 } }));
    const toggle = await screen.findByRole('checkbox', { name: /Получить по абонементу/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    plus('По абонементу');
    // A free total still shows the form in subscription mode.
    expect(screen.getByRole('button', { name: 'Оформить заказ' })).toBeTruthy();
    plus('По абонементу');
    expect(await screen.findByText('Достигнут лимит количества билетов в одном заказе! Можно выбрать не больше 1 шт.')).toBeTruthy();
  });

  it('shows every buyer error on submit and marks the required checkbox', async () => {
    await renderEvent('/event/ev1/10.06.2030/12:00');
    await screen.findByRole('table', { name: 'Цены на билеты' });
    plus('Взрослый');
    // The buyer's fields load apart from the page, once tickets are chosen.
    await screen.findByLabelText('ФИО');
    fireEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await screen.findByText('Введите фамилию, имя и отчество')).toBeTruthy();
    expect(screen.getByText('Введите номер телефона')).toBeTruthy();
    expect(screen.getByText('Введите e-mail')).toBeTruthy();
    expect(screen.getByText('Необходимо отметить это согласие')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('ФИО'), { target: { value: 'Иван Петров' } });
    // React Hook Form re-checks through the resolver, which answers asynchronously.
    await waitFor(() => expect(screen.queryByText('Введите фамилию, имя и отчество')).toBeNull());
  });
  it("keeps the buyer's typed data when another date takes the order form away and a time brings it back", async () => {
    await renderEvent('/event/ev1/10.06.2030/12:00');
    await screen.findByRole('table', { name: 'Цены на билеты' });
    plus('Взрослый');
    fireEvent.change(await screen.findByLabelText('ФИО'), { target: { value: 'Иван Петров' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ivan@mail.ru' } });
    const dates = screen.getByRole('group', { name: 'Выберите дату' });
    // 11 June has one time (chosen with it); 10 June has two, so no time and no order form.
    fireEvent.click(within(dates).getByRole('button', { description: /11 июня 2030/ }));
    fireEvent.click(within(dates).getByRole('button', { description: /10 июня 2030/ }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Цены на билеты' })).toBeNull());
    expect(screen.queryByLabelText('ФИО')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^12:00/ }));
    await screen.findByRole('table', { name: 'Цены на билеты' });
    plus('Взрослый');
    expect(((await screen.findByLabelText('ФИО')) as HTMLInputElement).value).toBe('Иван Петров');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ivan@mail.ru');
  });

  it('refuses a repeated e-mail that differs: the error sits on that field, focus goes to it, and it follows a fix of either e-mail', async () => {
    await renderEvent('/event/ev1/10.06.2030/12:00');
    await screen.findByRole('table', { name: 'Цены на билеты' });
    plus('Взрослый');
    fireEvent.change(await screen.findByLabelText('ФИО'), { target: { value: 'Иван Петров' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '999 901 02 03' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ivan@mail.ru' } });
    fireEvent.change(screen.getByLabelText('Повторите e-mail'), { target: { value: 'ivan@mail.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Согласен с правилами/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));

    const repeat = screen.getByLabelText('Повторите e-mail');
    expect(await screen.findByText('E-mail не совпадает')).toBeTruthy();
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    expect(repeat.getAttribute('aria-describedby')).toBe('buyer-re_email-error');
    await waitFor(() => expect(document.activeElement).toBe(repeat));
    expect(screen.queryByText('Введите e-mail')).toBeNull();

    // Correcting the first e-mail to match clears the repeat's error, changing it again brings it back.
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ivan@mail.com' } });
    await waitFor(() => expect(screen.queryByText('E-mail не совпадает')).toBeNull());
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ivan@mail.org' } });
    expect(await screen.findByText('E-mail не совпадает')).toBeTruthy();
  });

  it('with the Pushkin card checks the Russian names and the 11-digit phone, and "Нет отчества" lifts the patronymic rule', async () => {
    await renderEvent('/event/ev1/10.06.2030/12:00');
    await screen.findByRole('table', { name: 'Цены на билеты' });
    fireEvent.click(screen.getByRole('radio', { name: 'Пушкинская карта' }));
    if (!screen.queryByRole('button', { name: 'Добавить билет: Пушкинский' }))
      fireEvent.click(screen.getByRole('button', { name: 'Ещё категории' }));
    plus('Пушкинский');
    fireEvent.change(await screen.findByLabelText('Фамилия'), { target: { value: 'Ivanov' } });
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Иван' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '999901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));

    expect(await screen.findByText(/^Наберите фамилию русскими буквами/)).toBeTruthy();
    expect(screen.getByText(/^Наберите отчество русскими буквами/)).toBeTruthy();
    expect(
      screen.getByText('Номер телефона не действителен, проверьте корректность данных и попробуйте снова. Пример: +7 (999) 901-02-03'),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Фамилия')));
    // The card phone is masked as it is typed.
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 (999) 901');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Нет отчества' }));
    await waitFor(() => expect(screen.queryByText(/^Наберите отчество русскими буквами/)).toBeNull());
    expect((screen.getByLabelText('Отчество') as HTMLInputElement).disabled).toBe(true);
  });

  it("titles a refused order 'Ошибка (#code) при создании заказа!' with the server's text, and gives the button back", async () => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/token') return json(200, { token: 'token' });
        if (url === '/api/order/create') return json(409, { errorCode: '-1010', errorText: 'Билеты на это время закончились' });
        if (url === '/api/no-scheme') return json(200, eventData()); // asked again after -1010 (places gone)
        return json(404, { errorCode: '-1004', errorText: '' });
      }),
    );
    await renderEvent('/event/ev1/10.06.2030/12:00');
    await screen.findByRole('table', { name: 'Цены на билеты' });
    plus('Взрослый');
    fireEvent.change(await screen.findByLabelText('ФИО'), { target: { value: 'Иван Петров' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '999 901 02 03' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ivan@mail.ru' } });
    fireEvent.change(screen.getByLabelText('Повторите e-mail'), { target: { value: 'ivan@mail.ru' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Согласен с правилами/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Ошибка (#-1010) при создании заказа!' });
    expect(dialog.textContent).toContain('Билеты на это время закончились');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Оформить заказ' }) as HTMLButtonElement).disabled).toBe(false));
  });

  describe("this browser's unpaid order", () => {
    const ORDER = 'order-hash-0000000000000001';
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    afterEach(() => localStorage.clear());

    it('offers to continue it with the time left, as part of the first render, asking the server only about remembered orders', async () => {
      rememberUnpaidOrder('ev1', ORDER);
      rememberUnpaidOrder('other-event', 'order-hash-0000000000000002');
      const fetch = vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/token') return json(200, { token: 'token' });
        if (url === '/api/order/held') {
          expect(JSON.parse(String(init?.body))).toEqual({ hash: 'ev1', orders: [ORDER], lang: 'ru' });
          return json(200, { errorCode: '0', errorText: '', orders: [{ hash: ORDER, ord_num: 100234, status: 20, reserveTime: 605 }] });
        }
        return json(404, { errorCode: '-1004', errorText: '' });
      });
      vi.stubGlobal('fetch', fetch);
      await renderEvent('/event/ev1');
      const heading = await screen.findByRole('heading', { level: 1, name: 'Выставка' });
      // The offer is there the moment the event is, never added after it.
      const notice = screen.getByRole('note', { name: /неоплаченный заказ/ });
      expect(notice.textContent).toContain('У вас есть неоплаченный заказ №\u00a0100234.');
      expect(notice.textContent).toContain('Бронь действует ещё 10:05');
      expect(screen.getByRole('link', { name: 'Продолжить оплату' }).getAttribute('href')).toBe(`/order/${ORDER}`);
      expect(notice.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('leads an order still awaiting its named-ticket data to the named-ticket form', async () => {
      rememberUnpaidOrder('ev1', ORDER);
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          if (url === '/api/token') return json(200, { token: 'token' });
          if (url === '/api/order/held')
            return json(200, { errorCode: '0', errorText: '', orders: [{ hash: ORDER, ord_num: 100235, status: 10, reserveTime: 3725 }] });
          return json(404, { errorCode: '-1004', errorText: '' });
        }),
      );
      await renderEvent('/event/ev1');
      await screen.findByRole('heading', { level: 1, name: 'Выставка' });
      expect(screen.getByRole('note', { name: /неоплаченный заказ/ }).textContent).toContain('1:02:05');
      expect(screen.getByRole('link', { name: 'Продолжить оплату' }).getAttribute('href')).toBe(`/nominal-tickets/${ORDER}`);
    });

    it('forgets the orders the server no longer holds and offers nothing', async () => {
      rememberUnpaidOrder('ev1', ORDER);
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          if (url === '/api/token') return json(200, { token: 'token' });
          if (url === '/api/order/held') return json(200, { errorCode: '0', errorText: '', orders: [] });
          return json(404, { errorCode: '-1004', errorText: '' });
        }),
      );
      await renderEvent('/event/ev1');
      await screen.findByRole('heading', { level: 1, name: 'Выставка' });
      expect(screen.queryByRole('link', { name: 'Продолжить оплату' })).toBeNull();
      expect(rememberedOrders('ev1')).toEqual([]);
    });

    it('drops a memory the server refuses to read (a damaged entry) and offers nothing', async () => {
      rememberUnpaidOrder('ev1', '../damaged');
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          if (url === '/api/token') return json(200, { token: 'token' });
          if (url === '/api/order/held') return json(400, { errorCode: '-1002', errorText: 'Некорректные данные' });
          return json(404, { errorCode: '-1004', errorText: '' });
        }),
      );
      await renderEvent('/event/ev1');
      await screen.findByRole('heading', { level: 1, name: 'Выставка' });
      expect(screen.queryByRole('link', { name: 'Продолжить оплату' })).toBeNull();
      expect(rememberedOrders('ev1')).toEqual([]);
    });

    it('sends nothing when the browser remembers no order of the event', async () => {
      const fetch = vi.fn(async () => json(404, { errorCode: '-1004', errorText: '' }));
      vi.stubGlobal('fetch', fetch);
      await renderEvent('/event/ev1');
      await screen.findByRole('heading', { level: 1, name: 'Выставка' });
      expect(fetch).not.toHaveBeenCalled();
      expect(screen.queryByRole('link', { name: 'Продолжить оплату' })).toBeNull();
    });
  });
});
