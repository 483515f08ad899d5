import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { DEVICE, deviceKey, withKey } from '../../checkin/checkin-test-kit.ts';
import { preparePaymentCatalog } from '../../payments/payment-test-kit.ts';
import { createReturn, loadReturn, paidOrder } from '../../returns/returns-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';
import { SESSION, runUntilSettled } from './session-cancel-kit.ts';

// Moving and cancelling a session through the back office's calls: the guard, the schemas, the
// refusals in the staff member's language, and what a move does to returns, e-mails and the door.
const START = new Date('2026-11-21T10:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
  manager = (await signedInAs(t, 'manager')).cookie;
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  await t.db.query('delete from session_cancellations');
  await t.db.query('delete from session_postponements');
  // A return records its consent in the ledger, which refuses deletes (append-only): the test's
  // own reset lifts that guard for the one statement.
  await t.db.exec(`alter table consents disable trigger consents_no_change; delete from consents;
                   alter table consents enable trigger consents_no_change`);
  await t.db.query('delete from orders');
  await t.db.query('delete from mail_outbox');
  // Tomorrow, under the law's tiers, with returns off: a visitor could return nothing now.
  await t.db.query(
    `update sessions set is_cancelled = false, remaining = capacity, full_return_until = null, starts_at = $1 where id = ${SESSION}`,
    [new Date(START.getTime() + DAY)],
  );
  await t.db.query(`update events set refund_policy = 'culture-law', allow_return = false, refund_service_fee = false where id = 9000`);
});

const postpone = (body: Record<string, unknown>, session = SESSION) =>
  adminCall(t, 'POST', `/api/admin/sessions/${session}/postpone`, manager, body);

describe('POST /api/admin/sessions/:id/postpone', () => {
  it('moves the session, keeps the tickets, mails each buyer in their language, opens full returns until the deadline and admits at the door on the new day', async () => {
    const ru = await paidOrder(t);
    const en = await paidOrder(t);
    await t.db.query(`update orders set lang = 'en' where id = $1`, [en.id]);
    const codesBefore = (await t.db.query<{ code: string }>('select code from tickets where order_id = $1 order by id', [en.id])).rows.map(
      (r) => r.code,
    );

    const newStart = new Date(START.getTime() + 2 * DAY + 2 * HOUR);
    const deadline = new Date(START.getTime() + DAY);
    const moved = await postpone({ startsAt: newStart.toISOString(), fullReturnUntil: deadline.toISOString(), lang: 'ru' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      errorCode: '0',
      mailed: 2,
      session: { id: SESSION, startsAt: newStart.toISOString(), fullReturnUntil: deadline.toISOString() },
    });

    const { rows: mails } = await t.db.query<{ order_id: number; subject: string; text_body: string }>(
      `select order_id, subject, text_body from mail_outbox where dedupe_key like 'session-postpone:%' order by order_id`,
    );
    expect(mails.map((m) => m.order_id)).toEqual([ru.id, en.id]);
    expect(mails[0]?.subject).toMatch(/^Перенос: Событие, новая дата 23 ноября 2026/);
    expect(mails[0]?.text_body).toContain(`/order/return/${ru.hash}`);
    expect(mails[1]?.subject).toMatch(/^Moved: /);
    expect(mails[1]?.text_body).toContain(`/order/return/${en.hash}?lang=en`);

    // The same tickets, and a full return (the fee too) though the event takes none and the law's tiers would give nothing.
    expect(
      (await t.db.query<{ code: string }>('select code from tickets where order_id = $1 order by id', [en.id])).rows.map((r) => r.code),
    ).toEqual(codesBefore);
    const view = await loadReturn(t, ru.hash);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.response.rows.map((r) => [r.refund, r.returndatime])).toEqual([
      [530, DAY / 1000],
      [530, DAY / 1000],
    ]);
    const ticketId = view.body.response.rows[0]?.id ?? 0;
    expect((await createReturn(t, ru.hash, [ticketId])).status).toBe(200);

    // After the deadline the event's own rules are back: under the law's tiers two days before the start, no return.
    t.clock.set(new Date(deadline.getTime() + 60_000));
    const closed = await loadReturn(t, en.hash);
    expect((closed.body.response?.rows ?? []).every((r) => r.returndatime === 0)).toBe(true);
    expect((await createReturn(t, en.hash, [closed.body.response?.rows[0]?.id ?? 0])).status).toBeGreaterThanOrEqual(400);

    // At the door on the new day the old codes admit for the new date.
    t.clock.set(new Date(newStart.getTime() - HOUR));
    const key = await deviceKey(t);
    const scanned = await withKey(t, '/api/checkin/scan', key, { code: codesBefore[0], deviceId: DEVICE });
    expect(scanned.json()).toMatchObject({ verdict: 'admitted', ticket: { sessionId: SESSION, date: '2026-11-23', time: '15:00' } });

    const { rows: audit } = await t.db.query<{ action: string; after: Record<string, unknown> }>(
      `select action, after from audit_log where subject_type = 'session'`,
    );
    expect(audit).toEqual([
      {
        action: 'session.postpone',
        after: expect.objectContaining({ startsAt: newStart.toISOString(), fullReturnUntil: deadline.toISOString(), count: 2 }),
      },
    ]);
  });

  it.each([
    {
      description: 'a new start in the past',
      startsAt: -HOUR,
      until: -2 * HOUR,
      code: '-2652',
      field: 'startsAt',
      text: 'The new date and time must be in the future',
    },
    {
      description: 'a deadline after the new start',
      startsAt: 3 * DAY,
      until: 4 * DAY,
      code: '-2653',
      field: 'fullReturnUntil',
      text: 'The full-refund deadline must be',
    },
    {
      description: 'a deadline already passed',
      startsAt: 3 * DAY,
      until: -HOUR,
      code: '-2653',
      field: 'fullReturnUntil',
      text: 'The full-refund deadline must be',
    },
  ])('refuses $description in the member’s language and changes nothing', async ({ startsAt, until, code, field, text }) => {
    const refused = await postpone({
      startsAt: new Date(START.getTime() + startsAt).toISOString(),
      fullReturnUntil: new Date(START.getTime() + until).toISOString(),
      lang: 'en',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: code, errorText: expect.stringContaining(text), fields: [{ path: field }] });
    expect((await t.db.query<{ starts_at: Date }>(`select starts_at from sessions where id = ${SESSION}`)).rows[0]?.starts_at).toEqual(
      new Date(START.getTime() + DAY),
    );
    expect((await t.db.query('select 1 from mail_outbox where dedupe_key like $1', ['session-postpone:%'])).rows).toHaveLength(0);
  });

  it('refuses a malformed date, an unknown session and a cancelled one', async () => {
    const malformed = await postpone({ startsAt: '23.11.2026 18:00', fullReturnUntil: START.toISOString(), lang: 'en' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'startsAt' })]));
    const later = {
      startsAt: new Date(START.getTime() + 5 * DAY).toISOString(),
      fullReturnUntil: new Date(START.getTime() + 4 * DAY).toISOString(),
      lang: 'ru',
    };
    const unknown = await postpone(later, 987_654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: '-2650', errorText: 'Такого сеанса нет.' });
    await t.db.query(`update sessions set is_cancelled = true where id = ${SESSION}`);
    expect((await postpone(later)).json()).toMatchObject({ errorCode: '-2651', errorText: 'Сеанс уже отменён.' });
  });
});

describe('cancelling through /api/admin/sessions/:id', () => {
  it('shows the dry run, refuses a stale confirmation, confirms, and reports the progress to the end', async () => {
    await paidOrder(t);
    const preview = await adminCall(t, 'GET', `/api/admin/sessions/${SESSION}/cancel-preview?lang=en`, manager);
    expect(preview.statusCode, preview.body).toBe(200);
    const { plan } = preview.json();
    expect(plan.refund).toMatchObject({
      orders: 1,
      tickets: 2,
      amount: 106_000,
      byType: { card: { orders: 1, tickets: 2, amount: 106_000 } },
    });

    const empty = await adminCall(t, 'POST', `/api/admin/sessions/${SESSION}/cancel`, manager, {
      reason: '  ',
      fingerprint: plan.fingerprint,
      lang: 'en',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([expect.objectContaining({ path: 'reason' })]);

    await paidOrder(t);
    const stale = await adminCall(t, 'POST', `/api/admin/sessions/${SESSION}/cancel`, manager, {
      reason: 'Болезнь',
      fingerprint: plan.fingerprint,
      lang: 'en',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: '-2654', errorText: expect.stringContaining('look at the figures again') });

    const fresh = (await adminCall(t, 'GET', `/api/admin/sessions/${SESSION}/cancel-preview`, manager)).json().plan;
    const confirmed = await adminCall(t, 'POST', `/api/admin/sessions/${SESSION}/cancel`, manager, {
      reason: 'Болезнь',
      fingerprint: fresh.fingerprint,
      lang: 'ru',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    let progress = (await adminCall(t, 'GET', `/api/admin/sessions/${SESSION}/cancellation`, manager)).json();
    expect(progress.cancellation).toMatchObject({ progress: { total: 2, done: 0, pending: 2 }, finishedAt: null, reason: 'Болезнь' });
    await runUntilSettled(t);
    progress = (await adminCall(t, 'GET', `/api/admin/sessions/${SESSION}/cancellation`, manager)).json();
    expect(progress.cancellation).toMatchObject({
      progress: { total: 2, done: 2, pending: 0, failed: 0 },
      refunded: fresh.refund,
      problems: [],
    });
    expect(progress.cancellation.finishedAt).not.toBeNull();
  });
});
