// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { createTestI18n } from '../../test/render-app.tsx';
import { type ModalApi, useModal } from './modal-context.ts';
import { ModalProvider } from './modal-provider.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('ru');
});
afterEach(cleanup);

/** Renders a trigger button that opens the modal the way a page would. */
function renderWithTrigger(open: (modal: ModalApi) => void) {
  function Trigger() {
    const modal = useModal();
    // The trigger's label is test scaffolding, not UI text.
    return (
      <button type="button" onClick={() => open(modal)}>
        open
      </button>
    );
  }
  render(
    <I18nextProvider i18n={i18n}>
      <ModalProvider>
        <Trigger />
      </ModalProvider>
    </I18nextProvider>,
  );
  const trigger = screen.getByRole('button', { name: 'open' });
  trigger.focus(); // jsdom does not focus a clicked button as browsers do
  fireEvent.click(trigger);
}

describe('modal', () => {
  it.each([
    {
      description: 'an ApiError with the server text shows "Ошибка (#code)" and that text',
      open: (modal: ModalApi) => modal.error(new ApiError('-9998', 'Достигнут лимит')),
      role: 'alertdialog',
      title: 'Ошибка (#-9998)',
      text: 'Достигнут лимит',
    },
    {
      description: 'an ApiError without text shows the catalog text of its code',
      open: (modal: ModalApi) => modal.error(new ApiError('-9996', '')),
      role: 'alertdialog',
      title: 'Ошибка (#-9996)',
      text: 'Выбран недопустимый способ оплаты. Код ошибки: -9996',
    },
    {
      description: 'anything else is the inner error -9999',
      open: (modal: ModalApi) => modal.error(new TypeError('boom')),
      role: 'alertdialog',
      title: 'Ошибка (#-9999)',
      text: 'Неизвестная ошибка. Попробуйте позже.',
    },
    {
      description: 'an unknown code falls back to the unknown-error text',
      open: (modal: ModalApi) => modal.error({ code: '-4242', text: '' }),
      role: 'alertdialog',
      title: 'Ошибка (#-4242)',
      text: 'Неизвестная ошибка. Попробуйте позже.',
    },
    {
      description: "an order creation's error is titled 'Ошибка (#code) при создании заказа!'",
      open: (modal: ModalApi) => modal.error(new ApiError('-1010', 'Билеты закончились'), 'createOrder'),
      role: 'alertdialog',
      title: 'Ошибка (#-1010) при создании заказа!',
      text: 'Билеты закончились',
    },
    {
      description: 'an order creation that failed without an ApiError is the inner error -9999, with the same title',
      open: (modal: ModalApi) => modal.error(new TypeError('boom'), 'createOrder'),
      role: 'alertdialog',
      title: 'Ошибка (#-9999) при создании заказа!',
      text: 'Неизвестная ошибка. Попробуйте позже.',
    },
    {
      description: 'a warning',
      open: (modal: ModalApi) => modal.warning('Место недоступно'),
      role: 'dialog',
      title: 'Предупреждение',
      text: 'Место недоступно',
    },
    {
      description: 'an information',
      open: (modal: ModalApi) => modal.info('Заявление принято'),
      role: 'dialog',
      title: 'Информация',
      text: 'Заявление принято',
    },
  ])('$description', ({ open, role, title, text }) => {
    renderWithTrigger(open);
    const dialog = screen.getByRole(role, { name: title });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText(text).id);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Закрыть' }));
  });

  it.each([
    { lang: 'en', title: 'Error (#-1010) while creating the order!' },
    { lang: 'kz', title: 'Тапсырысты рәсімдеу кезінде қате (#-1010)!' },
    { lang: 'ch', title: '创建订单时出错 (#-1010)！' },
  ] as const)("titles an order creation's error in $lang", async ({ lang, title }) => {
    i18n = await createTestI18n(lang);
    try {
      renderWithTrigger((modal) => modal.error(new ApiError('-1010', ''), 'createOrder'));
      expect(screen.getByRole('alertdialog', { name: title })).toBeTruthy();
    } finally {
      i18n = await createTestI18n('ru');
    }
  });

  it('closes with the close button and returns focus to what opened it', () => {
    renderWithTrigger((modal) => modal.info('Готово'));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog', { name: 'Информация' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'open' }));
  });

  it('closes on Escape (the dialog cancel event)', () => {
    renderWithTrigger((modal) => modal.warning('Внимание'));
    fireEvent(screen.getByRole('dialog', { name: 'Предупреждение' }), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Предупреждение' })).toBeNull();
  });

  it('shows queued messages one after another', () => {
    renderWithTrigger((modal) => {
      modal.error(new ApiError('-9997', ''));
      modal.info('Второе сообщение');
    });
    expect(screen.getByRole('alertdialog', { name: 'Ошибка (#-9997)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.getByRole('dialog', { name: 'Информация' })).toBeTruthy();
    expect(screen.getByText('Второе сообщение')).toBeTruthy();
  });
});
