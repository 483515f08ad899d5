// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api.ts';
import { createTestI18n } from '../../test/render-app.tsx';
import { WaitlistForm } from './waitlist-form.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('ru');
});
beforeEach(() => resetCsrfToken());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Answers the token and each sign-up (first in line), keeping what was sent. */
function serve() {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/token') return Response.json({ token: 't' });
    sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return Response.json({ errorCode: '0', errorText: '', position: 1 });
  });
  return sent;
}

const categories = [
  { id: 11, name: 'Взрослый' },
  { id: 12, name: 'Льготный' },
];

async function signUp() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'anna@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Встать в лист ожидания' }));
  await screen.findByText(/Вы в листе ожидания: 1-й в очереди/);
}

describe('WaitlistForm', () => {
  it('asks for the ticket category when the session has several, the first chosen at first', async () => {
    const sent = serve();
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <WaitlistForm sessionId={5} lang="ru" maxPlaces={4} categories={categories} />
        </Suspense>
      </I18nextProvider>,
    );
    const select = (await screen.findByLabelText('Категория билета')) as HTMLSelectElement;
    expect(select.value).toBe('11');
    fireEvent.change(select, { target: { value: '12' } });
    await signUp();
    expect(sent).toEqual([expect.objectContaining({ sessionId: 5, email: 'anna@example.com', places: 1, categoryId: 12 })]);
  });

  it.each([
    { description: 'one category', list: categories.slice(0, 1) },
    { description: 'none (a seated hall)', list: undefined },
  ])('asks nothing and sends no category with $description', async ({ list }) => {
    const sent = serve();
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <WaitlistForm sessionId={5} lang="ru" maxPlaces={4} categories={list} />
        </Suspense>
      </I18nextProvider>,
    );
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    expect(screen.queryByLabelText('Категория билета')).toBeNull();
    await signUp();
    expect(sent[0]).not.toHaveProperty('categoryId');
  });
});
