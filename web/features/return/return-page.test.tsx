// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api.ts';
import { setupFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { returnFixture, returnRowFixture } from './test-data.ts';

const HASH = 'h'.repeat(32);
type Answer = { status: number; body: unknown };
const ok = {
  status: 200,
  body: {
    errorCode: '0',
    errorText: '',
    response: { error_code: 0, summa: 500, expires: '', status_id: 70, bonuses_restored: 0, bonuses_revoked: 0 },
  },
};

/** Answers the token and return calls; records what the page posts. */
function stubServer(load: Answer | (() => Answer), answers: { create?: Answer; confirm?: Answer } = {}) {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  const json = (a: Answer) => new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/token') return json({ status: 200, body: { token: 'token' } });
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      posted.push({ url, body });
      if (url === `/api/order/return/${HASH}`) return json(typeof load === 'function' ? load() : load);
      if (url === '/api/order/return-create') return json(answers.create ?? ok);
      if (url === '/api/order/return-confirm') return json(answers.confirm ?? ok);
      return json({ status: 404, body: { errorCode: '-1004', errorText: '' } });
    }),
  );
  return posted;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

const submit = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('/order/return/{hash}', () => {
  it('shows the header, the buyer, the group strip and a table without the visitor column when no row has a name', async () => {
    stubServer({ status: 200, body: returnFixture() });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Заявление на возврат' })).toBeTruthy();
    expect(screen.getByText('Заказ № 100001 от 21.11.2026 14:03')).toBeTruthy();
    expect(screen.getByText('ivan@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Вернуться к Заказу № 100001' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(
      /^Возврат возможен в течение \(GTM \+03:00\) (3 дня 00:00:00|2 дня 23:59:5\d) до 25\.11\.2026 10:00$/,
    ); // a slow machine may tick a few seconds
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Возврат',
      'Категория',
      'Кол-во посетителей',
      'Стоимость',
    ]);
    expect(screen.getByText('Дата заявления: 21.11.2026')).toBeTruthy();
  });

  it('shows a ticket admitted at the door as used, with why, and offers no checkbox for it', async () => {
    const rows = [
      returnRowFixture({ used: 1 }),
      returnRowFixture({ id: 12, category: { ru: 'Детский', en: 'Детский', kz: 'Детский', ch: 'Детский' } }),
    ];
    stubServer({ status: 200, body: returnFixture({ rows }) });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    expect(await screen.findByText('Билет использован')).toBeTruthy();
    expect(screen.getByText('По билету уже прошли на мероприятие, вернуть его нельзя.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Вернуть билет 1: Взрослый' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Вернуть билет 2: Детский' })).toBeTruthy();
  });

  it("lists the services of each ticket and adds what they refund: a seat-tied one with its ticket, the line's with the last ticket", async () => {
    const service = (id: number, ids: number[], name: string, refund: number) => ({
      id,
      ids,
      seat_tied: (ids.length === 1 ? 1 : 0) as 0 | 1,
      action: { ru: name, en: name, kz: name, ch: name },
      cost: refund,
      refund,
      status_id: 0,
    });
    const services = [service(1, [11], 'Аудиогид', 250), service(2, [11, 12], 'Парковка', 500)];
    stubServer({ status: 200, body: returnFixture({ services, bonuses: { spent: 100, accrued: 50, restored: 0, revoked: 0 } }) });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    const [first, second] = await screen.findAllByRole('list', { name: 'Услуги к билету' });
    expect(within(first as HTMLElement).getByText('Аудиогид')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('Аудиогид')).toBeNull();
    expect(screen.getAllByText('(вернётся с последним билетом строки)')).toHaveLength(2);
    expect(screen.getByText(/^Бонусы, которыми оплачен заказ, вернутся на карту лояльности/)).toBeTruthy();
    const total = () => screen.getByLabelText('Итог возврата').textContent;

    fireEvent.click(screen.getByRole('checkbox', { name: 'Вернуть билет 1: Взрослый' }));
    expect(total()).toMatch(/Билетов к возврату1Сумма возврата750\s₽/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Вернуть билет 2: Детский' }));
    expect(total()).toMatch(/Билетов к возврату2Сумма возврата1\s450\s₽/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Вернуть билет 1: Взрослый' }));
    expect(total()).toMatch(/Билетов к возврату1Сумма возврата200\s₽/);
  });

  it.each([
    { refund: { service_fee: false, discounted: false }, text: 'К возврату — сумма, оплаченная за билет. Сервисный сбор не возвращается.' },
    {
      refund: { service_fee: true, discounted: true },
      text: 'К возврату — сумма, фактически оплаченная за билет: цена за вычетом скидки по промокоду или бонусам. Сервисный сбор возвращается вместе с билетом.',
    },
  ])('says what the refund is made of: $text', async ({ refund, text }) => {
    stubServer({ status: 200, body: returnFixture({ refund }) });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('adds the visitor column when a row has a name', async () => {
    stubServer({ status: 200, body: returnFixture({ rows: [returnRowFixture({ name: 'Сидоров Пётр' }), returnRowFixture({ id: 12 })] }) });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    expect(await screen.findByRole('columnheader', { name: 'ФИО посетителя' })).toBeTruthy();
    expect(screen.getByText('Сидоров Пётр')).toBeTruthy();
  });

  it('enables the submit only with a ticket, a reason and the consent; creates the request after "Понятно"', async () => {
    const posted = stubServer({ status: 200, body: returnFixture() });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    const button = await screen.findByRole('button', { name: 'Оформить возврат' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // The disabled button is described by what is still missing.
    const missing = () => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(missing()).toBe('Отметьте билеты для возврата. Выберите причину возврата. Включите согласие с заявлением.');
    // The switch is the consent to the processing of personal data: its text is the label, the document a link beside it.
    expect(screen.getByRole('switch', { name: 'Я даю согласие на обработку моих персональных данных с целью возврата.' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Согласие на обработку персональных данных при возврате, редакция 2' }).getAttribute('href'),
    ).toBe('/rules/consent-return');
    expect(screen.getByText('Понимаю, что возвращённые билеты станут недействительными')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Вернуть билет 2/ }));
    expect(screen.getByLabelText('Итог возврата').textContent).toMatch(/Билетов к возврату1Сумма возврата200\s₽/);
    fireEvent.click(screen.getByRole('switch'));
    expect(submit('Оформить возврат').disabled).toBe(true);
    expect(missing()).toBe('Выберите причину возврата.');
    fireEvent.click(screen.getByRole('radio', { name: /Другая причина/ }));
    expect(submit('Оформить возврат').disabled).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(submit('Оформить возврат'));
    const created = await screen.findByRole('alertdialog', { name: 'Заявление создано' });
    expect(created.textContent).toContain('Ссылка действительна 24 часа');
    fireEvent.click(within(created).getByRole('button', { name: 'Понятно' }));
    const accepted = await screen.findByRole('dialog', { name: 'Заявление принято' });
    expect(accepted.textContent).toContain('Ваше заявление принято и передано в работу');
    expect(posted.find((p) => p.url === '/api/order/return-create')?.body).toEqual({
      hash: HASH,
      lang: 'ru',
      reason: 2,
      id: [12],
      consent: true,
    });
  });

  it('"Отменить" closes the dialog and sends nothing', async () => {
    const posted = stubServer({ status: 200, body: returnFixture() });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    fireEvent.click(await screen.findByRole('checkbox', { name: /Вернуть билет 1/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Не смогу/ }));
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(submit('Оформить возврат'));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Заявление создано' })).getByRole('button', { name: 'Отменить' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Заявление создано' })).toBeNull());
    expect(posted.some((p) => p.url === '/api/order/return-create')).toBe(false);
  });

  it('confirms with the link: only the consent is needed, then "Возврат успешно подтвержден."', async () => {
    const conf = 'c'.repeat(32);
    const rows = [returnRowFixture({ status_id: 60, returnreason_id: 1 }), returnRowFixture({ id: 12 })];
    const posted = stubServer({
      status: 200,
      body: returnFixture({ rows, confirm: { ids: [11], service_ids: [], summa: 500, reason_id: 1 } }),
    });
    await renderApp(`/order/return/${HASH}?hash_conf=${conf}`, setupFixture());
    expect(await screen.findByText('Не подтверждено')).toBeTruthy();
    expect(screen.getByLabelText('Итог возврата').textContent).toMatch(/Билетов к возврату1Сумма возврата500\s₽/);
    expect(submit('Подтвердить').disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(submit('Подтвердить'));
    expect((await screen.findByRole('dialog', { name: 'Информация' })).textContent).toContain('Возврат успешно подтвержден.');
    expect(posted.find((p) => p.url === '/api/order/return-confirm')?.body).toEqual({
      hash: HASH,
      lang: 'ru',
      hashConf: conf,
      consent: true,
    });
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it.each([6, 20, 128])('drops a refused confirmation hash (%i characters): shows the error and resets the query', async (length) => {
    const posted = stubServer({
      status: 200,
      body: returnFixture({ error_code: -1022, error_text: 'Ссылка подтверждения недействительна' }),
    });
    await renderApp(`/order/return/${HASH}?hash_conf=${'x'.repeat(length)}`, setupFixture());
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Ссылка подтверждения недействительна');
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(posted[0]?.body.hashConf).toBe('x'.repeat(length));
  });

  it.each([129, 400])(
    'refuses a confirmation hash longer than the schema allows (%i characters) as a refused one: the error, then step 1 without it',
    async (length) => {
      const posted: { url: string; body: Record<string, unknown> }[] = stubServer(() => {
        // As the server answers: hashConf above 128 characters fails the call's schema.
        const last = posted.at(-1)?.body.hashConf;
        return typeof last === 'string' && last.length > 128
          ? { status: 400, body: { errorCode: '-1002', errorText: 'Проверьте правильность заполнения полей.' } }
          : { status: 200, body: returnFixture() };
      });
      await renderApp(`/order/return/${HASH}?hash_conf=${'x'.repeat(length)}`, setupFixture());
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog.textContent).toContain('Ошибка (#-1022)');
      expect(dialog.textContent).toContain('Ссылка подтверждения недействительна');
      await waitFor(() => expect(window.location.search).toBe(''));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
      expect(await screen.findByRole('button', { name: 'Оформить возврат' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Вернуться к Заказу № 100001' })).toBeTruthy();
      expect(posted.filter((p) => p.url === `/api/order/return/${HASH}`).map((p) => p.body.hashConf)).toEqual([undefined]);
    },
  );

  it('goes back to the order when the order does not allow returns', async () => {
    stubServer({ status: 409, body: { errorCode: '-1020', errorText: 'Возврат по этому заказу невозможен.' } });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    await waitFor(() => expect(window.location.pathname).toBe(`/order/${HASH}`));
  });

  it('shows badges, disables rows whose return time is over, and keeps the footer while some row is not 70', async () => {
    stubServer({
      status: 200,
      body: returnFixture({
        rows: [
          returnRowFixture({ status_id: 70 }),
          returnRowFixture({ id: 12, status_id: 70 }),
          returnRowFixture({ id: 13, sortnum: 2, returndatime: 0 }),
        ],
        groups: [
          { sortnum: 1, returndatime: 3600, deadline: '25.11.2026 10:00' },
          { sortnum: 2, returndatime: 0, deadline: '22.11.2026 10:00' },
        ],
      }),
    });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    expect(await screen.findAllByText('Подтверждено')).toHaveLength(2);
    expect(screen.getByText('Время возврата истекло')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Вернуть билет 1/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByLabelText('Итог возврата')).toBeTruthy();
  });

  it('hides the footer when every row is returned and refunded (70)', async () => {
    stubServer({
      status: 200,
      body: returnFixture({ rows: [returnRowFixture({ status_id: 70 }), returnRowFixture({ id: 12, status_id: 70 })] }),
    });
    await renderApp(`/order/return/${HASH}`, setupFixture());
    expect(await screen.findAllByText('Подтверждено')).toHaveLength(2);
    expect(screen.queryByLabelText('Итог возврата')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Оформить возврат' })).toBeNull();
  });
});
