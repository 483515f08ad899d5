import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFile } from '../contract/catalog-file.ts';
import type { Db } from '../server/db/client.ts';
import { importCatalog } from '../server/catalog/import.ts';
import { sanitizeHtml } from '../server/catalog/sanitize-html.ts';
import { catalogFingerprint, countOf, freshDb } from '../server/catalog/test-support.ts';
import { buildDemoCatalog } from './catalog.ts';
import { loadDemoIfEmpty } from './load.ts';

// A fixed clock: the demo is dated from whatever `now` it is given, never from the real one.
const NOW = new Date('2030-03-14T09:30:00Z');
const WEB_PUBLIC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../web/public');

type DemoCase = { description: string; sql: string; atLeast?: number };

/** Each case of design.md "Demo catalog" as a query that finds the events showing it. */
const demoCases: DemoCase[] = [
  {
    description: 'three kinds: museum tickets (1), subscriptions (2), concerts (3)',
    sql: 'select distinct type_id from kinds',
    atLeast: 3,
  },
  {
    description: 'main menus with sub-menus under them',
    sql: 'select * from sub_menus s join main_menus m on m.id = s.main_menu_id',
    atLeast: 4,
  },
  { description: 'events carrying tags', sql: 'select distinct event_id from event_tags', atLeast: 5 },
  {
    description: 'an ordinary timed-entry event with four or more categories, several times a day over the next weeks',
    sql: `select e.id from events e where (select count(*) from categories c where c.event_id = e.id) >= 4
          and (select count(distinct s.starts_at::date) from sessions s where s.event_id = e.id) >= 10
          and (select max(n) from (select count(*) as n from sessions s where s.event_id = e.id group by s.starts_at::date) d) >= 3`,
  },
  {
    description: 'a group excursion: group tickets (groupPasses) and sessions with a group capacity',
    sql: `select e.id from events e where exists (select 1 from prices p where p.event_id = e.id and p.group_passes > 0)
          and exists (select 1 from sessions s where s.event_id = e.id and s.group_capacity > 0 and s.group_remaining = s.group_capacity)`,
  },
  {
    description: 'a free event whose every price is 0',
    sql: 'select e.id from events e where e.is_free and not exists (select 1 from prices p where p.event_id = e.id and p.amount > 0)',
  },
  {
    description: 'an event not yet on sale, with sessions after the sale opens',
    sql: `select e.id from events e where e.sale_starts_at > $1 and e.sale_starts_at < $1::timestamptz + interval '7 days'
          and not exists (select 1 from sessions s where s.event_id = e.id and s.starts_at <= e.sale_starts_at)`,
  },
  {
    description: 'a sold-out event: every session sold at the box office (soldOutside = capacity, remaining 0)',
    sql: `select e.id from events e where exists (select 1 from sessions s where s.event_id = e.id)
          and not exists (select 1 from sessions s where s.event_id = e.id and (s.remaining > 0 or s.sold_outside <> s.capacity))`,
  },
  {
    description: 'a Pushkin-card event with the ordinary card too, and prices for any, card-only and ordinary-only payment',
    sql: `select e.id from events e where e.use_pushkin_card and e.use_ordinary_card
          and (select count(distinct p.pushkin) from prices p where p.event_id = e.id) = 3`,
  },
  {
    description: 'a Pushkin-card-only event',
    sql: `select e.id from events e where e.use_pushkin_card and not e.use_ordinary_card
          and not exists (select 1 from prices p where p.event_id = e.id and p.pushkin <> 1)`,
  },
  {
    description: 'a named-ticket event asking birth date, document, country, region and middle name',
    sql: 'select id from events where named_tickets and need_age = 2 and need_document and need_country and need_region and need_middle_name',
  },
  {
    description: 'a subscription with a composition of two events and subscription prices',
    sql: `select e.id from events e where e.is_subscription
          and (select count(*) from subscription_items i where i.subscription_event_id = e.id) >= 2
          and exists (select 1 from prices p where p.event_id = e.id and p.for_subscription)`,
  },
  {
    description: 'a hall of about 300 seats in sectors and rows, three or more coloured zones and a limited standing area',
    sql: `select h.id from halls h where (select count(*) from hall_seats s where s.hall_id = h.id) between 280 and 340
          and (select count(*) from hall_sectors s where s.hall_id = h.id) >= 2
          and (select count(distinct s.row_label) from hall_seats s where s.hall_id = h.id) >= 10
          and (select count(distinct z.color) from zones z where z.hall_id = h.id) >= 3
          and exists (select 1 from standing_areas a where a.hall_id = h.id and a.capacity > 0)`,
  },
  {
    description: 'a seated event on that hall with prices per zone and standing stock per session',
    sql: `select e.id from events e join halls h on h.id = e.hall_id where e.use_seat_map
          and (select count(*) from hall_seats s where s.hall_id = h.id) < 1000
          and (select count(distinct p.zone_id) from prices p where p.event_id = e.id) >= 3
          and exists (select 1 from standing_stock ss join sessions s on s.id = ss.session_id where s.event_id = e.id)`,
  },
  {
    description: 'a seated event in a hall of at least 20,000 seats',
    sql: `select e.id from events e where e.use_seat_map and (select count(*) from hall_seats s where s.hall_id = e.hall_id) >= 20000`,
  },
  {
    description: 'a description with harmless HTML: a paragraph, bold text and a link',
    sql: `select id from events where description->>'ru' like '%<p>%<b>%<a href=%'`,
  },
  {
    description: 'a description with a <script> for the sanitizer to remove',
    sql: `select id from events where description->>'ru' like '%<script>%'`,
  },
  {
    description: "events whose sessions have no time ('00:00', has_time false)",
    sql: 'select distinct event_id from sessions where not has_time',
    atLeast: 2,
  },
  {
    description: 'rules documents purchase-terms and privacy-policy in four languages',
    sql: `select slug from rules_documents where slug in ('purchase-terms', 'privacy-policy')
          and length(body->>'ru') > 500 and length(body->>'en') > 200 and length(body->>'kz') > 200 and length(body->>'ch') > 50`,
    atLeast: 2,
  },
  { description: 'a required consent checkbox on the order form', sql: "select id from checkboxes where scope = 'order' and required" },
  {
    description: 'an optional newsletter checkbox on the order form',
    sql: "select id from checkboxes where scope = 'order' and not required",
  },
  { description: 'checkboxes on the named-ticket page', sql: "select id from checkboxes where scope = 'nominal'", atLeast: 2 },
  {
    description: 'venues with addresses and Yandex map links',
    sql: `select id from venues where map_url like 'https://yandex.ru/maps/%' and address->>'ru' <> ''`,
    atLeast: 3,
  },
  { description: 'service fees of the amount kind', sql: 'select id from prices where service_fee > 0 and service_fee_kind = 1' },
  { description: 'service fees of the percent kind', sql: 'select id from prices where service_fee > 0 and service_fee_kind = 2' },
  { description: 'an order limit other than the default', sql: 'select id from events where order_limit <> 10' },
  { description: 'a price with a minimum quantity (needprice)', sql: 'select id from prices where min_quantity > 1' },
  {
    description: 'a price limited per session, with its stock',
    sql: 'select p.id from prices p join price_stock s on s.price_id = p.id where p.quantity_limit is not null and s.remaining = p.quantity_limit',
  },
  { description: 'QR-code tickets (ticket type 1) on most events', sql: 'select id from events where ticket_type = 1', atLeast: 8 },
  {
    description: 'barcode tickets (ticket type 0) on an event sold on its own page',
    sql: 'select id from events where ticket_type = 0 and not use_seat_map',
  },
  {
    description: 'tickets with no code button (ticket type 2) on an event sold on its own page',
    sql: 'select id from events where ticket_type = 2 and not use_seat_map',
  },
  {
    description: 'info links (descript_url) in four languages, on reserved example domains',
    sql: `select id from events where description_url->>'ru' like 'https://%.example/ru/%' and description_url->>'en' like 'https://%.example/en/%'
          and description_url->>'kz' like 'https://%.example/kk/%' and description_url->>'ch' like 'https://%.example/zh/%'`,
    atLeast: 3,
  },
  {
    description: 'an info link on a seated event (the scheme page header)',
    sql: "select id from events where use_seat_map and description_url->>'ru' <> ''",
  },
  {
    description: "an event announced with no session and no sale date ('soon on sale')",
    sql: 'select e.id from events e where e.is_published and e.sale_starts_at is null and not exists (select 1 from sessions s where s.event_id = e.id)',
  },
];

describe('the demo catalog', () => {
  let db: Db;
  let loaded: boolean;
  // The first embedded database of a run compiles PGlite's wasm; the demo then loads 21,000 seats.
  beforeAll(async () => {
    db = await freshDb();
    loaded = await loadDemoIfEmpty(db, NOW);
  }, 90_000);
  afterAll(() => db?.close());

  it('is a valid catalog file', () => {
    expect(catalogFile.safeParse(buildDemoCatalog(NOW)).error).toBeUndefined();
  });

  it('fills an empty database, and only an empty one', async () => {
    expect(loaded).toBe(true);
    expect(await loadDemoIfEmpty(db, NOW)).toBe(false);
  });

  it.each(demoCases)('has $description', async ({ sql, atLeast = 1 }) => {
    const params = sql.includes('$1') ? [NOW.toISOString()] : [];
    expect(await countOf(db, sql, params)).toBeGreaterThanOrEqual(atLeast);
  });

  it('dates every session, sale start and subscription item after now', async () => {
    const past = `select starts_at from sessions where starts_at <= $1
                  union all select sale_starts_at from events where sale_starts_at <= $1
                  union all select starts_at from subscription_items where starts_at <= $1`;
    expect(await countOf(db, past, [NOW.toISOString()])).toBe(0);
    expect(await countOf(db, 'select * from sessions')).toBeGreaterThan(100);
  });

  it('moves with the clock: built a year later, it is still in the future', () => {
    const later = new Date(NOW.getTime() + 365 * 24 * 3600_000);
    const file = catalogFile.parse(buildDemoCatalog(later));
    const starts = file.events.flatMap((e) => e.sessions.map((s) => Date.parse(s.startsAt)));
    expect(Math.min(...starts)).toBeGreaterThan(later.getTime());
  });

  it('names every event, category, kind and menu in Russian, English, Kazakh and Chinese', async () => {
    const missing = `select name from events union all select name from categories union all select name from kinds
                     union all select name from main_menus union all select name from sub_menus union all select name from tags`;
    const rows = await db.query<{ name: Record<string, string> }>(missing);
    for (const { name } of rows.rows) {
      expect(Object.keys(name).sort()).toEqual(['ch', 'en', 'kz', 'ru']);
      expect(name.ru).toMatch(/[А-Яа-яЁё]/);
    }
  });

  it('describes every special offer in Russian, English, Kazakh and Chinese', async () => {
    const { rows } = await db.query<{ name: Record<string, string>; description: Record<string, string> }>(
      'select name, description from special_offers',
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // A description is a rich text (HTML): its words are what is read.
    const words = (html: string | undefined) =>
      (html ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    for (const text of rows.flatMap((r) => [r.name, r.description])) {
      expect(words(text.ru)).toMatch(/[А-Яа-яЁё]/);
      expect(words(text.en)).toMatch(/^[A-Za-z][A-Za-z .]+$/);
      expect(words(text.kz)).toMatch(/[А-Яа-яӘәҒғҚқҢңӨөҰұҮүҺһІі]/);
      expect(words(text.ch)).toMatch(/^[\p{Script=Han}。 ]+$/u);
    }
    // Stored as the back office's save stores it: through the allow-list, so saving it again changes nothing.
    for (const { description } of rows) for (const html of Object.values(description)) expect(sanitizeHtml(html)).toBe(html);
    // A Kazakh description of its own, not the Russian one copied.
    for (const { description } of rows) expect(description.kz).not.toBe(description.ru);
  });

  it('shows posters that exist as small SVG files', async () => {
    const { rows } = await db.query<{ url: string }>("select distinct image_url->>'ru' as url from events");
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const { url } of rows) {
      expect(url).toMatch(/^\/static\/demo\/[a-z-]+\.svg$/);
      const file = await stat(path.join(WEB_PUBLIC, url));
      expect(file.size).toBeLessThan(2048);
    }
  });

  it('can be imported again over itself without changing the stock', async () => {
    const before = await catalogFingerprint(db, { ignoreRevisions: true });
    await importCatalog(db, buildDemoCatalog(NOW));
    const after = await catalogFingerprint(db, { ignoreRevisions: true });
    expect({ ...after, catalog_version: '' }).toEqual({ ...before, catalog_version: '' });
  }, 30_000);
});
