import { describe, expect, it } from 'vitest';
import type { AfishaService } from './afisha/afisha.service.ts';
import { afishaCardSizes, mediaSrcSet } from '../contract/media.ts';
import { createFirstAnswer, firstImagePreload, utcOffsetMinutes } from './spa-first-answer.ts';

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
  kind_menu: [],
  action: [
    { event_id: 1, saledate: '2030-03-12T07:00:00.000Z', descript: { ru: '<p>Текст</p></script><script>alert(1)</script>' } },
    { event_id: 2, saledate: '' },
  ],
};
const payloadOf = (html: string) =>
  JSON.parse(/^<script type="application\/json" id="afisha-answer">(.*)<\/script>$/s.exec(html)?.[1] ?? 'null');

describe('the listing answer inside its page', () => {
  it('carries the answer, its language and the venue offsets at the sale starts', async () => {
    const html = (await createFirstAnswer(fakeAfisha(body))('/', 'en')).body;
    expect(payloadOf(html)).toEqual({ lang: 'en', saleOffsets: { '2030-03-12T07:00:00.000Z': 180 }, answer: body });
  });

  it('cannot close its element early: "<" is escaped inside the JSON', async () => {
    const html = (await createFirstAnswer(fakeAfisha(body))('/', 'ru')).body;
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.match(/</g)).toHaveLength(2);
  });

  it('adds nothing to other pages, and nothing when the answer fails (the app fetches it then)', async () => {
    expect(await createFirstAnswer(fakeAfisha(body))('/event/abc', 'ru')).toEqual({ head: '', body: '' });
    const failing = { get: () => Promise.reject(new Error('db down')) } as unknown as AfishaService;
    expect(await createFirstAnswer(failing)('/', 'ru')).toEqual({ head: '', body: '' });
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
  it('sends the element it made last while younger than 5 s, then waits for the answer', async () => {
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
    clock = 4_900;
    expect(await first('/', 'ru')).toBe(old); // the rebuild runs behind it
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    slow = false;
    expect(payloadOf((await first('/', 'ru')).body).answer.action).toEqual([{ event_id: 9, saledate: '' }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock = 100_000;
    slow = true;
    const waiting = first('/', 'ru');
    answer = { ...body, action: [] };
    release();
    expect(payloadOf((await waiting).body).answer.action).toEqual([]);
  });
});

describe('the first card image, preloaded', () => {
  const event = (id: number, kind: number, sort: number, image: string, extra: object = {}) => ({
    event_id: id,
    menukind_id: kind,
    eventsotrnum: sort,
    notimes: 0,
    is_subscription: 0,
    image_url: { ru: image, en: '' },
    ...extra,
  });
  const listing = (extra: { setup?: object; action?: unknown[] } = {}) =>
    ({
      kind_menu: [
        { menukind_id: 7, menukindsortnum: 2, menukindtype_id: 1 },
        { menukind_id: 5, menukindsortnum: 1, menukindtype_id: 1 },
      ],
      sub_menu: [],
      setup: { tickets_image: 1, subscription_image: 0, menu_first_notimes: 0, ...extra.setup },
      action: extra.action ?? [
        event(1, 7, 1, '/a.jpg'),
        event(2, 5, 9, '/b.jpg'),
        event(3, 5, 3, '/c.jpg?x=1&y="2"'),
        event(4, 5, 3, '/d.jpg'),
      ],
    }) as unknown as Parameters<typeof firstImagePreload>[0];

  it("is the image of the first kind's first event in the listing order (sort number, then id)", () => {
    expect(firstImagePreload(listing(), 'ru')).toBe(
      '<link rel="preload" as="image" href="/c.jpg?x=1&amp;y=&quot;2&quot;" fetchpriority="high">',
    );
    expect(firstImagePreload(listing(), 'en')).toBe(
      '<link rel="preload" as="image" href="/c.jpg?x=1&amp;y=&quot;2&quot;" fetchpriority="high">',
    );
  });

  it('puts events without times first when the setup says so', () => {
    expect(
      firstImagePreload(
        listing({ setup: { menu_first_notimes: 1 }, action: [event(1, 5, 1, '/a.jpg'), event(2, 5, 2, '/b.jpg', { notimes: 1 })] }),
        'ru',
      ),
    ).toContain('/b.jpg');
  });

  it("preloads an uploaded image as the card asks for it: its AVIF widths with the card's sizes", () => {
    const hash = '0123456789abcdef0123456789abcdef';
    const preload = firstImagePreload(listing({ setup: { tickets_col: 3 }, action: [event(1, 5, 1, `/media/${hash}/640.jpg`)] }), 'ru');
    expect(preload).toBe(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${mediaSrcSet(hash, 'avif')}" imagesizes="${afishaCardSizes(3)}" fetchpriority="high">`,
    );
    expect(preload).toContain(`/media/${hash}/215.avif 215w`);
  });

  it('adds nothing when cards show no image, or the first has none', () => {
    expect(firstImagePreload(listing({ setup: { tickets_image: 0 } }), 'ru')).toBe('');
    expect(firstImagePreload(listing({ action: [event(1, 5, 1, '')] }), 'ru')).toBe('');
    expect(firstImagePreload(listing({ action: [event(1, 5, 1, '/a.jpg', { is_subscription: 1 })] }), 'ru')).toBe('');
    expect(firstImagePreload(listing({ action: [] }), 'ru')).toBe('');
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
