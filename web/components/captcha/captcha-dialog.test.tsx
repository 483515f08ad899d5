// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api.ts';
import { createTestI18n } from '../../test/render-app.tsx';
import { CaptchaDialog } from './captcha-dialog.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('ru');
});
beforeEach(() => resetCsrfToken());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = (n: number) => `<img src="data:image/png;base64,iVBORw0KGgo=" width="160" height="56" alt="captcha" data-testid="captcha-${n}">`;

/** A captcha server: each GET /api/captcha draws image n with sid s{n}; the right answer is 'K7WPX'. */
function serve(options: { failFirstImage?: boolean } = {}) {
  let issued = 0;
  const checks: { sid: string; code: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/token') return Response.json({ token: 't' });
    if (url === '/api/captcha') {
      issued += 1;
      if (options.failFirstImage && issued === 1) throw new TypeError('network down');
      return Response.json({ code: image(issued), sid: `s${issued}` });
    }
    if (url === '/api/captcha/check') {
      const body = JSON.parse(String(init.body)) as { sid: string; code: string };
      checks.push(body);
      return Response.json(body.sid === `s${issued}` && body.code === 'K7WPX');
    }
    return Response.json({ errorCode: '-9999', errorText: '' }, { status: 404 });
  });
  return { checks, issued: () => issued };
}

function renderDialog(open = true) {
  const onPassed = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <CaptchaDialog open={open} onPassed={onPassed} onCancel={onCancel} />
    </I18nextProvider>,
  );
  const rerender = (next: boolean) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <CaptchaDialog open={next} onPassed={onPassed} onCancel={onCancel} />
      </I18nextProvider>,
    );
  return { onPassed, onCancel, rerender };
}

const input = () => screen.getByLabelText('Код с картинки');
const send = () => screen.getByRole('button', { name: 'Отправить' });

describe('CaptchaDialog', () => {
  it("shows 'Введите код' with the server's image, a code field of at most 8 characters and 'Отправить'", async () => {
    serve();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Введите код' });
    await within(dialog).findByTestId('captcha-1');
    expect(input().getAttribute('maxlength')).toBe('8');
    expect(send()).toHaveProperty('disabled', true);
    fireEvent.change(input(), { target: { value: 'K7WPX' } });
    expect(send()).toHaveProperty('disabled', false);
  });

  it('checks the answer and hands the sid and text on when it is right', async () => {
    const server = serve();
    const { onPassed } = renderDialog();
    await screen.findByTestId('captcha-1');
    fireEvent.change(input(), { target: { value: 'K7WPX' } });
    fireEvent.click(send());
    await waitFor(() => expect(onPassed).toHaveBeenCalledWith('s1', 'K7WPX'));
    expect(server.checks).toEqual([{ sid: 's1', code: 'K7WPX' }]);
  });

  it('after a wrong answer says so, shows a new image, clears the field and accepts the new answer', async () => {
    const server = serve();
    const { onPassed } = renderDialog();
    await screen.findByTestId('captcha-1');
    fireEvent.change(input(), { target: { value: 'AAAAA' } });
    fireEvent.click(send());
    await screen.findByText('Неверный код, попробуйте ещё раз');
    await screen.findByTestId('captcha-2');
    expect(input()).toHaveProperty('value', '');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(onPassed).not.toHaveBeenCalled();

    fireEvent.change(input(), { target: { value: 'K7WPX' } });
    fireEvent.click(send());
    await waitFor(() => expect(onPassed).toHaveBeenCalledWith('s2', 'K7WPX'));
    expect(server.issued()).toBe(2);
  });

  it('loads a new image when the image is clicked', async () => {
    serve();
    renderDialog();
    await screen.findByTestId('captcha-1');
    fireEvent.change(input(), { target: { value: 'K7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Картинка с кодом, нажмите, чтобы обновить' }));
    await screen.findByTestId('captcha-2');
    expect(screen.queryByTestId('captcha-1')).toBeNull();
    expect(input()).toHaveProperty('value', '');
  });

  it('says when the image could not be loaded and tries again on a click', async () => {
    serve({ failFirstImage: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog();
    await screen.findByText('Не удалось загрузить код. Нажмите, чтобы повторить');
    expect(send()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Картинка с кодом, нажмите, чтобы обновить' }));
    await screen.findByTestId('captcha-2');
  });

  it("closes through 'Отменить' and Escape, and draws a new image each time it opens", async () => {
    const server = serve();
    const { onCancel, rerender } = renderDialog();
    await screen.findByTestId('captcha-1');
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(2);

    rerender(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(true);
    await screen.findByTestId('captcha-2');
    expect(server.issued()).toBe(2);
  });

  it('draws nothing while closed', () => {
    const server = serve();
    renderDialog(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.issued()).toBe(0);
  });
});
