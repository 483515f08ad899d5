import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup as setupSchema } from '../../contract/setup.ts';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import type { Config } from '../config.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from '../quantity-order/quantity-fixtures.ts';

// One venue time zone: TIMEZONE when set, else the setup's app.timezone. The pages format dates
// in what /api/setup says; the server places orders and writes the order's dates in its own
// zone. The two must be the same, or a buyer's 14:00 is the order's 16:00.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-tz-'));
  writeFileSync(path.join(dir, 'almaty.json'), JSON.stringify({ app: { timezone: 'Asia/Almaty' } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The fixture's session starts at 11:00 UTC: 14:00 in Moscow (the default setup's zone), 16:00 in Almaty.
const cases: { description: string; config: () => Partial<Config> }[] = [
  { description: 'TIMEZONE set to a zone other than the setup’s', config: () => ({ timezone: 'Asia/Almaty' }) },
  {
    description: 'TIMEZONE unset and the setup’s app.timezone changed by SETUP_FILE',
    config: () => ({ timezone: undefined, setupFile: path.join(dir, 'almaty.json') }),
  },
];

describe.each(cases)('one venue time zone: $description', ({ config }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, config: config() });
    await insertQuantityCatalog(t.db);
  });
  afterAll(() => t.close());

  it('gives the pages the zone the server uses, and an order’s dates agree with it', async () => {
    const served = setupSchema.parse((await t.get('/api/setup')).json());
    expect(served.app.timezone).toBe('Asia/Almaty');

    // The event page's calendar, in the served zone.
    const when = await sessionWhen(t.db, 9200, served.app.timezone);
    expect(when.time).toBe('16:00');
    const page = await t.post('/api/no-scheme', { hash: 'test-qty-ordinary', lang: 'en' });
    expect(page.statusCode).toBe(200);
    expect(JSON.stringify(page.json())).toContain(when.day);

    // The buyer orders the session by the day and time the page showed...
    const created = await t.post('/api/order/create', ordinaryOrderBody(when, 1));
    expect(created.statusCode, created.body).toBe(200);
    const hash = created.json<{ hash: string }>().hash;

    // ...and the order shows the same day and time.
    const view = await t.post('/api/order/view', { hash, lang: 'ru' });
    expect(view.statusCode).toBe(200);
    const line = view.json<{ main: { day: string; time: string }[] }>().main[0];
    expect(line).toMatchObject({ day: when.day, time: when.time });
  });
});
