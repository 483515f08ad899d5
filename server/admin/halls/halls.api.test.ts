import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HALL_LIMITS } from '../../../contract/admin/halls-rules.ts';
import { type CatalogHall, catalogHall } from '../../../contract/catalog-file.ts';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { importCatalog } from '../../catalog/import.ts';
import { type SchemeFixture, insertSchemeEvent, schemeOrderBody } from '../../seating/scheme-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

const START = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
let f: SchemeFixture;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  f = await insertSchemeEvent(t.db, { at: START, rows: 4, perRow: 10 });
  manager = (await signedInAs(t, 'manager')).cookie;
});
afterAll(() => t.close());

const pretixPlan = {
  name: 'Малая сцена',
  categories: [{ name: 'Партер', color: '#e4572e' }],
  size: { width: 200, height: 120 },
  zones: [
    {
      name: 'Партер',
      position: { x: 20, y: 40 },
      rows: [1, 2].map((r) => ({
        row_number: String(r),
        position: { x: 0, y: (r - 1) * 30 },
        seats: [1, 2, 3].map((n) => ({
          seat_guid: `p-${r}-${n}`,
          seat_number: String(n),
          position: { x: (n - 1) * 25, y: 0 },
          category: 'Партер',
        })),
      })),
    },
  ],
};

/**
 * Every hall table and the audit log, each as its row count and a hash of its rows: a refused call
 * must leave them as they were. Hashed in the database: the demo's halls have thousands of seats,
 * and reading them row by row into the test took seconds of CPU per comparison.
 */
const dump = async () => {
  const out: unknown[] = [];
  for (const table of ['halls', 'zones', 'hall_sectors', 'hall_seats', 'standing_areas', 'audit_log', 'catalog_version']) {
    const { rows } = await t.db.query<{ digest: string }>(
      `select count(*) || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from ${table} r`,
    );
    out.push(rows[0]?.digest);
  }
  return JSON.stringify(out);
};

async function hallFile(hallId: number): Promise<{ hall: CatalogHall; revision: number }> {
  const res = await adminCall(t, 'GET', `/api/admin/halls/${hallId}`, manager);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/admin/halls', () => {
  it('lists each hall with its venue, size and revision, and the venues a new hall may sit in', async () => {
    const res = await adminCall(t, 'GET', '/api/admin/halls', manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().halls).toContainEqual(
      expect.objectContaining({ id: f.hallId, venueId: 9100, seats: 40, standingAreas: 1, revision: 1, updatedAt: null, updatedBy: null }),
    );
    expect(res.json().venues).toContainEqual(expect.objectContaining({ id: 9100 }));
  });

  it('answers one hall as a catalog entry, seats one by one, that the catalog schema accepts', async () => {
    const { hall, revision } = await hallFile(f.hallId);
    expect(revision).toBe(1);
    expect(catalogHall.safeParse(hall).success).toBe(true);
    expect(hall.sectors.flatMap((s) => s.seats)).toHaveLength(40);
    expect(hall.zones.map((z) => z.id)).toEqual([9101, 9102, 9103]);
    expect((await adminCall(t, 'GET', '/api/admin/halls/99999', manager)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/halls/preview', () => {
  it('draws a pretix plan as the storefront will, and writes nothing', async () => {
    const before = await dump();
    const res = await adminCall(t, 'POST', '/api/admin/halls/preview', manager, {
      format: 'pretix',
      source: JSON.stringify(pretixPlan),
      venueId: 9100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ zones: 1, sectors: 1, seats: 6, standingAreas: 0 });
    expect(body.map.seat_numbers.map((r: { row: string; seat: string[] }) => [r.row, r.seat])).toEqual([
      ['1', ['1', '2', '3']],
      ['2', ['1', '2', '3']],
    ]);
    expect(body.map.svg).toContain('<svg');
    expect(body.leftOut).toEqual([]);
    expect(await dump()).toBe(before);
  });

  it("makes the plan's stage area the hall's stage, lists the areas and details it leaves out, and saves the stage", async () => {
    const zone = pretixPlan.zones[0];
    const plan = {
      ...pretixPlan,
      categories: [{ name: 'Партер', color: 'tomato' }],
      zones: [
        {
          ...zone,
          rows: zone?.rows.map((row) => ({ ...row, row_label: 'Ряд %s', seats: row.seats.map((seat) => ({ ...seat, radius: 8 })) })),
          areas: [
            {
              uuid: 'a-stage',
              shape: 'ellipse',
              position: { x: 30, y: -25 },
              ellipse: { radius: { x: 50, y: 10 } },
              text: { text: 'СЦЕНА', position: { x: 0, y: 0 } },
            },
            {
              uuid: 'a-bar',
              shape: 'rectangle',
              position: { x: 120, y: 50 },
              rectangle: { width: 40, height: 20 },
              text: { text: 'бар', position: { x: 20, y: 10 } },
            },
            { uuid: 'a-table', shape: 'circle', position: { x: 150, y: 10 }, circle: { radius: 8 } },
          ],
        },
      ],
    };
    const before = await dump();
    const res = await adminCall(t, 'POST', '/api/admin/halls/preview', manager, {
      format: 'pretix',
      source: JSON.stringify(plan),
      venueId: 9100,
      lang: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.hall.stage).toEqual({ x: 0, y: 5, width: 100, height: 20, label: { ru: 'СЦЕНА' } });
    // The storefront's own renderer draws it: the stage box and its label are in the hall's drawing.
    expect(body.map.svg).toContain('<rect x="0" y="5" width="100" height="20"');
    expect(body.map.svg).toContain('>СЦЕНА</text>');
    expect(body.leftOut).toEqual([
      { kind: 'stage-shape', name: 'СЦЕНА', shape: 'ellipse', value: null, count: 1 },
      { kind: 'area', name: 'бар', shape: 'rectangle', value: null, count: 1 },
      { kind: 'area', name: 'a-table', shape: 'circle', value: null, count: 1 },
      { kind: 'seat-radius', name: null, shape: null, value: '8', count: 6 },
      { kind: 'row-label', name: null, shape: null, value: 'Ряд %s', count: 2 },
      { kind: 'category-color', name: 'Партер', shape: null, value: 'tomato', count: 1 },
    ]);
    expect(await dump()).toBe(before);

    const saved = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'pretix',
      source: JSON.stringify(plan),
      venueId: 9100,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await hallFile(saved.json().hallId)).hall.stage).toEqual({ x: 0, y: 5, width: 100, height: 20, label: { ru: 'СЦЕНА' } });
  });

  it('answers a catalog-format hall with nothing left out', async () => {
    const { hall } = await hallFile(f.hallId);
    const res = await adminCall(t, 'POST', '/api/admin/halls/preview', manager, {
      format: 'catalog',
      source: JSON.stringify(hall),
      venueId: 9100,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().leftOut).toEqual([]);
  });
});

describe('POST /api/admin/halls', () => {
  it('creates a hall from a pretix plan with ids from the server, bumps the catalog version and audits it', async () => {
    const version = (await t.db.query<{ version: number }>('select version from catalog_version')).rows[0]?.version;
    const res = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'pretix',
      source: JSON.stringify(pretixPlan),
      venueId: 9100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { hallId, revision } = res.json();
    expect(hallId).toBeGreaterThan(f.hallId);
    expect(revision).toBe(1);
    const seats = await t.db.query<{ row_label: string; seat_label: string }>(
      'select row_label, seat_label from hall_seats where hall_id = $1 order by id',
      [hallId],
    );
    expect(seats.rows.map((s) => `${s.row_label}-${s.seat_label}`)).toEqual(['1-1', '1-2', '1-3', '2-1', '2-2', '2-3']);
    expect((await t.db.query<{ version: number }>('select version from catalog_version')).rows[0]?.version).toBe((version ?? 0) + 1);
    const audit = await t.db.query<{ action: string; after: { seats: number; name: { ru: string } } }>(
      `select action, after from audit_log where subject_type = 'hall' and subject_id = $1`,
      [String(hallId)],
    );
    expect(audit.rows).toEqual([
      { action: 'hall.create', after: expect.objectContaining({ seats: 6, name: { ru: 'Малая сцена' }, revision: 1 }) },
    ]);
    const listed = (await adminCall(t, 'GET', '/api/admin/halls', manager)).json().halls.find((h: { id: number }) => h.id === hallId);
    expect(listed).toMatchObject({ updatedBy: 'Test manager', updatedAt: START.toISOString() });
  });

  it('creates a copy of a hall from its catalog entry: every id is new, so the original is untouched', async () => {
    const { hall } = await hallFile(f.hallId);
    const original = JSON.stringify((await t.db.query('select * from hall_seats where hall_id = $1 order by id', [f.hallId])).rows);
    const res = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'catalog',
      source: JSON.stringify({ halls: [{ ...hall, name: { ru: 'Копия' } }] }),
      venueId: 9100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const copy = await t.db.query<{ n: number }>('select count(*)::int as n from hall_seats where hall_id = $1', [res.json().hallId]);
    expect(copy.rows[0]?.n).toBe(40);
    expect(JSON.stringify((await t.db.query('select * from hall_seats where hall_id = $1 order by id', [f.hallId])).rows)).toBe(original);
  });

  it('replaces a hall at the revision loaded, audits before and after, and refuses the same revision again naming who changed it and when', async () => {
    const { hall, revision } = await hallFile(f.hallId);
    const renamed = { ...hall, name: { ru: 'Большой зал (обновлён)' } };
    const res = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'catalog',
      source: JSON.stringify(renamed),
      hallId: f.hallId,
      revision,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revision).toBe(revision + 1);
    const audit = await t.db.query<{ before: { name: { ru: string }; revision: number }; after: { name: { ru: string } } }>(
      `select before, after from audit_log where action = 'hall.update' and subject_id = $1 order by id desc limit 1`,
      [String(f.hallId)],
    );
    expect(audit.rows[0]?.before).toMatchObject({ name: { ru: 'Большой зал' }, revision });
    expect(audit.rows[0]?.after).toMatchObject({ name: { ru: 'Большой зал (обновлён)' } });

    const before = await dump();
    const stale = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'catalog',
      source: JSON.stringify(hall),
      hallId: f.hallId,
      revision,
    });
    expect(stale.statusCode).toBe(409);
    // Moscow time: the test clock stands at 10:00 UTC.
    expect(stale.json()).toMatchObject({
      errorCode: 'catalog-stale',
      errorText: 'Изменено: Test manager, 21.11.2026 13:00. Обновите страницу.',
    });
    expect(await dump()).toBe(before);
  });

  it("refuses an editor's copy older than a catalog import of the hall (the import command moves the revision too)", async () => {
    const { hall, revision } = await hallFile(f.hallId);
    await importCatalog(t.db, { halls: [{ ...hall, name: { ru: 'Большой зал (из файла)' } }] });
    const res = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'catalog',
      source: JSON.stringify(hall),
      hallId: f.hallId,
      revision,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorText).toMatch(/^Изменено: импорт каталога, \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\. Обновите страницу\.$/);
    expect((await hallFile(f.hallId)).hall.name.ru).toBe('Большой зал (из файла)');
  });

  it('refuses to remove a sold seat, saying which, and changes nothing', async () => {
    const sold = await t.post(
      '/api/order/create-scheme',
      schemeOrderBody(f, [{ seat_id: f.seatIds[0] as number, price_id: f.stallsPriceId }]),
    );
    expect(sold.statusCode, sold.body).toBe(200);
    const { hall, revision } = await hallFile(f.hallId);
    const without = { ...hall, sectors: hall.sectors.map((s) => ({ ...s, seats: s.seats.filter((seat) => seat.id !== f.seatIds[0]) })) };
    const before = await dump();
    const res = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'catalog',
      source: JSON.stringify(without),
      hallId: f.hallId,
      revision,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errorCode: '-2307',
      errorText: 'Нельзя убрать из зала места, на которые есть заказы: Партер, ряд 1, место 1',
      fields: [{ path: 'source', code: 'hall-refused' }],
    });
    expect(await dump()).toBe(before);
  });

  it.each([
    {
      description: 'text that is not JSON',
      body: { format: 'catalog', source: '{ not json', venueId: 9100 },
      status: 400,
      code: '-2306',
      field: 'source',
    },
    {
      description: 'a pretix plan without categories',
      body: { format: 'pretix', source: '{"name":"x","zones":[]}', venueId: 9100 },
      status: 400,
      code: '-2306',
      field: 'source',
    },
    {
      description: 'a catalog hall with a seat outside the map',
      body: {
        format: 'catalog',
        source: JSON.stringify({
          id: 1,
          venueId: 9100,
          name: { ru: 'x' },
          width: 10,
          height: 10,
          zones: [{ id: 1, name: { ru: 'z' } }],
          sectors: [{ id: 1, name: { ru: 's' }, seats: [{ id: 1, row: '1', seat: '1', x: 50, y: 5, zoneId: 1 }] }],
        }),
        venueId: 9100,
      },
      status: 422,
      code: '-2305',
      field: 'source',
    },
    {
      description: 'a new hall without a venue',
      body: { format: 'pretix', source: JSON.stringify(pretixPlan) },
      status: 400,
      code: '-1002',
      field: 'venueId',
    },
    {
      description: 'a new hall in an unknown venue',
      body: { format: 'pretix', source: JSON.stringify(pretixPlan), venueId: 424242 },
      status: 400,
      code: '-1002',
      field: 'venueId',
    },
    {
      description: 'a replacement without a revision',
      body: { format: 'catalog', source: '{}', hallId: 9100 },
      status: 400,
      code: '-1002',
      field: 'revision',
    },
    {
      description: 'a replacement by a pretix plan',
      body: { format: 'pretix', source: '{}', hallId: 9100, revision: 1 },
      status: 400,
      code: '-1002',
      field: 'format',
    },
    {
      description: 'an unknown format',
      body: { format: 'svg', source: '<svg/>', venueId: 9100 },
      status: 400,
      code: '-1002',
      field: 'format',
    },
  ])('refuses $description on its field and changes nothing', async ({ body, status, code, field }) => {
    const before = await dump();
    const res = await adminCall(t, 'POST', '/api/admin/halls', manager, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errorCode).toBe(code);
    expect(res.json().errorText).not.toBe('');
    expect(res.json().fields.map((x: { path: string }) => x.path)).toContain(field);
    expect(await dump()).toBe(before);
  });

  it('refuses a replacement whose file names another hall', async () => {
    const { hall, revision } = await hallFile(f.hallId);
    const res = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'catalog',
      source: JSON.stringify({ ...hall, id: 1 }),
      hallId: f.hallId,
      revision,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorText).toContain('the file describes hall 1, not hall 9100');
  });
});

describe('a large hall through the hall calls', () => {
  /** A pretix plan of `seats` seats in rows of 50, as pretix exports it (every seat with its own UUID and position). */
  const largePretixPlan = (seats: number) => ({
    name: 'Большой зал',
    categories: [{ name: 'Партер', color: '#e4572e' }],
    size: { width: 2000, height: 2000 },
    zones: [
      {
        name: 'Партер',
        position: { x: 0, y: 0 },
        rows: Array.from({ length: Math.ceil(seats / 50) }, (_, r) => ({
          row_number: String(r + 1),
          position: { x: 0, y: r * 30 },
          seats: Array.from({ length: Math.min(50, seats - r * 50) }, (_, n) => ({
            seat_guid: `7d3c1a52-0000-4000-8000-${String(r * 50 + n).padStart(12, '0')}`,
            seat_number: String(n + 1),
            position: { x: n * 25, y: 0 },
            category: 'Партер',
          })),
        })),
      },
    ],
  });

  it('previews and saves the demo arena (21,000 seats) as its hall file writes it, and a 2,600-seat pretix plan', async () => {
    const { arena } = await import('../../../demo/demo-halls.ts');
    const created = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'catalog',
      source: JSON.stringify({ halls: [{ ...arena(), venueId: 9100 }] }),
      venueId: 9100,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { hall, revision } = await hallFile(created.json().hallId);
    const source = JSON.stringify(hall);
    // Written seat by seat, the arena's file is megabytes: far above the app's usual 256 kB body.
    expect(source.length).toBeGreaterThan(1_000_000);
    const replaced = await adminCall(t, 'POST', '/api/admin/halls', manager, {
      format: 'catalog',
      source,
      hallId: created.json().hallId,
      revision,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const plan = JSON.stringify(largePretixPlan(2600));
    expect(Buffer.byteLength(JSON.stringify({ source: plan }))).toBeGreaterThan(256 * 1024);
    const preview = await adminCall(t, 'POST', '/api/admin/halls/preview', manager, { format: 'pretix', source: plan, venueId: 9100 });
    expect(preview.statusCode, preview.body).toBe(200);
    const saved = await adminCall(t, 'POST', '/api/admin/halls', manager, { format: 'pretix', source: plan, venueId: 9100 });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it.each(['preview', 'save'])(
    'refuses to %s a text over 8,000,000 characters with 413, the limit named, on its field, and changes nothing',
    async (call) => {
      const before = await dump();
      const url = call === 'preview' ? '/api/admin/halls/preview' : '/api/admin/halls';
      // Larger than the body the hall calls take: refused before a byte of it is parsed.
      const huge = 'x'.repeat(HALL_LIMITS.sourceBodyMaxBytes + 1);
      const res = await adminCall(t, 'POST', `${url}?lang=en`, manager, { format: 'catalog', source: huge, venueId: 9100, lang: 'en' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        errorCode: '-2309',
        errorText:
          'The hall plan is longer than 8,000,000 characters, the most a hall upload or check takes. Split the plan into several halls or remove what the file does not need.',
        fields: [{ path: 'source', code: 'source-too-large' }],
      });
      // Within the body's bytes but over the characters: the schema's own refusal of the same field.
      const over = await adminCall(t, 'POST', url, manager, {
        format: 'catalog',
        source: 'x'.repeat(HALL_LIMITS.sourceMaxChars + 1),
        venueId: 9100,
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().fields).toEqual([{ path: 'source', code: 'source-too-large' }]);
      expect(await dump()).toBe(before);
    },
  );

  it('keeps the usual 256 kB body on every other call', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/halls/sessions/1/blocks', manager, {
      seatIds: [1],
      reason: 'guest',
      note: 'x'.repeat(300 * 1024),
    });
    expect(res.statusCode).toBe(413);
  });
});
