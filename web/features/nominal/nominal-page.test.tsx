// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api.ts';
import { navigate } from '../../lib/navigation.tsx';
import { executeRecaptcha } from '../../lib/recaptcha.ts';
import { setupFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderDataFixture } from './test-data.ts';

// Google's script never runs in tests: the loader answers the token 'recaptcha-token'.
vi.mock('../../lib/recaptcha.ts', () => ({ executeRecaptcha: vi.fn() }));

const HASH = 'h'.repeat(32);
const CAPTCHA = { sid: 'captcha-sid', answer: 'K7WPX' };

type Answer = { status: number; body: unknown };
const ok = (hash = HASH): Answer => ({ status: 200, body: { errorCode: '0', errorText: '', hash } });

/**
 * Answers the token call, order-data (with `orderData`), confirm-nominal (with each of `confirms`
 * in turn, the last one again after that) and the image captcha (its answer is CAPTCHA.answer);
 * records the bodies of order-data, confirm-nominal and the captcha checks.
 */
function stubServer(orderData: Answer, ...confirms: Answer[]) {
  const sent = { orderData: [] as unknown[], confirmed: [] as unknown[], captchaChecks: [] as unknown[] };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (url === '/api/token') return json(200, { token: 'token' });
      if (url === '/api/order-data') {
        sent.orderData.push(body);
        return json(orderData.status, orderData.body);
      }
      if (url === '/api/confirm-nominal') {
        sent.confirmed.push(body);
        const answer = confirms[Math.min(sent.confirmed.length, confirms.length) - 1] ?? ok();
        return json(answer.status, answer.body);
      }
      if (url === '/api/captcha')
        return json(200, {
          code: '<img src="data:image/png;base64,iVBORw0KGgo=" width="160" height="56" alt="captcha">',
          sid: CAPTCHA.sid,
        });
      if (url === '/api/captcha/check') {
        sent.captchaChecks.push(body);
        return json(200, body.sid === CAPTCHA.sid && body.code === CAPTCHA.answer);
      }
      return json(404, { errorCode: '-1004', errorText: '' });
    }),
  );
  return sent;
}

const type = (card: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(card).getByLabelText(label), { target: { value } });

/** Fills both holders of orderDataFixture() and ticks the required consent. */
async function fillValidHolders() {
  const first = await screen.findByRole('region', { name: /Билет 1/ });
  type(first, /^Фамилия/, 'Иванов');
  type(first, /^Имя/, 'Иван');
  type(first, /^Дата рождения/, '24051987');
  type(first, /^Тип документа/, '1');
  type(first, /^Номер документа/, '4510 123456');
  type(first, /^Страна/, '643');
  type(first, /^Регион/, '643077');
  const second = screen.getByRole('region', { name: /Билет 2/ });
  type(second, /^Фамилия/, 'Smith');
  type(second, /^Имя/, 'John');
  type(second, /^Отчество/, 'Peter');
  type(second, /^Возраст/, '70');
  type(second, /^Тип документа/, '6');
  type(second, /^Номер документа/, 'N1234567');
  type(second, /^Страна/, '492');
  fireEvent.click(screen.getByRole('checkbox', { name: /Согласие/ }));
}

beforeEach(() => {
  vi.mocked(executeRecaptcha).mockReset();
  vi.mocked(executeRecaptcha).mockResolvedValue('recaptcha-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('/nominal-tickets/{hash}', () => {
  it('shows the order header, a card per ticket with the fields its flags ask for, the total and the countdown', async () => {
    stubServer({ status: 200, body: orderDataFixture() });
    await renderApp(`/nominal-tickets/${HASH}`, setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 100001' })).toBeTruthy();
    const first = screen.getByRole('region', { name: /Билет 1/ });
    const second = screen.getByRole('region', { name: /Билет 2/ });
    expect(within(first).getByLabelText(/^Дата рождения/)).toBeTruthy();
    expect(within(first).queryByLabelText(/^Отчество/)).toBeNull();
    expect(within(second).getByLabelText(/^Возраст/)).toBeTruthy();
    expect(within(second).getByLabelText(/^Отчество/)).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Итог заказа' }).textContent).toMatch(/Итого к оплате1\s600\s₽/);
    expect(screen.getByText(/^00:1[45]:\d{2}$/)).toBeTruthy();
  });

  it('blocks the confirmation while a required consent is unticked, and marks it', async () => {
    const { confirmed } = stubServer({ status: 200, body: orderDataFixture() });
    await renderApp(`/nominal-tickets/${HASH}`, setupFixture());
    fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить' }));
    const consent = await screen.findByRole('checkbox', { name: /Согласие/ });
    await waitFor(() => expect(consent.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('checkbox', { name: /Рассылка/ }).getAttribute('aria-invalid')).toBe('false');
    expect(screen.getAllByText('Укажите фамилию')).toHaveLength(2);
    expect(confirmed).toEqual([]);
  });

  it('sends the holders, and on a refusal opens the error modal and gives the button back', async () => {
    const { confirmed } = stubServer(
      { status: 200, body: orderDataFixture() },
      { status: 409, body: { errorCode: '-1012', errorText: 'Время бронирования истекло. Оформите заказ заново.', hash: HASH } },
    );
    await renderApp(`/nominal-tickets/${HASH}`, setupFixture());
    await fillValidHolders();
    expect(within(screen.getByRole('region', { name: /Билет 2/ })).getByRole('note').textContent).toMatch(/65 лет/);
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Ошибка (#-1012)');
    expect(dialog.textContent).toContain('Время бронирования истекло');
    expect(confirmed).toEqual([
      expect.objectContaining({
        hash: HASH,
        id: [11, 12],
        surname: ['Иванов', 'Smith'],
        date: ['24.05.1987', ''],
        age: ['', '70'],
        docTypeId: [1, 6],
        countryId: [643, 492],
        regionId: [643077, null],
        checkboxList: [
          { id: 3, checked: true },
          { id: 7, checked: false },
        ],
      }),
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Подтвердить' }).hasAttribute('disabled')).toBe(false));
  });

  it('sends a confirmed order to the order view', async () => {
    const data = orderDataFixture();
    data.response = data.response.map((item) => ({ ...item, demandstatusid: 20 }));
    stubServer({ status: 200, body: data });
    await renderApp(`/nominal-tickets/${HASH}`, setupFixture());
    await waitFor(() => expect(window.location.pathname).toBe(`/order/${HASH}`));
  });

  it("says 'Заказ удалён или не найден' when there is no order", async () => {
    stubServer({ status: 404, body: { errorCode: '-1004', errorText: 'Заказ удалён или не найден' } });
    await renderApp(`/nominal-tickets/${HASH}`, setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ удалён или не найден' })).toBeTruthy();
  });

  // POST /api/order-data | hash, lang.
  it.each([
    { url: `/nominal-tickets/${HASH}`, lang: 'ru' },
    { url: `/nominal-tickets/${HASH}?lang=en`, lang: 'en' },
    { url: `/nominal-tickets/${HASH}?lang=kz`, lang: 'kz' },
  ])('asks order-data with the hash and the page language ($lang)', async ({ url, lang }) => {
    const sent = stubServer({ status: 200, body: orderDataFixture() });
    await renderApp(url, setupFixture());
    expect(await screen.findByRole('heading', { level: 1, name: /100001/ })).toBeTruthy();
    expect(sent.orderData).toEqual([{ hash: HASH, lang }]);
  });

  it('asks order-data again in another language and keeps what the visitor typed', async () => {
    const sent = stubServer({ status: 200, body: orderDataFixture() });
    await renderApp(`/nominal-tickets/${HASH}`, setupFixture());
    type(await screen.findByRole('region', { name: /Билет 1/ }), /^Фамилия/, 'Иванов');
    act(() => navigate(`/nominal-tickets/${HASH}?lang=en`));
    await waitFor(() =>
      expect(sent.orderData).toEqual([
        { hash: HASH, lang: 'ru' },
        { hash: HASH, lang: 'en' },
      ]),
    );
    await screen.findByRole('region', { name: /Ticket 1/ });
    expect(screen.getByDisplayValue('Иванов')).toBeTruthy();
  });

  // Captcha or reCAPTCHA required when enabled (the order submit sequence).
  it('with the image captcha on, asks the code before the confirm and confirms after the right one', async () => {
    const sent = stubServer({ status: 200, body: orderDataFixture() });
    const setup = setupFixture((s) => {
      s.captcha.enabled = true;
    });
    await renderApp(`/nominal-tickets/${HASH}`, setup);
    await fillValidHolders();
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));

    const dialog = await screen.findByRole('dialog', { name: 'Введите код' });
    expect(sent.confirmed).toEqual([]);
    const code = within(dialog).getByLabelText('Код с картинки');
    const send = within(dialog).getByRole('button', { name: 'Отправить' });
    fireEvent.change(code, { target: { value: 'AAAAA' } });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    expect(await within(dialog).findByText('Неверный код, попробуйте ещё раз')).toBeTruthy();
    expect(sent.confirmed).toEqual([]);

    fireEvent.change(code, { target: { value: CAPTCHA.answer } });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(window.location.pathname).toBe(`/order/${HASH}`));
    expect(sent.confirmed).toEqual([
      expect.objectContaining({ hash: HASH, id: [11, 12], captchaSid: CAPTCHA.sid, captchaText: CAPTCHA.answer }),
    ]);
  });

  it('shows the image captcha again when the confirm answers -1001', async () => {
    const sent = stubServer({ status: 200, body: orderDataFixture() }, { status: 400, body: { errorCode: '-1001', errorText: '' } }, ok());
    const setup = setupFixture((s) => {
      s.captcha.enabled = true;
    });
    await renderApp(`/nominal-tickets/${HASH}`, setup);
    await fillValidHolders();
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    const pass = async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Введите код' });
      fireEvent.change(within(dialog).getByLabelText('Код с картинки'), { target: { value: CAPTCHA.answer } });
      const send = within(dialog).getByRole('button', { name: 'Отправить' });
      await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
      fireEvent.click(send);
    };
    await pass();
    await waitFor(() => expect(sent.confirmed).toHaveLength(1));
    await pass();
    await waitFor(() => expect(window.location.pathname).toBe(`/order/${HASH}`));
    expect(sent.confirmed).toHaveLength(2);
  });

  it('with reCAPTCHA on, sends its token with the confirm and shows no image', async () => {
    const sent = stubServer({ status: 200, body: orderDataFixture() });
    const setup = setupFixture((s) => {
      s.recaptcha = { enabled: true, sitekey: 'site-key' };
      s.captcha.enabled = true;
    });
    await renderApp(`/nominal-tickets/${HASH}`, setup);
    await fillValidHolders();
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/order/${HASH}`));
    expect(executeRecaptcha).toHaveBeenCalledWith('site-key');
    expect(sent.confirmed).toEqual([expect.objectContaining({ hash: HASH, recaptchaToken: 'recaptcha-token' })]);
    expect(screen.queryByRole('dialog', { name: 'Введите код' })).toBeNull();
  });
});
