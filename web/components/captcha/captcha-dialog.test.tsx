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

const image = (n: number) =>
  `<img src="data:image/png;base64,iVBORw0KGgo=" width="160" height="56" alt="captcha" data-testid="captcha-${n}">`;

/**
 * A captcha server: each GET /api/captcha draws image n with sid s{n}, the right answer 'K7WPX';
 * each GET /api/captcha/audio recording n (data:audio/wav;base64,AUDIO{n}) with sid s{n}, the
 * right answer '40817'. Only the newest challenge is live.
 */
function serve(options: { failFirstImage?: boolean } = {}) {
  let issued = 0;
  let audio = false;
  const checks: { sid: string; code: string }[] = [];
  const audioQueries: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/token') return Response.json({ token: 't' });
    if (url.startsWith('/api/captcha/audio?')) {
      issued += 1;
      audio = true;
      audioQueries.push(url.slice(url.indexOf('?')));
      return Response.json({ audio: `data:audio/wav;base64,AUDIO${issued}`, sid: `s${issued}` });
    }
    if (url === '/api/captcha') {
      issued += 1;
      audio = false;
      if (options.failFirstImage && issued === 1) throw new TypeError('network down');
      return Response.json({ code: image(issued), sid: `s${issued}` });
    }
    if (url === '/api/captcha/check') {
      const body = JSON.parse(String(init.body)) as { sid: string; code: string };
      checks.push(body);
      return Response.json(body.sid === `s${issued}` && body.code === (audio ? '40817' : 'K7WPX'));
    }
    return Response.json({ errorCode: '-9999', errorText: '' }, { status: 404 });
  });
  return { checks, audioQueries, issued: () => issued };
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

  describe('the audio alternative', () => {
    let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
    beforeEach(() => {
      play = vi.fn<() => Promise<void>>(() => Promise.resolve());
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
      vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    });
    afterEach(() => vi.restoreAllMocks());

    const player = () => screen.getByLabelText('Запись с кодом');
    const digitsField = () => screen.getByLabelText('Цифры из записи');

    it("'Прослушать код' swaps the image for a player of a new recording in the page's language, focused and playing; its digits pass", async () => {
      const server = serve();
      const { onPassed } = renderDialog();
      await screen.findByTestId('captcha-1');
      fireEvent.change(input(), { target: { value: 'K7' } });
      fireEvent.click(screen.getByRole('button', { name: 'Прослушать код' }));

      await waitFor(() => expect(player().getAttribute('src')).toBe('data:audio/wav;base64,AUDIO2'));
      expect(player().tagName).toBe('AUDIO');
      expect(player().hasAttribute('controls')).toBe(true);
      expect(document.activeElement).toBe(player());
      // It plays from an effect that runs after the new recording is drawn.
      await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
      expect(server.audioQueries).toEqual(['?lang=ru']);
      expect(screen.queryByTestId('captcha-1')).toBeNull();
      expect(screen.getByText('Введите цифры, которые услышите').id).toBe(player().getAttribute('aria-describedby'));
      // The same field (cleared), labelled for the recording; the same 'Отправить'.
      expect(digitsField()).toHaveProperty('value', '');
      expect(digitsField().getAttribute('maxlength')).toBe('8');
      expect(digitsField().getAttribute('inputmode')).toBe('numeric');

      fireEvent.change(digitsField(), { target: { value: '40817' } });
      fireEvent.click(send());
      await waitFor(() => expect(onPassed).toHaveBeenCalledWith('s2', '40817'));
      expect(server.checks).toEqual([{ sid: 's2', code: '40817' }]);
    });

    it("'Другая запись' plays a new one; 'Показать картинку' goes back to a new image with the focus in the field", async () => {
      const server = serve();
      renderDialog();
      await screen.findByTestId('captcha-1');
      fireEvent.click(screen.getByRole('button', { name: 'Прослушать код' }));
      await waitFor(() => expect(player().getAttribute('src')).toBe('data:audio/wav;base64,AUDIO2'));

      const another = screen.getByRole('button', { name: 'Другая запись' });
      another.focus();
      fireEvent.click(another);
      await waitFor(() => expect(player().getAttribute('src')).toBe('data:audio/wav;base64,AUDIO3'));
      await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
      expect(document.activeElement).toBe(another);

      fireEvent.click(screen.getByRole('button', { name: 'Показать картинку' }));
      await screen.findByTestId('captcha-4');
      expect(screen.queryByLabelText('Запись с кодом')).toBeNull();
      expect(document.activeElement).toBe(input());
      expect(screen.getByRole('button', { name: 'Прослушать код' })).toBeTruthy();
      expect(server.issued()).toBe(4);
    });

    it('after a wrong answer stays with the audio: a new recording, not played until asked, the focus in the field', async () => {
      const server = serve();
      const { onPassed } = renderDialog();
      await screen.findByTestId('captcha-1');
      fireEvent.click(screen.getByRole('button', { name: 'Прослушать код' }));
      await waitFor(() => expect(player().getAttribute('src')).toBe('data:audio/wav;base64,AUDIO2'));
      fireEvent.change(digitsField(), { target: { value: '11111' } });
      fireEvent.click(send());
      await screen.findByText('Неверный код, попробуйте ещё раз');
      await waitFor(() => expect(player().getAttribute('src')).toBe('data:audio/wav;base64,AUDIO3'));
      expect(play).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(document.activeElement).toBe(digitsField()));
      expect(digitsField().getAttribute('aria-invalid')).toBe('true');

      fireEvent.change(digitsField(), { target: { value: '40817' } });
      fireEvent.click(send());
      await waitFor(() => expect(onPassed).toHaveBeenCalledWith('s3', '40817'));
      expect(server.checks.map((c) => c.sid)).toEqual(['s2', 's3']);
    });

    it('asks the recording in the language of the page', async () => {
      const server = serve();
      await i18n.changeLanguage('kz');
      try {
        renderDialog();
        fireEvent.click(await screen.findByRole('button', { name: 'Кодты тыңдау' }));
        await waitFor(() => expect(server.audioQueries).toEqual(['?lang=kz']));
        await screen.findByText('Естіген сандарыңызды енгізіңіз');
      } finally {
        await i18n.changeLanguage('ru');
      }
    });
  });

  it('draws nothing while closed', () => {
    const server = serve();
    renderDialog(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.issued()).toBe(0);
  });
});
