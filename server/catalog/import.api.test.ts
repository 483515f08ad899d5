import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFileInput } from '../../contract/catalog-file.ts';
import type { Db } from '../db/client.ts';
import { exportCatalog } from './export.ts';
import { CatalogImportError, importCatalog } from './import.ts';
import { catalogFingerprint, countOf, freshDb, holdPlaces, nth, readExample } from './test-support.ts';

// The first embedded database of a test run compiles PGlite's wasm, which takes a while on slow machines.
const DB_START_MS = 60_000;

async function importErrors(db: Db, file: unknown): Promise<string[]> {
  try {
    await importCatalog(db, file);
  } catch (error) {
    if (error instanceof CatalogImportError) return error.errors;
    throw error;
  }
  throw new Error('the import was expected to fail');
}

describe('importCatalog with a good file', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
  }, DB_START_MS);
  afterAll(() => db?.close());

  it('imports every entry, and the counts in the database match the summary', async () => {
    const summary = await importCatalog(db, await readExample());
    expect(summary.counts).toMatchObject({
      kinds: 2,
      venues: 1,
      halls: 1,
      zones: 2,
      seats: 19,
      standingAreas: 1,
      events: 2,
      sessions: 3,
      prices: 4,
      checkboxes: 1,
      rules: 1,
    });
    expect(await countOf(db, 'select * from hall_seats')).toBe(19);
    expect(await countOf(db, 'select * from events')).toBe(2);
    expect(await countOf(db, 'select * from sessions where remaining = capacity and group_remaining = group_capacity')).toBe(3);
    expect(summary.setupUpdated).toBe(true);
  });

  it('expands compact rows into seats with coordinates and consecutive ids', async () => {
    const { rows } = await db.query<{ id: number; row_label: string; seat_label: string; x: number; y: number }>(
      "select id, row_label, seat_label, x, y from hall_seats where row_label = '2' order by id",
    );
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({ id: 11, row_label: '2', seat_label: '1', x: 130, y: 110 });
    expect(rows[7]).toEqual({ id: 18, row_label: '2', seat_label: '8', x: 270, y: 110 });
  });

  it('creates stock rows: one per session for a limited price, one per session and standing area', async () => {
    expect(await countOf(db, 'select * from price_stock where price_id = 2 and remaining = 10')).toBe(2);
    expect(await countOf(db, 'select * from standing_stock where standing_area_id = 1 and remaining = 30')).toBe(1);
  });

  it('defaults the capacity of a seated session to the seats and standing places of its hall', async () => {
    const { rows } = await db.query<{ capacity: number }>('select capacity from sessions where id = 3');
    expect(rows[0]?.capacity).toBe(19 + 30);
  });

  it('reads a session written at local 00:00 as a whole-day ticket (has_time false)', async () => {
    const { rows } = await db.query<{ id: number; has_time: boolean }>('select id, has_time from sessions where event_id = 1 order by id');
    expect(rows).toEqual([
      { id: 1, has_time: true },
      { id: 2, has_time: false },
    ]);
  });

  it('stores money as integer kopecks and the fee kind', async () => {
    const { rows } = await db.query<{ amount: number; service_fee: number; service_fee_kind: number }>(
      'select amount, service_fee, service_fee_kind from prices where id in (1, 3) order by id',
    );
    expect(rows).toEqual([
      { amount: 50000, service_fee: 3000, service_fee_kind: 1 },
      { amount: 150000, service_fee: 1000, service_fee_kind: 2 },
    ]);
  });

  it('merges the setup of the file over the stored setup', async () => {
    const { rows } = await db.query<{ email: string }>("select data->'db'->'info_contact'->>'email' as email from setup");
    expect(rows[0]?.email).toBe('kassa@example-museum.ru');
  });

  it('bumps the catalog version on every import', async () => {
    const before = (await db.query<{ version: number }>('select version from catalog_version')).rows[0]?.version ?? 0;
    await importCatalog(db, await readExample());
    const after = (await db.query<{ version: number }>('select version from catalog_version')).rows[0]?.version;
    expect(after).toBe(before + 1);
  });

  it('accepts a file of one event that refers to a venue and kind already stored', async () => {
    const summary = await importCatalog(db, {
      events: [
        {
          id: 50,
          hash: 'added-later',
          kindId: 1,
          venueId: 1,
          name: { ru: 'Новая лекция' },
          categories: [{ id: 50, name: { ru: 'Взрослый' } }],
          sessions: [{ id: 50, startsAt: '2031-06-01T18:00:00+03:00', capacity: 30 }],
          prices: [{ id: 50, categoryId: 50, amount: 30000 }],
        },
      ],
    });
    expect(summary.counts.events).toBe(1);
    expect(await countOf(db, 'select * from events')).toBe(3);
  });

  it('changes nothing on a dry run, yet answers the summary', async () => {
    const before = await catalogFingerprint(db);
    const file = await readExample();
    nth(file.events, 0).name = { ru: 'Другое название' };
    const summary = await importCatalog(db, file, { dryRun: true });
    expect(summary.dryRun).toBe(true);
    expect(await catalogFingerprint(db)).toEqual(before);
  });
});

describe('importCatalog re-importing an updated file', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
    await importCatalog(db, await readExample());
  }, DB_START_MS);
  afterAll(() => db?.close());

  it('updates entries by id, keeps sales: remaining moves by the change of capacity', async () => {
    await holdPlaces(db, { sessionId: 1, priceId: 2, quantity: 3 });
    const file = await readExample();
    const event = nth(file.events, 0);
    event.name = { ru: 'Постоянная экспозиция (обновлено)' };
    nth(event.sessions, 0).capacity = 60; // was 50, 3 held
    nth(event.prices, 1).quantityLimit = 12; // was 10, 3 held
    await importCatalog(db, file);
    const session = await db.query<{ capacity: number; remaining: number }>('select capacity, remaining from sessions where id = 1');
    expect(session.rows[0]).toEqual({ capacity: 60, remaining: 57 });
    const stock = await db.query<{ remaining: number }>('select remaining from price_stock where session_id = 1 and price_id = 2');
    expect(stock.rows[0]?.remaining).toBe(9);
    const name = await db.query<{ ru: string }>("select name->>'ru' as ru from events where id = 1");
    expect(name.rows[0]?.ru).toBe('Постоянная экспозиция (обновлено)');
  });

  it('takes box-office sales (soldOutside) off remaining, and their change on a re-import', async () => {
    const file = await readExample();
    Object.assign(nth(nth(file.events, 0).sessions, 1), { soldOutside: 40 });
    await importCatalog(db, file);
    const { rows } = await db.query<{ remaining: number; sold_outside: number }>(
      'select remaining, sold_outside from sessions where id = 2',
    );
    expect(rows[0]).toEqual({ remaining: 60, sold_outside: 40 });
  });

  it('removes children the file no longer lists when no order uses them', async () => {
    const file = await readExample();
    const event = nth(file.events, 1);
    event.sessions?.push({ id: 4, startsAt: '2031-05-21T19:00:00+03:00' });
    await importCatalog(db, file);
    expect(await countOf(db, 'select * from sessions where id = 4')).toBe(1);
    const summary = await importCatalog(db, await readExample());
    expect(summary.removed.sessions).toBe(1);
    expect(await countOf(db, 'select * from sessions where id = 4')).toBe(0);
  });

  it('adds stock for a new standing area to the sessions of its hall', async () => {
    const file = await readExample();
    const hall = nth(file.halls, 0);
    hall.standingAreas?.push({ id: 2, zoneId: 2, name: { ru: 'Балкон стоя' }, capacity: 15 });
    await importCatalog(db, file);
    expect(await countOf(db, 'select * from standing_stock where session_id = 3 and standing_area_id = 2 and remaining = 15')).toBe(1);
  });
});

type BadCase = {
  description: string;
  change: (file: CatalogFileInput) => void;
  expected: string;
};

const badCases: BadCase[] = [
  {
    description: 'an event naming an unknown venue',
    change: (f) => {
      nth(f.events, 0).venueId = 99;
    },
    expected: 'events[0] (id 1, hash "city-museum"): venueId: unknown venue 99',
  },
  {
    description: 'a price naming an unknown category',
    change: (f) => {
      nth(nth(f.events, 0).prices, 0).categoryId = 99;
    },
    expected: 'events[0] (id 1, hash "city-museum"): prices[0].categoryId: unknown category 99',
  },
  {
    description: "a price naming another event's category",
    change: (f) => {
      nth(nth(f.events, 0).prices, 0).categoryId = 3;
    },
    expected: 'prices[0].categoryId: unknown category 3 (not a category of this event)',
  },
  {
    description: 'a price naming a session the event does not have',
    change: (f) => {
      nth(nth(f.events, 0).prices, 0).sessionId = 3;
    },
    expected: 'events[0] (id 1, hash "city-museum"): prices[0].sessionId: unknown session 3',
  },
  {
    description: 'two events with the same id',
    change: (f) => {
      nth(f.events, 1).id = 1;
    },
    expected: 'events[1] (id 1, hash "small-hall-concert"): id: duplicate id 1 (also events[0])',
  },
  {
    description: 'two events with the same hash',
    change: (f) => {
      nth(f.events, 1).hash = 'city-museum';
    },
    expected: 'events[1] (id 2, hash "city-museum"): hash: duplicate hash "city-museum"',
  },
  {
    description: 'two sessions with the same id in different events',
    change: (f) => {
      nth(nth(f.events, 1).sessions, 0).id = 1;
    },
    expected: 'events[1] (id 2, hash "small-hall-concert"): sessions[0].id: duplicate id 1 (also events[0].sessions[0])',
  },
  {
    description: 'seat ids of a row running into an explicit seat',
    change: (f) => {
      nth(nth(nth(f.halls, 0).sectors, 0).seats, 0).id = 5;
    },
    expected: 'halls[0] (id 1): sectors: seat id 5 (row 3 seat 1, sector 1) is also row 1 seat 5 of sector 1 in hall 1',
  },
  {
    description: 'a name given as a plain string instead of localized texts',
    change: (f) => {
      Object.assign(nth(f.events, 0), { name: 'Выставка' });
    },
    expected: 'events[0] (id 1, hash "city-museum"): name: Invalid input: expected object, received string',
  },
  {
    description: 'a localized text in an unknown language',
    change: (f) => {
      Object.assign(nth(f.tags, 0), { name: { ru: 'Детям', de: 'Kinder' } });
    },
    expected: 'tags[0] (id 1): name: Unrecognized key: "de"',
  },
  {
    description: 'a name without its Russian text',
    change: (f) => {
      Object.assign(nth(f.kinds, 0), { name: { en: 'Tickets' } });
    },
    expected: 'kinds[0] (id 1): name.ru: Invalid input: expected string, received undefined',
  },
  {
    description: 'a negative price',
    change: (f) => {
      nth(nth(f.events, 0).prices, 0).amount = -100;
    },
    expected: 'events[0] (id 1, hash "city-museum"): prices[0].amount: Too small: expected number to be >=0',
  },
  {
    description: 'money in roubles with kopecks as a fraction',
    change: (f) => {
      nth(nth(f.events, 0).prices, 0).amount = 500.5;
    },
    expected: 'prices[0].amount: Invalid input: expected int, received number',
  },
  {
    description: 'a time without an offset',
    change: (f) => {
      nth(nth(f.events, 0).sessions, 0).startsAt = '2031-05-12T10:00:00';
    },
    expected: 'events[0] (id 1, hash "city-museum"): sessions[0].startsAt: Invalid ISO datetime',
  },
  {
    description: 'a misspelt field',
    change: (f) => {
      Object.assign(nth(f.events, 0), { orderLimt: 5 });
    },
    expected: 'events[0] (id 1, hash "city-museum"): Unrecognized key: "orderLimt"',
  },
  {
    description: "a price in a zone of no hall of the event's",
    change: (f) => {
      nth(nth(f.events, 0).prices, 0).zoneId = 1;
    },
    expected: "prices[0].zoneId: zone 1 belongs to hall 1, not to the event's hall",
  },
  {
    description: 'a seat in a zone of another hall',
    change: (f) => {
      nth(nth(nth(f.halls, 0).sectors, 0).rows, 0).zoneId = 42;
    },
    expected: 'halls[0] (id 1): sectors[0].rows[0].zoneId: unknown zone 42 (not a zone of hall 1)',
  },
  {
    description: 'a sub-menu under a main menu the event does not use',
    change: (f) => {
      delete nth(f.events, 0).mainMenuId;
    },
    expected: 'subMenuId: sub-menu 100 belongs to main menu 10, not to none',
  },
  {
    description: 'a subscription item naming an unknown event',
    change: (f) => {
      Object.assign(nth(f.events, 1), { isSubscription: true, subscriptionItems: [{ eventId: 77 }] });
    },
    expected: 'events[1] (id 2, hash "small-hall-concert"): subscriptionItems[0].eventId: unknown event 77',
  },
  {
    description: 'a subscription item naming the subscription itself',
    change: (f) => {
      Object.assign(nth(f.events, 1), { isSubscription: true, subscriptionItems: [{ eventId: 1 }, { eventId: 2 }] });
    },
    expected: 'events[1] (id 2, hash "small-hall-concert"): subscriptionItems[1].eventId: event 2 is a subscription itself',
  },
  {
    description: 'an event given twice in a subscription',
    change: (f) => {
      Object.assign(nth(f.events, 1), { isSubscription: true, subscriptionItems: [{ eventId: 1 }, { eventId: 1 }] });
    },
    expected: 'events[1] (id 2, hash "small-hall-concert"): subscriptionItems[1].eventId: event 1 is given twice',
  },
  {
    description: 'a composition on an event that is not a subscription',
    change: (f) => {
      Object.assign(nth(f.events, 1), { isSubscription: false, subscriptionItems: [{ eventId: 1 }] });
    },
    expected: 'events[1] (id 2, hash "small-hall-concert"): subscriptionItems: only a subscription (isSubscription) has a composition',
  },
  {
    description: 'a subscription item whose visit time is no session of its event',
    change: (f) => {
      Object.assign(nth(f.events, 1), { isSubscription: true, subscriptionItems: [{ eventId: 1, startsAt: '2031-05-12T10:30:00+03:00' }] });
    },
    expected:
      'events[1] (id 2, hash "small-hall-concert"): subscriptionItems[0].startsAt: 2031-05-12T10:30:00+03:00 is not the start of a session of event 1 (leave startsAt out, or give one of its session times)',
  },
  {
    description: 'a session without capacity for an event without a hall',
    change: (f) => {
      delete nth(nth(f.events, 0).sessions, 0).capacity;
    },
    expected: 'sessions[0].capacity: capacity is required for an event without a hall',
  },
  {
    description: 'a setup that fails the setup schema once merged',
    change: (f) => {
      f.setup = { app: { currency: 'EUR' } };
    },
    expected: 'setup.app.currency: Invalid option',
  },
  {
    description: 'a Pushkin-card-only price on an event without the Pushkin card',
    change: (f) => {
      nth(nth(f.events, 0).prices, 0).pushkin = 1;
    },
    expected: 'prices[0].pushkin: a Pushkin-card-only price needs usePushkinCard on the event',
  },
];

describe('importCatalog with a bad file', () => {
  let db: Db;
  let before: Record<string, string>;
  beforeAll(async () => {
    db = await freshDb();
    await importCatalog(db, await readExample());
    before = await catalogFingerprint(db);
  }, DB_START_MS);
  afterAll(() => db?.close());

  it.each(badCases)('refuses $description, naming the entry and the field, and changes nothing', async ({ change, expected }) => {
    const file = await readExample();
    change(file);
    const errors = await importErrors(db, file);
    expect(errors.join('\n')).toContain(expected);
    expect(await catalogFingerprint(db)).toEqual(before);
  });

  it('reports every problem of the file at once', async () => {
    const file = await readExample();
    nth(file.events, 0).venueId = 98;
    nth(nth(file.events, 1).prices, 0).categoryId = 97;
    nth(nth(nth(file.halls, 0).sectors, 0).rows, 0).zoneId = 42;
    const errors = await importErrors(db, file);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('unknown venue 98'),
        expect.stringContaining('unknown category 97'),
        expect.stringContaining('unknown zone 42'),
      ]),
    );
  });

  it('refuses a file that is not an object', async () => {
    expect(await importErrors(db, [1, 2])).toEqual(['Invalid input: expected object, received array']);
  });
});

describe('importCatalog against sales already made', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
    await importCatalog(db, await readExample());
    await holdPlaces(db, { sessionId: 1, priceId: 2, quantity: 5 });
    await holdPlaces(db, { sessionId: 3, priceId: 4, quantity: 4, standingAreaId: 1 });
  }, DB_START_MS);
  afterAll(() => db?.close());

  const salesCases: BadCase[] = [
    {
      description: 'a capacity below the places already sold',
      change: (file) => {
        nth(nth(file.events, 0).sessions, 0).capacity = 3;
      },
      expected: 'events[0] (id 1, hash "city-museum"): sessions[0].capacity: capacity 3 is below the 5 places already sold or held',
    },
    {
      description: 'box-office sales that leave less room than the storefront sold',
      change: (file) => {
        Object.assign(nth(nth(file.events, 0).sessions, 0), { soldOutside: 47 });
      },
      expected: 'sessions[0].capacity: capacity 50 is below the 52 places already sold or held',
    },
    {
      description: 'a price limit below the tickets of that price already sold',
      change: (file) => {
        nth(nth(file.events, 0).prices, 1).quantityLimit = 2;
      },
      expected: 'prices[1].quantityLimit: quantityLimit 2 is below the 5 tickets',
    },
    {
      description: 'a standing area smaller than what is sold in it',
      change: (file) => {
        nth(nth(file.halls, 0).standingAreas, 0).capacity = 3;
      },
      expected: 'halls[0] (id 1): standingAreas[0].capacity: capacity 3 is below the 4 places already sold or held',
    },
    {
      description: 'leaving out a session that has orders',
      change: (file) => {
        nth(file.events, 0).sessions?.shift();
        nth(nth(file.events, 0).prices, 0).sessionId = undefined;
      },
      expected: 'events[0] (id 1, hash "city-museum"): session 1 is missing from the file but has orders',
    },
    {
      description: 'leaving out a standing area that has orders',
      change: (file) => {
        nth(file.halls, 0).standingAreas = [];
      },
      expected: 'halls[0] (id 1): standing area 1 is missing from the file but has orders',
    },
  ];

  it.each(salesCases)('refuses $description and changes nothing', async ({ change, expected }) => {
    const before = await catalogFingerprint(db);
    const file = await readExample();
    change(file);
    const errors = await importErrors(db, file);
    expect(errors.join('\n')).toContain(expected);
    expect(await catalogFingerprint(db)).toEqual(before);
  });
});

describe('importCatalog with seats blocked by staff', () => {
  // Session 3 (event 2, hall 1): 19 seats and 30 standing places, so a capacity of 49 by default.
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
    await importCatalog(db, await readExample());
    await holdPlaces(db, { sessionId: 3, priceId: 4, quantity: 4, standingAreaId: 1 });
    // Each block takes its seat's place from what is free (migration 1010).
    await db.exec(
      `insert into seat_blocks (session_id, seat_id, reason, blocked_at) values (3, 1, 'guest', now()), (3, 2, 'guest', now()), (3, 100, 'technical', now())`,
    );
  }, DB_START_MS);
  afterAll(() => db?.close());

  const session3 = async () =>
    (
      await db.query<{ capacity: number; remaining: number; blocks: number }>(
        'select capacity, remaining, (select count(*)::int from seat_blocks where session_id = 3) as blocks from sessions where id = 3',
      )
    ).rows[0];

  it('counts blocked seats as neither free nor sold: the blocks take places, a re-import and an export/import round trip keep both', async () => {
    expect(await session3()).toEqual({ capacity: 49, remaining: 42, blocks: 3 });
    await importCatalog(db, await readExample());
    expect(await session3()).toEqual({ capacity: 49, remaining: 42, blocks: 3 });
    await importCatalog(db, await exportCatalog(db, 'Europe/Moscow'));
    expect(await session3()).toEqual({ capacity: 49, remaining: 42, blocks: 3 });
  });

  it('moves what is free by a capacity change and keeps the blocks', async () => {
    const file = await readExample();
    nth(nth(file.events, 1).sessions, 0).capacity = 60;
    await importCatalog(db, file);
    expect(await session3()).toEqual({ capacity: 60, remaining: 53, blocks: 3 });
    nth(nth(file.events, 1).sessions, 0).capacity = 7; // 4 held + 3 blocked: nothing left free
    await importCatalog(db, file);
    expect(await session3()).toEqual({ capacity: 7, remaining: 0, blocks: 3 });
    await importCatalog(db, await readExample());
    expect(await session3()).toEqual({ capacity: 49, remaining: 42, blocks: 3 });
  });

  it('refuses a capacity below what is sold, held and blocked, naming the blocks, and changes nothing', async () => {
    const before = await catalogFingerprint(db);
    const blocks = await countOf(db, 'select * from seat_blocks');
    const file = await readExample();
    nth(nth(file.events, 1).sessions, 0).capacity = 6;
    const errors = await importErrors(db, file);
    expect(errors.join('\n')).toContain(
      'sessions[0].capacity: capacity 6 is below the 7 places already sold, held or blocked (4 in the storefront, 0 outside, 3 seats blocked)',
    );
    expect(await catalogFingerprint(db)).toEqual(before);
    expect(await countOf(db, 'select * from seat_blocks')).toBe(blocks);
  });

  it('gives the place of a blocked seat the hall no longer has back to the session, even when the capacity falls with it', async () => {
    const file = await readExample();
    const hall = nth(file.halls, 0);
    nth(hall.sectors, 0).seats = []; // seat 100, blocked: capacity 49 -> 48 by default
    await importCatalog(db, file);
    expect(await session3()).toEqual({ capacity: 48, remaining: 42, blocks: 2 });
    expect(await countOf(db, 'select * from seat_blocks where seat_id = 100')).toBe(0);
    // With every place taken: capacity 6 = 4 held + 2 blocked kept, the removed seat's block no longer counts.
    const tight = await readExample();
    nth(nth(tight.halls, 0).sectors, 0).seats = [];
    nth(nth(tight.events, 1).sessions, 0).capacity = 6;
    await importCatalog(db, tight);
    expect(await session3()).toEqual({ capacity: 6, remaining: 0, blocks: 2 });
  });
});
