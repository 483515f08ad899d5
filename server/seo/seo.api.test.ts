import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';

// A built index.html as Vite writes it: its own title, description and module script.
const INDEX_HTML = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8">
    <title>Storefront</title>
    <meta name="description" content="built description">
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const NOW = new Date('2030-03-10T09:00:00Z');
const HOSTILE_NAME = 'Джаз </script><script>alert(1)</script> & "блюз"';
const HOSTILE_DESCRIPTION =
  '<p>Вечер "живого" джаза</p>"><script>alert(\'x\')</script><img src=x onerror=alert(1)> --></title><meta http-equiv="refresh" content="0;url=https://evil.example">';

let t: TestApp;
let webDist: string;

async function seed() {
  await t.db.exec(`
    insert into kinds (id, name) values (9001, '{"ru":"Концерты","en":"Concerts"}');
    insert into venues (id, name, address) values
      (9001, '{"ru":"Большой зал","en":"Grand Hall"}', '{"ru":"Москва, ул. Примерная, 1","en":"1 Primernaya St, Moscow"}');
    insert into events (id, hash, kind_id, venue_id, sortnum, name, description, image_url, is_free, sale_starts_at, is_published, use_seat_map) values
      (9001, 'jazz-evening', 9001, 9001, 1, ${sqlJson({ ru: HOSTILE_NAME, en: 'Jazz evening' })}, ${sqlJson({ ru: HOSTILE_DESCRIPTION, en: '<p>Live jazz &amp; blues</p>' })},
        '{"ru":"/static/jazz.jpg"}', false, null, true, false),
      (9002, 'presale-opera', 9001, 9001, 2, '{"ru":"Опера","en":"Opera"}', '{}', '{}', false, '2030-03-17T09:00:00Z', true, false),
      (9003, 'free-lecture', 9001, 9001, 3, '{"ru":"Лекция","en":"Lecture"}', '{}', '{}', true, null, true, false),
      (9004, 'past-show', 9001, 9001, 4, '{"ru":"Прошедшее"}', '{}', '{}', false, null, true, false),
      (9005, 'hidden-show', 9001, 9001, 5, '{"ru":"Скрытое"}', '{}', '{}', false, null, false, false),
      (9006, 'seated-gala', 9001, 9001, 6, '{"ru":"Гала"}', '{}', '{}', false, null, true, true);
    insert into sessions (id, event_id, starts_at, has_time, capacity, remaining) values
      (9001, 9001, '2030-03-11T16:00:00Z', true, 100, 10),
      (9002, 9001, '2030-03-12T16:00:00Z', true, 100, 0),
      (9003, 9002, '2030-03-20T16:00:00Z', true, 100, 100),
      (9004, 9003, '2030-03-15T21:00:00Z', false, 30, 30),
      (9005, 9004, '2030-03-01T16:00:00Z', true, 100, 100),
      (9006, 9005, '2030-03-11T16:00:00Z', true, 100, 100),
      (9007, 9006, '2030-03-11T16:00:00Z', true, 300, 300);
    insert into categories (id, event_id, name) values
      (9001, 9001, '{"ru":"Взрослый","en":"Adult"}'),
      (9002, 9001, '{"ru":"Детский","en":"Child"}'),
      (9003, 9002, '{"ru":"Партер","en":"Stalls"}'),
      (9004, 9006, '{"ru":"Партер","en":"Stalls"}');
    insert into prices (id, event_id, session_id, category_id, amount, for_subscription) values
      (9001, 9001, null, 9001, 150050, false),
      (9002, 9001, null, 9002, 50000, false),
      (9003, 9001, null, 9001, 90000, true),
      (9004, 9002, null, 9003, 300000, false),
      (9005, 9006, null, 9004, 250000, false);
  `);
}

function sqlJson(value: object): string {
  return `'${JSON.stringify(value).replaceAll("'", "''")}'`;
}

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'seo-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ demo: false, clock: createClock(NOW), webDist, config: { allowedHosts: ['tickets.example', 'localhost'] } });
  await seed();
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: 'tickets.example', ...headers } });
  const dom = new JSDOM(res.body);
  const doc = dom.window.document;
  const meta = (key: string) =>
    doc.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? undefined;
  const jsonLdScripts = [...doc.head.querySelectorAll('script[type="application/ld+json"]')];
  return {
    res,
    doc,
    meta,
    jsonLdScripts,
    jsonLd: () => {
      expect(jsonLdScripts).toHaveLength(1);
      return JSON.parse(jsonLdScripts[0]?.textContent ?? '') as unknown;
    },
  };
}

type JsonObject = Record<string, unknown>;
const asEvents = (value: unknown) => (Array.isArray(value) ? value : [value]) as JsonObject[];

/** The properties search engines need for an Event rich result. */
function expectCompleteEvent(event: JsonObject) {
  expect(event['@context']).toBe('https://schema.org');
  expect(event['@type']).toBe('Event');
  expect(event.name).toEqual(expect.any(String));
  expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2})?$/);
  expect(event.url).toMatch(/^http:\/\/tickets\.example\//);
  const location = event.location as JsonObject;
  expect(location['@type']).toBe('Place');
  expect(location.name).toEqual(expect.any(String));
  expect((location.address as JsonObject)['@type']).toBe('PostalAddress');
  expect((location.address as JsonObject).streetAddress).toEqual(expect.stringMatching(/\S/));
  const offers = event.offers as JsonObject[];
  expect(offers.length).toBeGreaterThan(0);
  for (const offer of offers) {
    expect(offer['@type']).toBe('Offer');
    expect(offer.price).toEqual(expect.any(Number));
    expect(offer.priceCurrency).toBe('RUB');
    expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut|PreOrder)$/);
  }
}

describe('GET /event/{hash}: head for search engines and link previews', () => {
  it('describes every upcoming session as a schema.org Event with location and offers', async () => {
    const { res, jsonLd } = await page('/event/jazz-evening?lang=en');
    expect(res.statusCode).toBe(200);
    const events = asEvents(jsonLd());
    expect(events).toHaveLength(2);
    events.forEach(expectCompleteEvent);
    const [first, second] = events as [JsonObject, JsonObject];
    expect(first).toMatchObject({
      name: 'Jazz evening',
      description: 'Live jazz & blues',
      startDate: '2030-03-11T19:00:00+03:00',
      url: 'http://tickets.example/event/jazz-evening?lang=en',
      image: ['http://tickets.example/static/jazz.jpg'],
      location: { name: 'Grand Hall', address: { streetAddress: '1 Primernaya St, Moscow' } },
      eventStatus: 'https://schema.org/EventScheduled',
    });
    // Subscription-holder prices are not offers to the public; kopecks become exact roubles.
    expect(first.offers).toEqual([
      expect.objectContaining({ name: 'Adult', price: 1500.5, availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ name: 'Child', price: 500, availability: 'https://schema.org/InStock' }),
    ]);
    expect(second.startDate).toBe('2030-03-12T19:00:00+03:00');
    expect((second.offers as JsonObject[]).every((o) => o.availability === 'https://schema.org/SoldOut')).toBe(true);
  });

  it('puts title, description, canonical, language alternates and Open Graph tags in the served HTML', async () => {
    const { doc, meta } = await page('/event/jazz-evening/11.03.2030?lang=en');
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.title).toBe('Tickets — Jazz evening');
    expect(doc.head.querySelectorAll('title')).toHaveLength(1);
    expect(meta('description')).toBe('Live jazz & blues');
    expect(doc.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(doc.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('http://tickets.example/event/jazz-evening?lang=en');
    const alternates = [...doc.head.querySelectorAll('link[rel=alternate]')].map((l) => [
      l.getAttribute('hreflang'),
      l.getAttribute('href'),
    ]);
    expect(alternates).toEqual([
      ['ru', 'http://tickets.example/event/jazz-evening'],
      ['en', 'http://tickets.example/event/jazz-evening?lang=en'],
      ['kk', 'http://tickets.example/event/jazz-evening?lang=kz'],
      ['zh', 'http://tickets.example/event/jazz-evening?lang=ch'],
      ['x-default', 'http://tickets.example/event/jazz-evening'],
    ]);
    expect(meta('og:title')).toBe('Tickets — Jazz evening');
    expect(meta('og:description')).toBe('Live jazz & blues');
    expect(meta('og:url')).toBe('http://tickets.example/event/jazz-evening?lang=en');
    expect(meta('og:image')).toBe('http://tickets.example/static/jazz.jpg');
    expect(meta('og:locale')).toBe('en_US');
    expect(meta('og:site_name')).toBe('Tickets');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('robots')).toBe('index,follow');
    // The app's own script is still there, once.
    expect(doc.head.querySelectorAll('script[type=module]')).toHaveLength(1);
  });

  it('keeps a hostile name and description as text: no element, attribute or script gets into the head', async () => {
    const { res, doc, meta, jsonLd } = await page('/event/jazz-evening');
    expect(res.statusCode).toBe(200);
    // Only the app's module script and the one JSON-LD block; nothing the description tried to add.
    expect([...doc.head.querySelectorAll('script')].map((s) => s.getAttribute('type'))).toEqual(['module', 'application/ld+json']);
    expect(doc.querySelectorAll('img, meta[http-equiv]')).toHaveLength(0);
    expect(doc.head.querySelectorAll('title')).toHaveLength(1);
    expect(doc.title).toBe(`Билеты — ${HOSTILE_NAME}`);
    expect(meta('description')).toBe('Вечер "живого" джаза "> -->');
    expect(res.body).not.toContain('</script><script>alert');
    // The JSON-LD still says exactly what the venue wrote.
    const [first] = asEvents(jsonLd());
    expect(first?.name).toBe(HOSTILE_NAME);
    expect(doc.body.querySelector('#root')).not.toBeNull();
  });

  it('does not build links from a forged Host header: it is refused before any page is made', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/event/jazz-evening', headers: { host: 'x"><script>alert(1)</script>' } });
    expect(res.statusCode).toBe(421);
    expect(res.body).not.toContain('<script>alert');
  });

  it('marks a free event as free with a zero-price offer and a whole-day session as a date', async () => {
    const [event] = asEvents((await page('/event/free-lecture')).jsonLd());
    expectCompleteEvent(event as JsonObject);
    expect(event).toMatchObject({ isAccessibleForFree: true, startDate: '2030-03-16', offers: [{ price: 0 }] });
  });

  it('offers an event not yet on sale as a pre-order valid from its sale date', async () => {
    const [event] = asEvents((await page('/event/presale-opera')).jsonLd());
    expectCompleteEvent(event as JsonObject);
    expect(event?.offers).toEqual([
      expect.objectContaining({ price: 3000, availability: 'https://schema.org/PreOrder', validFrom: '2030-03-17T09:00:00.000Z' }),
    ]);
  });

  it('makes the scheme page canonical for an event with a seat map', async () => {
    const { doc } = await page('/event/seated-gala');
    expect(doc.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('http://tickets.example/scheme/seated-gala');
  });

  it.each([
    { description: 'an unknown hash', url: '/event/no-such-event' },
    { description: 'an unpublished event', url: '/event/hidden-show' },
  ])('answers 404 with noindex for $description', async ({ url }) => {
    const { res, meta, jsonLdScripts } = await page(url);
    expect(res.statusCode).toBe(404);
    expect(meta('robots')).toBe('noindex,follow');
    expect(jsonLdScripts).toHaveLength(0);
  });
});

describe('GET /: head of the listing', () => {
  it('has the setup title, a description and one Event for each upcoming event at its next session', async () => {
    const { res, doc, meta, jsonLd } = await page('/');
    expect(res.statusCode).toBe(200);
    expect(doc.title).toBe('Билеты — Афиша');
    expect(meta('description')).toMatch(/^Билеты: афиша/);
    expect(meta('og:url')).toBe('http://tickets.example/');
    const events = asEvents(jsonLd());
    events.forEach(expectCompleteEvent);
    expect(events.map((e) => e.url)).toEqual([
      'http://tickets.example/event/jazz-evening',
      'http://tickets.example/event/presale-opera',
      'http://tickets.example/event/free-lecture',
      'http://tickets.example/scheme/seated-gala',
    ]);
  });

  it('uses PUBLIC_URL over the Host header when it is configured', async () => {
    const other = await createTestApp({
      demo: false,
      clock: createClock(NOW),
      webDist,
      config: { publicUrl: 'https://tickets.venue.example/' },
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/?lang=ch', headers: { host: 'evil.example' } });
      const doc = new JSDOM(res.body).window.document;
      expect(doc.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://tickets.venue.example/?lang=ch');
      expect(doc.documentElement.lang).toBe('zh');
      expect(doc.title).toBe('门票 — 活动');
    } finally {
      await other.close();
    }
  });

  it("reads an address without lang as ru, as the app shows it, whatever the setup's app.language", async () => {
    const other = await createTestApp({
      demo: false,
      clock: createClock(NOW),
      webDist,
      config: { allowedHosts: ['tickets.example', 'localhost'] },
    });
    try {
      await other.db.query('insert into setup (id, data) values (1, $1)', [
        JSON.stringify({ app: { language: 'en' }, db: { languages: 'en,ru' } }),
      ]);
      const head = async (url: string) => {
        const res = await other.app.inject({ method: 'GET', url, headers: { host: 'tickets.example' } });
        const doc = new JSDOM(res.body).window.document;
        const links = [...doc.head.querySelectorAll('link[rel=alternate]')];
        return {
          lang: doc.documentElement.lang,
          canonical: doc.head.querySelector('link[rel=canonical]')?.getAttribute('href'),
          alternates: links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
        };
      };
      expect(await head('/contacts')).toEqual({
        lang: 'ru',
        canonical: 'http://tickets.example/contacts',
        alternates: [
          ['en', 'http://tickets.example/contacts?lang=en'],
          ['ru', 'http://tickets.example/contacts'],
          ['x-default', 'http://tickets.example/contacts'],
        ],
      });
      expect(await head('/contacts?lang=en')).toMatchObject({ lang: 'en', canonical: 'http://tickets.example/contacts?lang=en' });
      // A language the setup does not list is still the one the app shows at that address.
      expect(await head('/contacts?lang=kz')).toMatchObject({ lang: 'kk', canonical: 'http://tickets.example/contacts?lang=kz' });
      const sitemap = new JSDOM((await other.get('/sitemap.xml')).body, { contentType: 'application/xml' }).window.document;
      expect(new URL(sitemap.getElementsByTagName('loc')[0]?.textContent ?? '').search).toBe('');
    } finally {
      await other.close();
    }
  });
});

describe('other pages', () => {
  it.each([
    { url: '/order/AbCdEfGhIjKlMnOpQrSt', robots: 'noindex,nofollow', status: 200 },
    { url: '/ru/order/view/AbCdEfGhIjKlMnOpQrSt', robots: 'noindex,nofollow', status: 200 },
    { url: '/ticket/AbCdEfGhIjKlMnOpQrSt', robots: 'noindex,nofollow', status: 200 },
    { url: '/contacts', robots: 'index,follow', status: 200 },
    { url: '/no/such/page', robots: 'noindex,follow', status: 404 },
  ])('$url: robots $robots, status $status', async ({ url, robots, status }) => {
    const { res, meta } = await page(url);
    expect(res.statusCode).toBe(status);
    expect(meta('robots')).toBe(robots);
  });

  it.each([
    { url: '/kz/order/view/AbCdEfGhIjKlMnOpQrSt', lang: 'kk' },
    { url: '/ch/order/view/AbCdEfGhIjKlMnOpQrSt', lang: 'zh' },
    { url: '/en/order/view/AbCdEfGhIjKlMnOpQrSt', lang: 'en' },
    { url: '/ru/order/view/AbCdEfGhIjKlMnOpQrSt', lang: 'ru' },
    // The query wins over the path, as in the app (web/lib/lang.ts).
    { url: '/kz/order/view/AbCdEfGhIjKlMnOpQrSt?lang=ch', lang: 'zh' },
    { url: '/order/AbCdEfGhIjKlMnOpQrSt?lang=kz', lang: 'kk' },
    { url: '/ticket/AbCdEfGhIjKlMnOpQrSt?lang=ch', lang: 'zh' },
    { url: '/order/declined/AbCdEfGhIjKlMnOpQrSt?lang=kz', lang: 'kk' },
    { url: '/no/such/page?lang=ch', lang: 'zh' },
  ])('$url is served with <html lang="$lang">, the language the app shows there', async ({ url, lang }) => {
    expect((await page(url)).doc.documentElement.lang).toBe(lang);
  });

  it("titles a rules page with the route's title key in the visitor language, not the document name", async () => {
    await t.db.query(
      `insert into rules_documents (id, slug, name, body) values
        (9001, 'purchase-terms', '{"ru":"Условия покупки","en":"Terms of purchase"}', '{"en":"<h1>Terms</h1><p>Tickets are sold &hellip;</p>"}')`,
    );
    const { doc, meta } = await page('/rules/purchase-terms?lang=en');
    expect(doc.title).toBe('Tickets — Purchase terms');
    expect((await page('/rules/purchase-terms')).doc.title).toBe('Билеты — Правила покупки');
    expect(meta('description')).toBe('Terms Tickets are sold …');
    expect((await page('/rules/privacy-policy')).res.statusCode).toBe(404);
  });

  it.each([
    { from: '/ru/rules', to: '/rules/purchase-terms' },
    { from: '/en/rules', to: '/rules/purchase-terms?lang=en' },
    { from: '/kz/rules-agreement', to: '/rules/privacy-policy?lang=kz' },
    { from: '/ch/rules-agreement/', to: '/rules/privacy-policy?lang=ch' },
  ])('moves the older rules address $from to $to for good', async ({ from, to }) => {
    const res = await t.get(from);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists the listing, contacts, rules and the events on sale, with language alternates', async () => {
    const res = await t.get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
    expect(xml.querySelector('parsererror')).toBeNull();
    const locs = [...xml.getElementsByTagName('loc')].map((l) => l.textContent?.replace(/^https?:\/\/[^/]+/, ''));
    // Not the pre-sale, past, unpublished or sold-out-only events.
    expect(locs).toEqual(['/', '/contacts', '/rules/purchase-terms', '/event/jazz-evening', '/event/free-lecture', '/scheme/seated-gala']);
    const first = xml.getElementsByTagName('url')[0];
    const hreflangs = [...(first?.getElementsByTagName('xhtml:link') ?? [])].map((l) => l.getAttribute('hreflang'));
    expect(hreflangs).toEqual(['ru', 'en', 'kk', 'zh']);
  });

  it('keeps crawlers out of the API and the order pages and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'tickets.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Disallow: /order/\n');
    expect(res.body).toContain('Disallow: /ru/order/\n');
    expect(res.body).toContain('Sitemap: http://tickets.example/sitemap.xml\n');
  });
});

describe('the demo catalog', () => {
  it('gives every event on sale complete Event data on its page', async () => {
    const demo = await createTestApp({ webDist, config: { allowedHosts: ['tickets.example', 'localhost'] } });
    try {
      const sitemap = new JSDOM((await demo.get('/sitemap.xml')).body, { contentType: 'application/xml' }).window.document;
      const eventPaths = [...sitemap.getElementsByTagName('loc')]
        .map((loc) => new URL(loc.textContent ?? '').pathname)
        .filter((p) => /^\/(event|scheme)\//.test(p));
      expect(eventPaths.length).toBeGreaterThan(5);
      let described = 0;
      for (const eventPath of eventPaths) {
        const res = await demo.app.inject({ method: 'GET', url: eventPath, headers: { host: 'tickets.example' } });
        expect(res.statusCode).toBe(200);
        const script = new JSDOM(res.body).window.document.head.querySelector('script[type="application/ld+json"]');
        if (!script) continue; // a subscription is a pass, not an Event
        asEvents(JSON.parse(script.textContent ?? '')).forEach(expectCompleteEvent);
        described += 1;
      }
      expect(described).toBeGreaterThanOrEqual(eventPaths.length - 1);
    } finally {
      await demo.close();
    }
  });
});
