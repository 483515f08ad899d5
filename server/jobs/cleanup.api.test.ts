import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from '../../contract/admin/staff-rules.ts';
import { insertMiniCatalog } from '../../tests/fixtures.ts';
import { openTestDb } from '../../tests/harness.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { testOrder } from '../orders/order-test-kit.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { SENT_MAIL_BODY_DAYS, cleanUpTables } from './cleanup.ts';

// Each table that grows with visits: old rows (over by its rule) go, recent ones stay, and two
// instances cleaning at once (on PostgreSQL they truly race) delete each row once.
const now = new Date('2026-11-21T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() - n * 60_000);
const windows = { rateLimitWindowMs: 60_000, burstWindowMs: 60_000 };

let db: Db;
beforeEach(async () => {
  db = await openTestDb();
  await migrate(db);
});
afterEach(() => db.close());

async function count(table: string, where = 'true'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`);
  return rows[0]?.n ?? 0;
}

/** An old row and a recent one in every table the job bounds; answers the recent rows' markers. */
async function fillTables() {
  await insertMiniCatalog(db, { capacity: 50 });
  const order = await db.transaction((tx) => placeOrder(tx, testOrder([{ quantity: 1 }], minutes(30))));
  const { rows: staff } = await db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash) values ('desk@example.com', 'Desk', 'support', 'x') returning id",
  );
  const staffId = staff[0]?.id;
  const { rows: cards } = await db.query<{ id: number }>(
    "insert into loyalty_cards (code, email) values ('CARD-1', 'card@example.com'), ('CARD-2', 'card@example.com') returning id",
  );
  const [oldCard, newCard] = cards.map((c) => c.id);

  const insert = (sql: string, params: unknown[]) => db.query(sql, params);
  // Hold claims: one ended a day ago, one still holding, one ended a moment ago but begun within the burst window.
  for (const [created, until] of [
    [minutes(24 * 60 + 15), minutes(24 * 60)],
    [minutes(5), minutes(-10)],
    [minutes(0.5), minutes(0.25)],
  ] as const) {
    await insert('insert into hold_claims (client_ip, email, places, created_at, held_until) values ($1, $2, 1, $3, $4)', [
      '10.0.0.1',
      'a@example.com',
      created,
      until,
    ]);
  }
  // Staff sessions: idle past the limit, and seen a minute ago.
  await insert('insert into staff_sessions (id_hash, staff_id, created_at, last_seen_at, ip) values ($1, $2, $3, $3, $4)', [
    'idle',
    staffId,
    new Date(now.getTime() - STAFF_SESSION_IDLE_MS - 60_000),
    '10.0.0.1',
  ]);
  await insert('insert into staff_sessions (id_hash, staff_id, created_at, last_seen_at, ip) values ($1, $2, $3, $4, $5)', [
    'live',
    staffId,
    minutes(60),
    minutes(1),
    '10.0.0.1',
  ]);
  // Seen a minute ago but begun longer ago than a session's absolute lifetime: over too.
  await insert('insert into staff_sessions (id_hash, staff_id, created_at, last_seen_at, ip) values ($1, $2, $3, $4, $5)', [
    'aged',
    staffId,
    new Date(now.getTime() - STAFF_SESSION_MAX_MS - 60_000),
    minutes(1),
    '10.0.0.1',
  ]);
  // Captcha challenges: expired two hours ago, and live.
  await insert('insert into captcha_challenges (sid, answer_hash, expires_at) values ($1, $2, $3), ($4, $2, $5)', [
    'old',
    'h',
    minutes(120),
    'new',
    minutes(-5),
  ]);
  // Counters: past their windows, and within them.
  await insert('insert into rate_limit_hits (bucket, client_ip, hit_at) values ($1, $2, $3), ($1, $2, $4)', [
    'captcha',
    '10.0.0.1',
    minutes(5),
    minutes(0.5),
  ]);
  await insert('insert into staff_sign_in_attempts (ip, attempted_at) values ($1, $2), ($1, $3)', ['10.0.0.1', minutes(30), minutes(2)]);
  await insert('insert into discount_code_failures (order_id, failed_at, client_ip) values ($1, $2, $3), ($1, $4, $3)', [
    order.id,
    minutes(90),
    '10.0.0.1',
    minutes(10),
  ]);
  // Failed sign-ins per e-mail and address, and wrong re-authentication answers: past their windows, and within them.
  await insert(
    'insert into staff_sign_in_failures (email_key, address_key, failures, last_failed_at) values ($1, $2, 3, $3), ($4, $2, 3, $5)',
    ['old@example.com', '10.0.0.1', minutes(20), 'new@example.com', minutes(1)],
  );
  await insert('insert into staff_reauth_failures (staff_id, failed_at) values ($1, $2), ($1, $3)', [staffId, minutes(20), minutes(1)]);
  // Card codes: expired two days ago, and live.
  await insert(
    'insert into loyalty_card_proofs (order_id, card_id, code_hash, sent_at, expires_at) values ($1, $2, $3, $4, $4), ($1, $5, $3, $6, $7)',
    [order.id, oldCard, 'h', minutes(48 * 60), newCard, minutes(1), minutes(-9)],
  );
  // Wallet pushes: sent two days ago, and sent a minute ago.
  await insert('insert into wallet_pushes (push_token, created_at, next_at, sent_at) values ($1, $2, $2, $2), ($1, $3, $3, $3)', [
    'token',
    minutes(48 * 60),
    minutes(1),
  ]);
  // E-mails: sent long ago, sent today, and one never sent (still to be retried).
  const longAgo = new Date(now.getTime() - (SENT_MAIL_BODY_DAYS + 1) * 24 * 3_600_000);
  for (const [key, sent] of [
    ['old', longAgo],
    ['new', minutes(60)],
    ['unsent', null],
  ] as const) {
    await insert(
      "insert into mail_outbox (dedupe_key, to_address, subject, text_body, html_body, created_at, next_attempt_at, sent_at, order_id) values ($1, 'b@example.com', 'Tickets', 'https://x/order/abc', '<p>x</p>', $2, $2, $3, $4)",
      [key, sent ?? longAgo, sent, order.id],
    );
  }
}

describe('the table-cleanup job', () => {
  it('deletes the rows that are over in every table that grows with visits, keeps the rest, and empties old sent e-mails only', async () => {
    await fillTables();
    // Two instances at once: every row goes once, and the counts add up to one run's.
    const [a, b] = await Promise.all([cleanUpTables(db, now, windows), cleanUpTables(db, now, windows)]);
    const sum = (table: string) => (a[table] ?? 0) + (b[table] ?? 0);
    expect(sum('hold_claims')).toBe(1);
    expect(await count('hold_claims')).toBe(2);
    expect(sum('staff_sessions')).toBe(2);
    expect(await count('staff_sessions', "id_hash = 'live'")).toBe(1);
    expect(await count('staff_sessions')).toBe(1);
    for (const table of [
      'captcha_challenges',
      'rate_limit_hits',
      'staff_sign_in_attempts',
      'staff_sign_in_failures',
      'staff_reauth_failures',
      'discount_code_failures',
      'loyalty_card_proofs',
      'wallet_pushes',
    ]) {
      expect({ table, deleted: sum(table), left: await count(table) }).toEqual({ table, deleted: 1, left: 1 });
    }
    expect(await count('captcha_challenges', "sid = 'new'")).toBe(1);
    expect(await count('rate_limit_hits', `hit_at > '${minutes(1).toISOString()}'`)).toBe(1);
    expect(sum('mail_outbox_bodies')).toBe(1);
    const { rows: mail } = await db.query<{ dedupe_key: string; text_body: string; html_body: string | null }>(
      'select dedupe_key, text_body, html_body from mail_outbox order by id',
    );
    expect(mail).toEqual([
      { dedupe_key: 'old', text_body: '', html_body: null },
      { dedupe_key: 'new', text_body: 'https://x/order/abc', html_body: '<p>x</p>' },
      { dedupe_key: 'unsent', text_body: 'https://x/order/abc', html_body: '<p>x</p>' },
    ]);
    // A second run finds nothing more.
    expect(Object.values(await cleanUpTables(db, now, windows)).every((n) => n === 0)).toBe(true);
  });

  it('deletes a backlog larger than one batch', async () => {
    await db.query(
      "insert into rate_limit_hits (bucket, client_ip, hit_at) select 'pay', '10.0.0.' || (g % 200), $1 from generate_series(1, 12000) g",
      [minutes(10)],
    );
    await db.query("insert into rate_limit_hits (bucket, client_ip, hit_at) values ('pay', '10.0.0.1', $1)", [now]);
    const deleted = await cleanUpTables(db, now, windows);
    expect(deleted.rate_limit_hits).toBe(12000);
    expect(await count('rate_limit_hits')).toBe(1);
  });
});
