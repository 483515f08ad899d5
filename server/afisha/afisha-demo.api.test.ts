import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ON_SALE, afishaResponse } from '../../contract/afisha.ts';
import { buildDemoCatalog } from '../../demo/catalog.ts';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { importCatalog } from '../catalog/import.ts';

// The same call against the demo catalog (demo/catalog.ts), which has an event in each sales state.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function demoAfisha() {
  const res = await t.get('/api/afisha');
  expect(res.statusCode).toBe(200);
  return afishaResponse.parse(res.json());
}

describe('GET /api/afisha on the demo catalog', () => {
  it('answers the whole demo in the contract shape, every event with its hash, kind and venue', async () => {
    const body = await demoAfisha();
    expect(body.kind_menu.map((k) => k.menukind_id)).toEqual([1, 2, 3]);
    expect(body.action.length).toBeGreaterThanOrEqual(10);
    const kinds = new Set(body.kind_menu.map((k) => k.menukind_id));
    const venues = new Set(body.venues.map((v) => v.seatroot_id));
    for (const e of body.action) {
      expect(e.hash).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(kinds.has(e.menukind_id)).toBe(true);
      expect(venues.has(e.seatroot_id)).toBe(true);
    }
    for (const day of body.calendar) expect(body.action.some((e) => e.event_id === day.event_id)).toBe(true);
  });

  const states = [
    { description: 'on sale, many left: capped at price_limit', hash: 'city-through-centuries', check: (n: number) => n === 100 },
    { description: 'on sale, few left: the exact count', hash: 'storage-vault-tour', check: (n: number) => n > 0 && n < 100 },
    { description: 'sold out at the box office: 0', hash: 'night-at-the-museum', check: (n: number) => n === 0 },
    { description: 'sales not begun: -99999', hash: 'treasures-of-the-east', check: (n: number) => n === NOT_ON_SALE },
    { description: 'announced with no session yet: -99999', hash: 'stars-of-jazz', check: (n: number) => n === NOT_ON_SALE },
  ];
  it.each(states)('$description', async ({ hash, check }) => {
    const e = (await demoAfisha()).action.find((x) => x.hash === hash);
    expect(e).toBeDefined();
    expect(check(e?.totalticketcount ?? Number.NaN)).toBe(true);
  });

  const priced = [
    {
      description: 'several categories: from the lowest (child 200 ₽) to the highest',
      hash: 'city-through-centuries',
      expected: { minprice: 200, maxprice: 700 },
    },
    {
      description: 'Pushkin-card-only and non-card prices: the lowest any card pays',
      hash: 'avant-garde-lecture',
      expected: { minprice: 350, maxprice: 600 },
    },
    {
      description: 'sold by Pushkin card only: its card price',
      hash: 'secrets-of-the-mansion',
      expected: { minprice: 900, maxprice: 900 },
    },
    { description: 'a subscription: its own prices', hash: 'classical-evenings-pass', expected: { minprice: 3500, maxprice: 5000 } },
    { description: 'a free event: 0 and 0', hash: 'sculpture-garden', expected: { minprice: 0, maxprice: 0 } },
    { description: 'sold out: no price', hash: 'night-at-the-museum', expected: { minprice: null, maxprice: null } },
    { description: 'no session yet: no price', hash: 'stars-of-jazz', expected: { minprice: null, maxprice: null } },
  ];
  it.each(priced)('carries the price range of each card: $description', async ({ hash, expected }) => {
    const e = (await demoAfisha()).action.find((x) => x.hash === hash);
    expect(e).toMatchObject(expected);
  });

  it('follows a price change of a catalog import on the next call', async () => {
    const catalog = buildDemoCatalog(t.clock.date());
    const event = (catalog.events ?? []).find((e) => e.hash === 'city-through-centuries');
    const child = event?.prices?.find((p) => p.id === 102);
    if (!child) throw new Error('the demo has no child price 102');
    child.amount = 15_050;
    await importCatalog(t.db, catalog);
    const e = (await demoAfisha()).action.find((x) => x.hash === 'city-through-centuries');
    expect(e).toMatchObject({ minprice: 150.5, maxprice: 700 });
  });

  it('dates the not-yet-on-sale event with its sale start in the future', async () => {
    const e = (await demoAfisha()).action.find((x) => x.hash === 'treasures-of-the-east');
    expect(Date.parse(e?.saledate ?? '')).toBeGreaterThan(t.clock.now());
  });

  it("gives the event with no session yet no sale date, so the listing says 'soon on sale'", async () => {
    const e = (await demoAfisha()).action.find((x) => x.hash === 'stars-of-jazz');
    expect(e).toMatchObject({ totalticketcount: NOT_ON_SALE, saledate: '' });
    expect(e?.descript_url.ru).toBe('https://harmony-hall.example/ru/concerts/stars-of-jazz');
  });

  it('links seated events to the scheme and lists a subscription with its composition', async () => {
    const body = await demoAfisha();
    expect(body.action.find((x) => x.hash === 'tchaikovsky-symphony-night')?.useseatsvg).toBe(1);
    const pass = body.action.find((x) => x.is_subscription === 1);
    expect(pass).toBeDefined();
    expect(body.composition.filter((c) => c.subscription_id === pass?.event_id).length).toBeGreaterThan(0);
  });

  it('shows a catalog import on the very next call, with no wait for the stock lifetime', async () => {
    const before = await t.get('/api/afisha');
    expect((await t.get('/api/afisha')).headers.etag).toBe(before.headers.etag);
    const catalog = buildDemoCatalog(t.clock.date());
    const event = (catalog.events ?? []).find((e) => e.hash === 'storage-vault-tour');
    if (!event) throw new Error('the demo has no storage-vault-tour');
    event.name = { ...event.name, ru: 'Экскурсия в фондохранилище (новое время)' };
    await importCatalog(t.db, catalog);
    // The clock has not moved: only the import can have made the cached answer stale.
    const after = await t.get('/api/afisha');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const listed = afishaResponse.parse(after.json()).action.find((x) => x.hash === 'storage-vault-tour');
    expect(listed?.name.ru).toBe('Экскурсия в фондохранилище (новое время)');
  });
});
