// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api.ts';
import type { OrderView, TicketRow } from '../../../contract/order-view.ts';
import { setupFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderQueryOptions } from './api/order-api.ts';
import { deltaEncode } from '../../../contract/scheme.ts';

// The hall's drawing needs a real canvas; the seat list under it chooses the same seats.
vi.mock('../../components/seat-map/seat-map.tsx', () => ({ SeatMap: () => <div data-testid="hall" /> }));

const HASH = 'o'.repeat(32);
const text = (ru: string) => ({ ru, en: ru, kz: ru, ch: ru });

function row(statuses: number[]): TicketRow {
  return {
    id: 1,
    action: text('Экскурсия по музею'),
    action_group: '1',
    day: '2026-12-05',
    time: '12:00',
    address: text('Невский проспект, 1'),
    seatroot: text(''),
    location: text('Главный зал'),
    price: 500,
    quant: statuses.length,
    cost: 500 * statuses.length,
    tickettype: 1,
    _qrcode: '',
    _barcode: '',
    ticketcode: '',
    tickethash_id: '',
    rowname: '',
    seat_id: 0,
    sector: text(''),
    seat: text(''),
    category: text('Взрослый'),
    zonelevel: text(''),
    day_str: text('5 декабря'),
    dayofweek: text('сб'),
    tickets: statuses.map((status, i) => ({ id: i + 1, ticketcode: `C${i}`, tickethash_id: `t${i}`, _qrcode: '', _barcode: '', status })),
  };
}

/** A paid order of one general-admission line whose tickets carry the given return statuses. */
function paidOrder(statuses: number[]): OrderView {
  return {
    errorCode: '0',
    errorText: '',
    ord_num: 1042,
    hash: HASH,
    status: 30,
    reserveTime: 0,
    main: [row(statuses)],
    toping: [],
    service: [],
    addToping: [],
    discountData: {
      cardCode: '',
      isBlocked: 0,
      availableBonuses: 0,
      useBonuses: 0,
      totalBalance: 0,
      totalDiscount: 0,
      chargedBonus: 0,
      promoCode: '',
    },
    printingAllowed: 1,
    paymentAllowed: false,
    demsumma: 0,
    url_pay: '',
    payments: [],
    creditCompanyId: 0,
    payment_qr: null,
    cost: 500 * statuses.length,
    name: 'Иван Петров',
    email: 'ivan@example.com',
    phone: '',
    usereturn: 1,
    refunds: [],
    selfExchange: { allowed: false, deadline: null },
  };
}

/** The page as loaded, and the server answering the same order when the page asks again. */
function open(view: OrderView) {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/token' ? json({ token: 'token' }) : json(view))),
  );
  return renderApp(`/order/${HASH}`, setupFixture(), (client) => client.setQueryData(orderQueryOptions(HASH, 'ru').queryKey, view));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('/order/{hash} after returns', () => {
  it.each([
    { statuses: [0, 0], badge: 'Оплачен', returned: null },
    { statuses: [70, 0], badge: 'Оплачен', returned: 'Возвращён 1 билет' },
    { statuses: [60, 0], badge: 'Оплачен', returned: null },
    { statuses: [70, 80], badge: 'Возвращён', returned: 'Возвращено 2 билета' },
  ])('tickets $statuses: badge $badge', async ({ statuses, badge, returned }) => {
    await open(paidOrder(statuses));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 1042' })).toBeTruthy();
    expect(screen.getByText(badge, { selector: '.order-badge' })).toBeTruthy();
    if (returned) expect(screen.getByText(returned)).toBeTruthy();
    else expect(screen.queryByText(/^Возвращ/, { selector: '.order-row__returned' })).toBeNull();
  });
});

describe('/order/{hash}: the document a concession asks for at the door', () => {
  it('is named on each ticket row of a concession category, and on none of an ordinary one', async () => {
    const student = { ...row([0]), id: 2, category: text('Студенческий'), document: text('Студенческий билет (очной формы обучения)') };
    const adult = { ...row([0, 0]), document: {} };
    await open({ ...paidOrder([0]), main: [adult, student] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 1042' })).toBeTruthy();
    // Once, on the student row (its list item), not on the adult row.
    const documents = screen.getAllByText(/^При входе предъявите:/);
    expect(documents.map((d) => d.textContent)).toEqual(['При входе предъявите: Студенческий билет (очной формы обучения)']);
    expect(documents[0]?.closest('li')?.textContent).toContain('Студенческий');
    expect(documents[0]?.closest('li')?.textContent).not.toContain('Взрослый');
  });
});

describe('/order/{hash}: the paid notice', () => {
  it.each([
    { statuses: [0, 0], notice: 'Заказ оплачен. Билеты отправлены на ivan@example.com.' },
    // Every ticket returned: the tickets are no longer valid, so the page does not point to them.
    { statuses: [70, 70], notice: null },
  ])('tickets $statuses: $notice', async ({ statuses, notice }) => {
    await open(paidOrder(statuses));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 1042' })).toBeTruthy();
    if (notice) expect(screen.getByText(notice).getAttribute('role')).toBe('status');
    else expect(screen.queryByText(/^Заказ оплачен/)).toBeNull();
  });
});

describe('/order/{hash}: a return request', () => {
  it.each([
    { statuses: [60, 0], shown: true },
    { statuses: [70, 0], shown: false },
    { statuses: [0, 0], shown: false },
  ])('tickets $statuses: awaiting e-mail confirmation shown: $shown', async ({ statuses, shown }) => {
    await open(paidOrder(statuses));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 1042' })).toBeTruthy();
    const text =
      'Заявление на возврат ожидает подтверждения: откройте ссылку из письма, отправленного на ivan@example.com. Ссылка действительна 24 часа.';
    expect(screen.queryByText(text) !== null).toBe(shown);
  });
});

describe('/order/{hash}: payments given back automatically', () => {
  /** The page in `lang` with the order as the server answers it. */
  function openIn(lang: 'ru' | 'en', view: OrderView) {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/token' ? json({ token: 'token' }) : json(view))),
    );
    const url = lang === 'ru' ? `/order/${HASH}` : `/order/${HASH}?lang=${lang}`;
    return renderApp(url, setupFixture(), (client) => client.setQueryData(orderQueryOptions(HASH, lang).queryKey, view));
  }

  it.each([
    {
      lang: 'ru' as const,
      refund: { payment_num: 2, amount: 1060, state: 'pending' as const, reason: 'already-paid' as const },
      heading: 'Заказ № 1042',
      title: 'Возврат денег',
      text: 'Платёж № 2 на 1\u00a0060\u00a0₽ возвращается: заказ уже был оплачен. Деньги поступят на карту в течение нескольких дней.',
    },
    {
      lang: 'ru' as const,
      refund: { payment_num: 1, amount: 1060.5, state: 'done' as const, reason: 'order-changed' as const },
      heading: 'Заказ № 1042',
      title: 'Возврат денег',
      text: 'Платёж № 1 на 1\u00a0060,50\u00a0₽ возвращён: сумма заказа изменилась во время оплаты. Банк зачислит деньги на карту в течение нескольких дней.',
    },
    {
      lang: 'en' as const,
      refund: { payment_num: 2, amount: 1060, state: 'pending' as const, reason: 'already-paid' as const },
      heading: 'Order No. 1042',
      title: 'Refunds',
      text: 'Payment No. 2 of ₽1,060 is being refunded: the order had already been paid. The money will reach your card within a few days.',
    },
    {
      lang: 'en' as const,
      refund: { payment_num: 1, amount: 1060, state: 'done' as const, reason: 'booking-expired' as const },
      heading: 'Order No. 1042',
      title: 'Refunds',
      text: 'Payment No. 1 of ₽1,060 has been refunded: the booking time ran out before the payment arrived. Your bank will credit the money to your card within a few days.',
    },
  ])('$lang: $refund.reason, $refund.state', async ({ lang, refund, heading, title, text }) => {
    await openIn(lang, { ...paidOrder([0]), refunds: [refund] });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    const notice = screen.getByRole('status', { name: title });
    expect(notice.textContent).toBe(text);
  });

  it('shows one notice per refund, and none when nothing was given back', async () => {
    await openIn('ru', {
      ...paidOrder([0]),
      refunds: [
        { payment_num: 2, amount: 1060, state: 'done', reason: 'already-paid' },
        { payment_num: 3, amount: 1060, state: 'pending', reason: 'already-paid' },
      ],
    });
    const notice = await screen.findByRole('status', { name: 'Возврат денег' });
    expect(
      within(notice)
        .getAllByText(/^Платёж № \d/)
        .map((p) => p.textContent?.slice(0, 11)),
    ).toEqual(['Платёж № 2 ', 'Платёж № 3 ']);
    cleanup();
    await openIn('ru', paidOrder([0]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 1042' })).toBeTruthy();
    expect(screen.queryByText(/^Платёж №/)).toBeNull();
  });
});

/** The order still unpaid, its reserve running, payable by card: awaiting payment (20) or named-ticket data (10). */
function unpaidOrder(status: 10 | 20, more: Partial<OrderView> = {}): OrderView {
  return {
    ...paidOrder([0]),
    status,
    reserveTime: 900,
    printingAllowed: 0,
    paymentAllowed: true,
    demsumma: 800,
    url_pay: '/api/order/pay',
    payments: [{ creditcompany_id: 1, protocol_type: 1, protocol_kind: 1, name: text('Банковская карта'), descript: text('') }],
    creditCompanyId: 1,
    ...more,
  };
}

describe('/order/{hash} of an order still awaiting named-ticket data (status 10)', () => {
  const awaitingNames = unpaidOrder(10);

  it('shows the payment footer while the reserve runs, and Pay leads to the named-ticket form', async () => {
    const posted: string[] = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        posted.push(url);
        if (url === '/api/token') return json({ token: 'token' });
        if (url === '/api/order/pay') return json({ errorCode: '0', errorText: '', hash: HASH });
        return json(awaitingNames);
      }),
    );
    await renderApp(`/order/${HASH}`, setupFixture(), (client) =>
      client.setQueryData(orderQueryOptions(HASH, 'ru').queryKey, awaitingNames),
    );
    const footer = await screen.findByRole('region', { name: 'Оплатить' });
    expect(within(footer).getByRole('timer').textContent).toMatch(/\d{2}:\d{2}/);
    fireEvent.click(within(footer).getByRole('button', { name: 'Оплатить' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/nominal-tickets/${HASH}`));
    expect(posted).toContain('/api/order/pay');
  });
});

describe('/order/{hash}: a double click changes the order once', () => {
  const unpaid = unpaidOrder(20, {
    toping: [{ id: 7, parent_id: 1, package_id: 3, price_id: 5, cost: 300, candelete: 1, action: text('Программка'), status: 0 }],
    addToping: [
      {
        parent_id: 1,
        package_id: 3,
        price_id: 5,
        cost: 300,
        action: text('Программка'),
        descript: text(''),
        limit: 2,
        row_limit: 2,
        seat_tied: 0,
      },
    ],
  });

  afterEach(() => {
    delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
  });

  /** The order answered to every load and '0' to every change call, with the calls made. */
  function serve() {
    const calls: string[] = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/token') return json({ token: 'token' });
        if (url.includes('special-offer')) return json({ errorCode: '0', errorText: '' });
        return json(unpaid);
      }),
    );
    return calls;
  }

  it('removes an attached service once', async () => {
    const calls = serve();
    await renderApp(`/order/${HASH}`, setupFixture(), (client) => client.setQueryData(orderQueryOptions(HASH, 'ru').queryKey, unpaid));
    const remove = await screen.findByRole('button', { name: 'Удалить услугу «Программка»' });
    fireEvent.click(remove);
    fireEvent.click(remove);
    await waitFor(() => expect(calls.filter((url) => url === '/api/order/view').length).toBeGreaterThan(0));
    expect(calls.filter((url) => url === '/api/order/remove-special-offer')).toHaveLength(1);
  });

  it('adds the chosen offers once', async () => {
    // jsdom has no modal dialogs (no showModal): the sidebar opens as a plain open dialog.
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.open = true;
      },
    });
    const calls = serve();
    await renderApp(`/order/${HASH}`, setupFixture(), (client) => client.setQueryData(orderQueryOptions(HASH, 'ru').queryKey, unpaid));
    fireEvent.click(await screen.findByRole('button', { name: /Специальные предложения/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^Программка/, pressed: false }));
    const add = screen.getByRole('button', { name: /^Добавить за/ });
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(calls.filter((url) => url === '/api/order/view').length).toBeGreaterThan(0));
    expect(calls.filter((url) => url === '/api/order/add-special-offer')).toHaveLength(1);
  });
});

describe("/order/{hash}: an offer's rich description", () => {
  afterEach(() => {
    delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
  });

  it('is shown through the allow-list beside its toggle, which it describes', async () => {
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.open = true;
      },
    });
    const html =
      'Место на парковке.<br>Въезд <b>за час</b><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><a href="javascript:alert(1)">ссылка</a>';
    const order = unpaidOrder(20, {
      addToping: [
        {
          parent_id: 1,
          package_id: 3,
          price_id: 5,
          cost: 300,
          action: text('Парковка'),
          descript: text(html),
          limit: 1,
          row_limit: 1,
          seat_tied: 0,
        },
      ],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(order), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await renderApp(`/order/${HASH}`, setupFixture(), (client) => client.setQueryData(orderQueryOptions(HASH, 'ru').queryKey, order));
    fireEvent.click(await screen.findByRole('button', { name: /Специальные предложения/ }));
    const toggle = await screen.findByRole('button', { name: /^Парковка/, pressed: false });
    // The name stays the offer, its price and what is left; the rich text is its description.
    expect(toggle.textContent).not.toContain('Въезд');
    const description = toggle.parentElement?.querySelector(`[id="${toggle.getAttribute('aria-describedby')}"]`) as HTMLElement;
    expect(description.querySelector('b')?.textContent).toBe('за час');
    expect(description.querySelector('br')).not.toBeNull();
    expect(description.querySelector('script, img, [onerror]')).toBeNull();
    expect(description.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(description.textContent).toBe('Место на парковке.Въезд за часссылка');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('/order/{hash}: the buyer exchanges tickets', () => {
  const HOUR = 3_600_000;
  /** The order's exchange options: one ticket of a session `startsIn` from now, the event's hours, and two sessions on sale. */
  function options(startsIn: number, refusal: string | null = null) {
    const startsAt = new Date(Date.now() + startsIn).toISOString();
    const price = (id: number, name: string, amount: number) => ({
      id,
      categoryId: id,
      categoryName: text(name),
      zoneId: null,
      zoneName: null,
      amount,
      fee: 0,
    });
    return {
      errorCode: '0',
      errorText: '',
      refusal,
      hoursBefore: 24,
      deadline: new Date(Date.now() + startsIn - 24 * HOUR).toISOString(),
      useSeatMap: false,
      eventHash: 'event',
      eventName: text('Событие'),
      tickets: [
        {
          id: 1,
          sessionId: 10,
          startsAt,
          hasTime: true,
          categoryName: text('Взрослый'),
          zoneName: null,
          rowLabel: null,
          seatLabel: null,
          deadline: null,
        },
      ],
      sessions: [
        { id: 10, startsAt, hasTime: true, remaining: 5, prices: [price(100, 'Взрослый', 50000)] },
        {
          id: 11,
          startsAt: new Date(Date.now() + startsIn + 24 * HOUR).toISOString(),
          hasTime: true,
          remaining: 5,
          prices: [price(101, 'Детский', 30000)],
        },
      ],
    };
  }
  function serve(view: OrderView, answers: Record<string, unknown>) {
    const calls: { url: string; body: unknown }[] = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return json(url === '/api/token' ? { token: 'token' } : (answers[url] ?? view));
      }),
    );
    return calls;
  }
  /** The order as the server answers it when the buyer may exchange until `deadline`. */
  const allowing = (deadline: string): OrderView => ({ ...paidOrder([0]), selfExchange: { allowed: true, deadline } });
  const render = (view: OrderView) =>
    renderApp(`/order/${HASH}`, setupFixture(), (client) => client.setQueryData(orderQueryOptions(HASH, 'ru').queryKey, view));
  const figures = { oldAmount: 50000, newAmount: 30000, difference: -20000, tickets: [{ id: 1, amount: 50000 }], places: [] };

  it('shows the button with the rest of the page, from the order view alone (no layout shift)', async () => {
    const deadline = new Date(Date.now() + 6 * 24 * HOUR).toISOString();
    const calls = serve(allowing(deadline), {});
    await render(allowing(deadline));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 1042' })).toBeTruthy();
    // In the same render as the heading, not after another call: nothing moves once the page is shown.
    const button = screen.getByRole('button', { name: 'Обменять билеты' });
    expect(button.closest('.order-keep')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^Обменять билеты можно до /);
    expect(calls.some((c) => c.url === '/api/order/exchange-options')).toBe(false);
  });

  it('chooses the other session, shows the refund before confirming, and exchanges for the shown difference', async () => {
    const view = allowing(options(7 * 24 * HOUR).deadline);
    const calls = serve(view, {
      '/api/order/exchange-options': options(7 * 24 * HOUR),
      '/api/order/exchange-quote': { errorCode: '0', errorText: '', ...figures },
      '/api/order/exchange': {
        errorCode: '0',
        errorText: '',
        ...figures,
        exchangeId: 1,
        status: 'done',
        newTicketIds: [2],
        refund: 'done',
        payUntil: null,
        payPath: null,
      },
    });
    await render(view);
    fireEvent.click(await screen.findByRole('button', { name: 'Обменять билеты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Обмен билетов' });
    fireEvent.change(within(dialog).getByLabelText('Новый сеанс'), { target: { value: '11' } });
    expect(await within(dialog).findByText('Вернём на карту')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Обменять' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/order/exchange')).toBe(true));
    expect(calls.find((c) => c.url === '/api/order/exchange')?.body).toMatchObject({
      hash: HASH,
      ticketIds: [1],
      sessionId: 11,
      places: [{ priceId: 101, seatId: null }],
      expectedDifference: -20000,
    });
  });

  it('offers nothing, and asks for no options, when the order view says the buyer may not', async () => {
    const view = paidOrder([0]);
    const calls = serve(view, { '/api/order/exchange-options': options(7 * 24 * HOUR) });
    await render(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 1042' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /PDF/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Обменять билеты' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/order/exchange-options')).toBe(false);
  });

  it("shows the server's refusal at the press when the order changed since the page was loaded", async () => {
    const view = allowing(options(7 * 24 * HOUR).deadline);
    serve(view, { '/api/order/exchange-options': { ...options(7 * 24 * HOUR, '-1030'), sessions: [] } });
    await render(view);
    fireEvent.click(await screen.findByRole('button', { name: 'Обменять билеты' }));
    expect(await screen.findByText(/не позволяет обменять билеты самостоятельно/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Обмен билетов' })).toBeNull();
  });

  it('refuses in the browser, by the same rule, once the deadline has passed while the page was open', async () => {
    // Loaded as allowed, but the session is 2 hours away and the deadline 24 hours before it.
    const view = allowing(options(2 * HOUR).deadline);
    serve(view, { '/api/order/exchange-options': options(2 * HOUR) });
    await render(view);
    fireEvent.click(await screen.findByRole('button', { name: 'Обменять билеты' }));
    expect(await screen.findByText('Срок самостоятельного обмена билетов истёк.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Обмен билетов' })).toBeNull();
  });

  it('on a seated event quotes nothing until a seat per ticket is chosen from the hall, then exchanges for that seat', async () => {
    const seated = {
      ...options(7 * 24 * HOUR),
      useSeatMap: true,
      eventHash: 'seated-event',
    };
    const map = {
      errorCode: '0',
      errorText: '',
      calendar_id: 11,
      svg: '<svg/>',
      width: 50,
      height: 20,
      seat_size: 10,
      sectors: [{ sector_id: 1, name: { ru: 'Партер' } }],
      seat_numbers: [
        {
          sector_id: 1,
          row: '3',
          seat_id: deltaEncode([21, 22, 23]),
          x: deltaEncode([100, 200, 300]),
          y: deltaEncode([100, 100, 100]),
          seat: ['1', '2', '3'],
          zone_id: [5, 5, 5],
          free: [1, 1, 0],
        },
      ],
      seat_stand: [],
      zones: [
        {
          zone_id: 5,
          name: { ru: 'Партер' },
          level_name: {},
          color: '#ff0000',
          prices: [{ price_id: 101, clientcategory_id: 1, category: { ru: 'Детский' }, price: 300, priceservise: 0, document: {} }],
        },
      ],
    };
    const view = allowing(seated.deadline);
    const calls = serve(view, {
      '/api/order/exchange-options': seated,
      '/api/scheme': map,
      '/api/order/exchange-quote': { errorCode: '0', errorText: '', ...figures },
      '/api/order/exchange': {
        errorCode: '0',
        errorText: '',
        ...figures,
        exchangeId: 1,
        status: 'done',
        newTicketIds: [2],
        refund: 'done',
        payUntil: null,
        payPath: null,
      },
    });
    await render(view);
    fireEvent.click(await screen.findByRole('button', { name: 'Обменять билеты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Обмен билетов' });
    fireEvent.change(within(dialog).getByLabelText('Новый сеанс'), { target: { value: '11' } });
    const seats = await within(dialog).findByRole('group', { name: 'Новые места' });
    expect(await within(seats).findByText('Выбрано мест: 0 из 1.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/scheme')?.body).toMatchObject({ hash: 'seated-event', calendar_id: 11 });
    // No category selects on a seated event: the seat's zone prices it.
    expect(within(dialog).queryByLabelText(/^Категория: /)).toBeNull();
    // A taken seat is not offered.
    expect(within(seats).queryByRole('button', { name: /^Место 3, / })).toBeNull();
    fireEvent.click(within(seats).getByRole('button', { name: /^Место 1, / }));
    expect(await within(seats).findByText('Выбрано мест: 1 из 1.')).toBeTruthy();
    expect(within(seats).getByText(/^Партер · Ряд 3 · Место 1, Детский — /)).toBeTruthy();
    // A seat more than the tickets is not taken.
    fireEvent.click(within(seats).getByRole('button', { name: /^Место 2, / }));
    expect(await within(seats).findByText(/Мест выбрано столько же, сколько билетов/)).toBeTruthy();
    expect(
      within(seats)
        .getByRole('button', { name: /^Место 2, / })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(await within(dialog).findByText('Вернём на карту')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/order/exchange-quote').map((c) => c.body)).toEqual([
      expect.objectContaining({ ticketIds: [1], sessionId: 11, places: [{ priceId: 101, seatId: 21 }] }),
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Обменять' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/order/exchange')).toBe(true));
    expect(calls.find((c) => c.url === '/api/order/exchange')?.body).toMatchObject({
      sessionId: 11,
      places: [{ priceId: 101, seatId: 21 }],
      expectedDifference: -20000,
    });
  });
});
