import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '../../../contract/admin/offers-rules.ts';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { makeOrder, preparePaymentCatalog, view } from '../../payments/payment-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Promo codes in the back office, and the storefront's promo call seeing each change at once.
const START = new Date('2026-11-27T07:00:00Z');
let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
let other: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 200 });
  manager = await signedInAs(t, 'manager');
  other = await signedInAs(t, 'owner');
});
afterAll(() => t.close());

const terms = { kind: 'percent', value: 1500, validFrom: null, validUntil: null, usageLimit: null, eventId: null, active: true };
const applyPromo = (hash: string, promoCode: string) => t.post('/api/order/discount', { hash, lang: 'ru', promoCode });
const promoTable = async () =>
  (await t.db.query<{ code: string; revision: number }>('select code, revision, is_active, value from promo_codes order by id')).rows;
const auditOf = async (subjectId: string) =>
  (
    await t.db.query<{ action: string; staff_id: number; before: unknown; after: unknown }>(
      "select action, staff_id, before, after from audit_log where subject_type = 'promo-code' and subject_id = $1 order by id",
      [subjectId],
    )
  ).rows;

describe('a single promo code', () => {
  it('is created upper-case, audited, and applies on the order page at once', async () => {
    const created = await adminCall(t, 'POST', '/api/admin/promo-codes', manager.cookie, { ...terms, code: '  winter15 ' });
    expect(created.statusCode, created.body).toBe(200);
    const code = created.json().code;
    expect(code).toMatchObject({
      code: 'WINTER15',
      kind: 'percent',
      value: 1500,
      active: true,
      paidUses: 0,
      unpaidUses: 0,
      used: false,
      revision: 1,
      updatedBy: manager.member.name,
    });
    expect((await auditOf(String(code.id))).map((a) => [a.action, a.staff_id])).toEqual([['promo-code.create', manager.member.id]]);

    const order = await makeOrder(t);
    const applied = await applyPromo(order.hash, 'winter15');
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ promoCode: 'WINTER15', totalDiscount: 150 });
    const listed = await adminCall(t, 'GET', '/api/admin/promo-codes?q=win', manager.cookie);
    expect(listed.json().codes).toEqual([expect.objectContaining({ code: 'WINTER15', paidUses: 0, unpaidUses: 1, used: true })]);
  });

  it('refuses bad input on its field, in the member language, and changes nothing', async () => {
    const before = await promoTable();
    const cases: Array<[object, string[]]> = [
      [{ ...terms, code: 'ab' }, ['code']],
      [{ ...terms, code: 'WITH SPACE' }, ['code']],
      [{ ...terms, code: 'X'.repeat(65) }, ['code']],
      [{ ...terms, code: 'OVER100', value: 10_001 }, ['value']],
      [{ ...terms, code: 'ZERO', value: 0 }, ['value']],
      [{ ...terms, code: 'DATES', validFrom: '2026-12-02T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' }, ['validUntil']],
      [{ ...terms, code: 'LIMIT0', usageLimit: 0 }, ['usageLimit']],
      [{ ...terms, code: 'KIND', kind: 'gift' }, ['kind']],
      [{ ...terms, code: 'BADDATE', validFrom: 'tomorrow' }, ['validFrom']],
    ];
    for (const [body, paths] of cases) {
      const res = await adminCall(t, 'POST', '/api/admin/promo-codes', manager.cookie, { ...body, lang: 'en' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        JSON.stringify(body),
      ).toEqual(paths);
    }
    const taken = await adminCall(t, 'POST', '/api/admin/promo-codes', manager.cookie, { ...terms, code: 'demo10' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      errorCode: '-2251',
      errorText: 'Не сохранено: исправьте отмеченные поля.',
      fields: [{ path: 'code', code: 'code-taken' }],
    });
    const unknownEvent = await adminCall(t, 'POST', '/api/admin/promo-codes', manager.cookie, {
      ...terms,
      code: 'NOEVENT',
      eventId: 4242,
      lang: 'en',
    });
    expect(unknownEvent.json()).toMatchObject({
      errorCode: '-2251',
      errorText: 'Not saved: correct the marked fields.',
      fields: [{ path: 'eventId', code: 'unknown-event' }],
    });
    expect(await promoTable()).toEqual(before);
  });

  it('refuses a stale save naming who saved it and when; the current one lands and is audited with before and after', async () => {
    const made = (await adminCall(t, 'POST', '/api/admin/promo-codes', manager.cookie, { ...terms, code: 'STALE1' })).json().code;
    t.clock.advance(60_000);
    const first = await adminCall(t, 'PUT', `/api/admin/promo-codes/${made.id}`, other.cookie, {
      ...terms,
      code: 'STALE1',
      usageLimit: 5,
      revision: made.revision,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().code).toMatchObject({ usageLimit: 5, revision: 2, updatedBy: other.member.name });
    const second = await adminCall(t, 'PUT', `/api/admin/promo-codes/${made.id}`, manager.cookie, {
      ...terms,
      code: 'STALE1',
      usageLimit: 9,
      revision: made.revision,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorText).toBe(`Изменено: ${other.member.name}, 27.11.2026 10:01. Обновите страницу.`);
    expect((await adminCall(t, 'GET', `/api/admin/promo-codes/${made.id}`, manager.cookie)).json().code.usageLimit).toBe(5);
    const audit = await auditOf(String(made.id));
    expect(audit.map((a) => a.action)).toEqual(['promo-code.create', 'promo-code.update']);
    expect(audit[1]).toMatchObject({ before: { usageLimit: null }, after: { usageLimit: 5 } });
  });

  it('keeps the code and discount of a code orders hold, and applies a deactivation to the next visitor only', async () => {
    const made = (await adminCall(t, 'POST', '/api/admin/promo-codes', manager.cookie, { ...terms, code: 'HELD20', value: 2000 })).json()
      .code;
    const holder = await makeOrder(t);
    expect((await applyPromo(holder.hash, 'HELD20')).statusCode).toBe(200);
    const discountBefore = (await view(t, holder.hash)).body.discountData.totalDiscount;

    const changed = await adminCall(t, 'PUT', `/api/admin/promo-codes/${made.id}`, manager.cookie, {
      ...terms,
      code: 'HELD21',
      value: 5000,
      revision: 1,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      errorCode: '-2401',
      fields: [
        { path: 'code', code: 'in-use' },
        { path: 'value', code: 'in-use' },
      ],
    });
    expect(changed.json().errorText).toContain('Код и скидку промокода');

    const off = await adminCall(t, 'PUT', `/api/admin/promo-codes/${made.id}`, manager.cookie, {
      ...terms,
      code: 'HELD20',
      value: 2000,
      active: false,
      revision: 1,
    });
    expect(off.statusCode, off.body).toBe(200);
    // The order that holds it keeps its discount; a new visitor gets the storefront's refusal.
    expect((await view(t, holder.hash)).body.discountData).toMatchObject({ promoCode: 'HELD20', totalDiscount: discountBefore });
    const next = await makeOrder(t);
    const refused = await applyPromo(next.hash, 'HELD20');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: '-1002', promoCode: '' });

    const deleted = await adminCall(t, 'DELETE', `/api/admin/promo-codes/${made.id}?revision=2`, manager.cookie);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({
      errorCode: '-2400',
      errorText: 'Промокод уже использовался в заказах: удалить его нельзя, можно только отключить.',
    });
  });

  it('deletes a code no order held, audited', async () => {
    const made = (await adminCall(t, 'POST', '/api/admin/promo-codes', manager.cookie, { ...terms, code: 'UNUSED' })).json().code;
    const res = await adminCall(t, 'DELETE', `/api/admin/promo-codes/${made.id}?revision=1`, manager.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await adminCall(t, 'GET', `/api/admin/promo-codes/${made.id}`, manager.cookie)).statusCode).toBe(404);
    expect((await auditOf(String(made.id))).map((a) => a.action)).toEqual(['promo-code.create', 'promo-code.delete']);
  });

  it('lists by state, event and code beginning, paged', async () => {
    const all = (await adminCall(t, 'GET', '/api/admin/promo-codes', manager.cookie)).json();
    expect(all.total).toBeGreaterThanOrEqual(4);
    const expired = (await adminCall(t, 'GET', '/api/admin/promo-codes?state=expired', manager.cookie)).json();
    expect(expired.codes.map((c: { code: string }) => c.code)).toEqual(['OLD']);
    const inactive = (await adminCall(t, 'GET', '/api/admin/promo-codes?state=inactive', manager.cookie)).json();
    expect(inactive.codes.map((c: { code: string }) => c.code)).toContain('HELD20');
    expect((await adminCall(t, 'GET', '/api/admin/promo-codes?q=%25', manager.cookie)).json().codes).toEqual([]);
    const forEvent = await adminCall(t, 'POST', '/api/admin/promo-codes', manager.cookie, { ...terms, code: 'ONLY9000', eventId: 9000 });
    expect(forEvent.json().code.eventName).toBe('Событие');
    expect(
      (await adminCall(t, 'GET', '/api/admin/promo-codes?eventId=9000', manager.cookie)).json().codes.map((c: { code: string }) => c.code),
    ).toEqual(['ONLY9000']);
    const bad = await adminCall(t, 'GET', '/api/admin/promo-codes?state=soon', manager.cookie);
    expect(bad.statusCode).toBe(400);
  });
});

describe('a generated batch', () => {
  it('makes unique codes of the prefix and the unambiguous alphabet, audited once, downloadable as CSV for Excel', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/promo-codes/batches', manager.cookie, {
      ...terms,
      kind: 'amount',
      value: 20_000,
      prefix: 'ny-',
      count: 300,
      length: 6,
      usageLimit: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { batchId, count } = res.json();
    expect(count).toBe(300);
    const rows = (
      await t.db.query<{ code: string; usage_limit: number }>('select code, usage_limit from promo_codes where batch_id = $1', [batchId])
    ).rows;
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.code)).size).toBe(300);
    const pattern = new RegExp(`^NY-[${CODE_ALPHABET}]{6}$`);
    for (const row of rows) expect(row.code).toMatch(pattern);
    expect(rows.every((r) => r.usage_limit === 1)).toBe(true);
    const audit = (
      await t.db.query<{ action: string; after: { count: number; codes: string[] } }>(
        "select action, after from audit_log where subject_type = 'promo-batch' and subject_id = $1",
        [String(batchId)],
      )
    ).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'promo-code.batch-create', after: { count: 300 } });
    expect(audit[0]?.after.codes).toHaveLength(300);

    const csv = await adminCall(t, 'GET', `/api/admin/promo-codes/batches/${batchId}/codes.csv`, manager.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="promo-codes-${batchId}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFКод,Скидка,Тип,Действует с,Действует до,Лимит использований,Событие,Активен');
    expect(lines).toHaveLength(302);
    expect(lines[1]).toMatch(/^NY-[A-Z2-9]{6},200\.00,руб\.,,,1,все события,да$/);
    const excel = await adminCall(t, 'GET', `/api/admin/promo-codes/batches/${batchId}/codes.csv?dialect=excel-semicolon`, manager.cookie);
    expect(excel.body.split('\r\n')[1]).toMatch(/^NY-[A-Z2-9]{6};200,00;руб\.;;;1;все события;да$/);

    // One of them applies on the order page at once; it is an amount off.
    const order = await makeOrder(t);
    const code = rows[0]?.code as string;
    expect((await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: code.toLowerCase() })).statusCode).toBe(200);
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ promoCode: code, totalDiscount: 200 });
  });

  it('refuses a bad batch on its field and writes nothing', async () => {
    const before = await promoTable();
    const cases: Array<[object, string]> = [
      [{ prefix: 'X', count: 10_001, length: 8 }, 'count'],
      [{ prefix: 'X', count: 0, length: 8 }, 'count'],
      [{ prefix: 'X', count: 5, length: 5 }, 'length'],
      [{ prefix: 'P'.repeat(21), count: 5, length: 8 }, 'prefix'],
      [{ prefix: 'A B', count: 5, length: 8 }, 'prefix'],
      [{ prefix: 'P'.repeat(20), count: 5, length: 16, value: 0 }, 'value'],
    ];
    for (const [body, path] of cases) {
      const res = await adminCall(t, 'POST', '/api/admin/promo-codes/batches', manager.cookie, { ...terms, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        JSON.stringify(body),
      ).toEqual([path]);
    }
    expect(await promoTable()).toEqual(before);
    expect((await adminCall(t, 'GET', '/api/admin/promo-codes/batches/999999/codes.csv', manager.cookie)).statusCode).toBe(404);
  });

  it('makes the largest batch, 10 000 codes', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/promo-codes/batches', manager.cookie, {
      ...terms,
      prefix: '',
      count: 10_000,
      length: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { n } = (
      await t.db.query<{ n: number }>('select count(distinct code)::int as n from promo_codes where batch_id = $1', [res.json().batchId])
    ).rows[0] as { n: number };
    expect(n).toBe(10_000);
  });
});

describe('hostile input', () => {
  it('answers every malformed call of the promo and offer pages with a 4xx, never a 5xx', async () => {
    const calls: Array<[Parameters<typeof adminCall>[1], string, unknown?]> = [
      ['GET', '/api/admin/promo-codes?page=abc'],
      ['GET', '/api/admin/promo-codes?page=0'],
      ['GET', `/api/admin/promo-codes?q=${'A'.repeat(5000)}`],
      ['GET', '/api/admin/promo-codes?eventId=99999999999'],
      ['GET', '/api/admin/promo-codes/0'],
      ['GET', '/api/admin/promo-codes/99999999999'],
      ['GET', '/api/admin/promo-codes/abc'],
      ['POST', '/api/admin/promo-codes', { code: 42, kind: 'percent', value: '10' }],
      ['POST', '/api/admin/promo-codes', { code: 'NULLS', kind: 'amount', value: 1e12 }],
      ['POST', '/api/admin/promo-codes', { code: 'NANS', kind: 'amount', value: 1.5 }],
      ['POST', '/api/admin/promo-codes', [1, 2, 3]],
      ['POST', '/api/admin/promo-codes', { code: 'X\u0000YZ', kind: 'amount', value: 100 }],
      ['PUT', '/api/admin/promo-codes/99999', { code: 'NOPE', kind: 'amount', value: 100, revision: 1 }],
      ['PUT', '/api/admin/promo-codes/1', { code: 'DEMO10', kind: 'percent', value: 1000 }],
      ['DELETE', '/api/admin/promo-codes/1'],
      ['DELETE', '/api/admin/promo-codes/1?revision=-1'],
      ['POST', '/api/admin/promo-codes/batches', { prefix: 'X', count: 1e9, length: 8, kind: 'amount', value: 100 }],
      ['POST', '/api/admin/promo-codes/batches', { prefix: null, count: 5, length: 8, kind: 'amount', value: 100 }],
      ['GET', '/api/admin/promo-codes/batches/abc/codes.csv'],
      ['POST', '/api/admin/special-offers', { name: { ru: 'x', de: 'y' }, amount: 1, perOrderLimit: 1 }],
      ['POST', '/api/admin/special-offers', { name: { ru: 'x' }, amount: 1, perOrderLimit: 1, stockTotal: 1e12 }],
      ['PUT', '/api/admin/special-offers/1', { name: { ru: 'x' }, amount: 1, perOrderLimit: 1 }],
      ['PUT', '/api/admin/special-offers/424242', { name: { ru: 'x' }, amount: 1, perOrderLimit: 1, revision: 1 }],
      ['DELETE', '/api/admin/special-offers/424242?revision=1'],
    ];
    const before = await promoTable();
    for (const [method, url, body] of calls) {
      const res = await adminCall(t, method, url, manager.cookie, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      expect(res.json().errorText, `${method} ${url}`).toBeTruthy();
    }
    expect(await promoTable()).toEqual(before);
  });
});
