// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WaitlistEntryView, WaitlistResponse } from '../../../../contract/admin/waitlist.ts';
import { resetCsrfToken } from '../../../lib/api.ts';
import en from '../../../locales/en/admin-sessions.json' with { type: 'json' };
import ru from '../../../locales/ru/admin-sessions.json' with { type: 'json' };
import { WaitlistPanel } from './waitlist-panel.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'ru',
    resources: { ru: { 'admin-sessions': ru }, en: { 'admin-sessions': en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  resetCsrfToken();
  await i18n.changeLanguage('ru');
});

const names = (ru: string, en: string) => ({ ru, en, kz: ru, ch: en });
const entry = (id: number, ask: Partial<WaitlistEntryView>): WaitlistEntryView => ({
  id,
  email: `person${id}@example.test`,
  places: 1,
  zoneId: null,
  sectorId: null,
  categoryName: null,
  zoneName: null,
  sectorName: null,
  lang: 'ru',
  state: 'waiting',
  joinedAt: '2026-11-21T10:00:00.000Z',
  offeredUntil: null,
  finishedAt: null,
  orderId: null,
  orderNumber: null,
  position: id,
  ...ask,
});
const answer = (seated: boolean, entries: WaitlistEntryView[]): WaitlistResponse => ({
  errorCode: '0',
  errorText: '',
  session: {
    id: 5,
    eventId: 1,
    venueId: 1,
    eventName: names('Событие', 'Event'),
    startsAt: '2026-11-28T10:00:00.000Z',
    remaining: 0,
    seated,
  },
  entries,
  hold: { eventMinutes: null, venueMinutes: null, minutes: 30, defaultMinutes: 30 },
});

/** The panel with the server answering the list; any other call (the staff member's venue) fails, so the default venue applies. */
function show(list: WaitlistResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).startsWith('/api/admin/sessions/5/waitlist')
        ? new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <WaitlistPanel sessionId={5} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The cells of the entry's row under the given column (by the stacked table's data-label). */
async function cell(email: string, column: string) {
  const row = (await screen.findByText(email)).closest('tr');
  if (!row) throw new Error(`no row of ${email}`);
  return within(row)
    .getAllByRole('cell')
    .find((c) => c.getAttribute('data-label') === column)?.textContent;
}

describe('the waiting list panel', () => {
  it('names the category asked for in a quantity session, «—» when none was', async () => {
    show(answer(false, [entry(1, { categoryName: names('Взрослый', 'Adult') }), entry(2, {})]));
    expect(await cell('person1@example.test', 'Категория')).toBe('Взрослый');
    expect(screen.getByRole('columnheader', { name: 'Категория' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Зона / сектор' })).toBeTruthy();
    expect(await cell('person2@example.test', 'Категория')).toBe('—');
    expect(await cell('person1@example.test', 'Зона / сектор')).toBe('—');
  });

  it("names the zone and sector asked for in a seated hall, «любая» when none was, in the staff member's language", async () => {
    const entries = [
      entry(1, { zoneId: 9, zoneName: names('Балкон', 'Balcony') }),
      entry(2, { zoneId: 9, zoneName: names('Балкон', 'Balcony'), sectorId: 3, sectorName: names('Партер', 'Stalls') }),
      entry(3, {}),
    ];
    show(answer(true, entries));
    expect(await cell('person1@example.test', 'Зона / сектор')).toBe('Балкон');
    expect(await cell('person2@example.test', 'Зона / сектор')).toBe('Балкон, Партер');
    expect(await cell('person3@example.test', 'Зона / сектор')).toBe('любая');
    expect(await cell('person3@example.test', 'Категория')).toBe('—');
    cleanup();

    await i18n.changeLanguage('en');
    show(answer(true, entries));
    expect(await cell('person2@example.test', 'Zone / sector')).toBe('Balcony, Stalls');
    expect(await cell('person3@example.test', 'Zone / sector')).toBe('any');
  });
});
