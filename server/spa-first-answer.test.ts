import { describe, expect, it } from 'vitest';
import type { AfishaService } from './afisha/afisha.service.ts';
import { createFirstAnswer, utcOffsetMinutes } from './spa-first-answer.ts';

/** An afisha service that answers `body` (only the fields the first answer reads matter here). */
function fakeAfisha(body: unknown, etag = 'W/"afisha-1"'): AfishaService & { calls: number } {
  const service = {
    calls: 0,
    async get() {
      service.calls += 1;
      const json = JSON.stringify(body);
      return { json, bytes: Buffer.from(json), etag, body } as unknown as Awaited<ReturnType<AfishaService['get']>>;
    },
  };
  return service;
}

const body = {
  setup: { app: { timezone: 'Europe/Moscow' } },
  action: [
    { event_id: 1, saledate: '2030-03-12T07:00:00.000Z', descript: { ru: '<p>Текст</p></script><script>alert(1)</script>' } },
    { event_id: 2, saledate: '' },
  ],
};
const payloadOf = (html: string) => JSON.parse(/^<script type="application\/json" id="afisha-answer">(.*)<\/script>$/s.exec(html)?.[1] ?? 'null');

describe('the listing answer inside its page', () => {
  it('carries the answer, its language and the venue offsets at the sale starts', async () => {
    const html = await createFirstAnswer(fakeAfisha(body))('/', 'en');
    expect(payloadOf(html)).toEqual({ lang: 'en', saleOffsets: { '2030-03-12T07:00:00.000Z': 180 }, answer: body });
  });

  it('cannot close its element early: "<" is escaped inside the JSON', async () => {
    const html = await createFirstAnswer(fakeAfisha(body))('/', 'ru');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.match(/</g)).toHaveLength(2);
  });

  it('adds nothing to other pages, and nothing when the answer fails (the app fetches it then)', async () => {
    expect(await createFirstAnswer(fakeAfisha(body))('/event/abc', 'ru')).toBe('');
    const failing = { get: () => Promise.reject(new Error('db down')) } as unknown as AfishaService;
    expect(await createFirstAnswer(failing)('/', 'ru')).toBe('');
  });

  it('builds the element once per answer (ETag) and language', async () => {
    const afisha = fakeAfisha(body);
    const first = createFirstAnswer(afisha);
    const a = await first('/', 'ru');
    expect(await first('/', 'ru')).toBe(a);
    expect(afisha.calls).toBe(2);
  });
});

describe('a page does not wait for the listing being rebuilt', () => {
  it('sends the element it made last while younger than 30 s, then waits for the answer', async () => {
    let clock = 0;
    let answer = { ...body, action: [] as unknown[] };
    let release: () => void = () => {};
    let slow = false;
    const afisha = {
      get: async () => {
        if (slow) await new Promise<void>((resolve) => (release = resolve));
        const json = JSON.stringify(answer);
        return { json, bytes: Buffer.from(json), etag: json, body: answer };
      },
    } as unknown as AfishaService;
    const first = createFirstAnswer(afisha, () => clock);
    const old = await first('/', 'ru');
    answer = { ...body, action: [{ event_id: 9, saledate: '' }] };
    slow = true;
    clock = 29_000;
    expect(await first('/', 'ru')).toBe(old); // the rebuild runs behind it
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    slow = false;
    expect(payloadOf(await first('/', 'ru')).answer.action).toEqual([{ event_id: 9, saledate: '' }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock = 100_000;
    slow = true;
    const waiting = first('/', 'ru');
    answer = { ...body, action: [] };
    release();
    expect(payloadOf(await waiting).answer.action).toEqual([]);
  });
});

describe('utcOffsetMinutes', () => {
  it.each([
    { iso: '2030-03-12T07:00:00.000Z', zone: 'Europe/Moscow', minutes: 180 },
    { iso: '2030-01-15T12:00:00.000Z', zone: 'Europe/Berlin', minutes: 60 },
    { iso: '2030-07-15T12:00:00.000Z', zone: 'Europe/Berlin', minutes: 120 },
    { iso: '2030-07-15T12:00:00.000Z', zone: 'America/New_York', minutes: -240 },
    { iso: '2030-07-15T12:00:00.000Z', zone: 'Asia/Kolkata', minutes: 330 },
    { iso: '2030-07-15T12:00:00.000Z', zone: 'UTC', minutes: 0 },
    { iso: 'not a date', zone: 'UTC', minutes: undefined },
    { iso: '2030-07-15T12:00:00.000Z', zone: 'Nowhere/Else', minutes: undefined },
  ])('$zone at $iso: $minutes', ({ iso, zone, minutes }) => {
    expect(utcOffsetMinutes(iso, zone)).toBe(minutes);
  });
});
