// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { createTestI18n } from '../../test/render-app.tsx';
import { PageError } from './page-error.tsx';

afterEach(cleanup);

describe('PageError', () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await createTestI18n('ru');
  });

  const show = (error: unknown) =>
    render(
      <I18nextProvider i18n={i18n}>
        <PageError error={error} onRetry={() => undefined} />
      </I18nextProvider>,
    );

  it('asks to check the connection when no answer came', () => {
    show(new ApiError('-9999', ''));
    expect(screen.getByText('Проверьте подключение к интернету и попробуйте ещё раз.')).toBeTruthy();
    expect(screen.getByText('Код ошибки: -9999')).toBeTruthy();
  });

  it("says what the server answered: too many requests (429), in the page's language", () => {
    show(new ApiError('-1029', 'Too many requests', 429));
    expect(screen.getByText('Слишком много запросов. Подождите немного и попробуйте снова.')).toBeTruthy();
    expect(screen.queryByText(/подключение/)).toBeNull();
  });

  it('shows the unknown-error text for a server failure without a code of its own', () => {
    show(new ApiError('-9999', '', 500));
    expect(screen.getByText('Неизвестная ошибка. Попробуйте позже.')).toBeTruthy();
  });
});
