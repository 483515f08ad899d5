// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api.ts';
import { createTestI18n } from '../../test/render-app.tsx';
import { LazyCaptchaDialog } from './lazy-captcha-dialog.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('ru');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
});

/** A captcha server drawing image n for the n-th GET /api/captcha; counts the images asked for. */
function serve() {
  let issued = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/captcha') {
      issued += 1;
      return Response.json({
        code: `<img src="data:image/png;base64,iVBORw0KGgo=" alt="captcha" data-testid="captcha-${issued}">`,
        sid: `s${issued}`,
      });
    }
    return Response.json({ errorCode: '-9999', errorText: '' }, { status: 404 });
  });
  return { issued: () => issued };
}

function renderLazy(props: { load: boolean; open: boolean }) {
  const handlers = { onPassed: vi.fn(), onCancel: vi.fn() };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <LazyCaptchaDialog {...props} {...handlers} />
    </I18nextProvider>,
  );
  const rerender = (next: { load: boolean; open: boolean }) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <LazyCaptchaDialog {...next} {...handlers} />
      </I18nextProvider>,
    );
  return { container: view.container, rerender };
}

describe('LazyCaptchaDialog', () => {
  it('puts nothing on the page and asks for no image until the order form shows or the dialog is asked for', async () => {
    const server = serve();
    const { container, rerender } = renderLazy({ load: false, open: false });
    expect(container.innerHTML).toBe('');

    // The form shows: the dialog is mounted, closed, and draws no challenge yet.
    rerender({ load: true, open: false });
    await waitFor(() => expect(container.querySelector('dialog')).not.toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.issued()).toBe(0);

    rerender({ load: true, open: true });
    const dialog = await screen.findByRole('dialog', { name: 'Введите код' });
    await within(dialog).findByTestId('captcha-1');
  });

  it('opens with its first image when asked for before the form ever loaded it', async () => {
    serve();
    renderLazy({ load: false, open: true });
    const dialog = await screen.findByRole('dialog', { name: 'Введите код' });
    await within(dialog).findByTestId('captcha-1');
  });

  it('stays mounted once loaded, so closing it keeps the element and reopening draws a new image', async () => {
    const server = serve();
    const { container, rerender } = renderLazy({ load: true, open: true });
    await screen.findByTestId('captcha-1');
    rerender({ load: false, open: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(container.querySelector('dialog')).not.toBeNull();
    rerender({ load: false, open: true });
    await screen.findByTestId('captcha-2');
    expect(server.issued()).toBe(2);
  });
});
