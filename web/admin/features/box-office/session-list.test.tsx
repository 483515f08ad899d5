// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeskSession } from '../../../../contract/admin/box-office.ts';
import desk from '../../../locales/ru/admin-desk.json' with { type: 'json' };
import { SessionList } from './session-list.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { 'admin-desk': desk } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (id: number, name: string): DeskSession => ({
  id,
  eventId: id,
  eventHash: `h${id}`,
  eventName: { ru: name, en: name, kz: name, ch: name },
  startsAt: '2026-12-11T09:00:00.000Z',
  day: '2026-12-11',
  time: '12:00',
  free: 10,
  useSeatMap: false,
  namedTickets: false,
  pushkin: false,
  ordinary: true,
});
const answer = (sessions: DeskSession[]) =>
  new Response(JSON.stringify({ errorCode: '0', errorText: '', today: '2026-12-07', sessions }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('the desk’s session list', () => {
  it('is busy, the last list still shown, until the answer for what the cashier typed arrives', async () => {
    let answerSearch: ((response: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        new URL(url, 'http://x').searchParams.get('q')
          ? new Promise<Response>((resolve) => {
              answerSearch = resolve;
            })
          : answer([session(1, 'Город сквозь века'), session(2, 'Экскурсия в фондохранилище')]),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <SessionList chosen={null} onChoose={() => {}} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const list = () => screen.getByRole('region', { name: 'Сеансы' }).querySelector('[aria-live]');
    expect(await screen.findByRole('button', { name: /Город сквозь века/ })).toBeTruthy();
    expect(list()?.getAttribute('aria-busy')).toBe('false');

    // One change, as a scanner or a paste makes it: one search asked for.
    await userEvent.click(screen.getByLabelText('Найти событие'));
    await userEvent.paste('фонд');
    await vi.waitFor(() => expect(answerSearch).toBeTypeOf('function'));
    // Asked for, not answered: the last list stays, marked busy.
    expect(list()?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: /Город сквозь века/ })).toBeTruthy();

    answerSearch?.(answer([session(2, 'Экскурсия в фондохранилище')]));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Город сквозь века/ })).toBeNull());
    expect(list()?.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('button', { name: /Экскурсия в фондохранилище/ })).toBeTruthy();
  });
});
