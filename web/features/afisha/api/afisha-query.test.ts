// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { formatSaleDate } from '../model/format.ts';

// The page's HTML carries the listing's first answer (server/spa-first-answer.ts); read once at boot.
const answer = { setup: { app: { timezone: 'Europe/Moscow' } }, action: [{ event_id: 1 }] };
document.body.innerHTML = `<script type="application/json" id="afisha-answer">${JSON.stringify({
  lang: 'ru',
  // Not Moscow's real offset (180): the text shows which one was used.
  saleOffsets: { '2030-03-12T07:00:00.000Z': 240 },
  answer,
}).replace(/</g, '\\u003c')}</script>`;
const { afishaQueryOptions } = await import('./afisha-query.ts');

describe('the listing query at boot', () => {
  it('starts from the answer inside the page, fresh, in its language, without asking the server', () => {
    const client = new QueryClient();
    const ru = new QueryObserver(client, { ...afishaQueryOptions('ru'), enabled: false }).getCurrentResult();
    expect(ru.data).toEqual(answer);
    expect(ru.isStale).toBe(false);
    expect(new QueryObserver(client, { ...afishaQueryOptions('en'), enabled: false }).getCurrentResult().data).toBeUndefined();
  });

  it('writes the sale starts with the offsets the page carries', () => {
    new QueryObserver(new QueryClient(), { ...afishaQueryOptions('ru'), enabled: false }).getCurrentResult();
    expect(formatSaleDate('2030-03-12T07:00:00.000Z', 'ru', 'Europe/Moscow')).toBe('12 марта 2030 г. в 11:00');
    expect(formatSaleDate('2030-03-12T08:00:00.000Z', 'ru', 'Europe/Moscow')).toBe('12 марта 2030 г. в 11:00');
  });
});
