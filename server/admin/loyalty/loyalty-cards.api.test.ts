import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_PAGE_SIZE } from '../../../contract/admin/loyalty-rules.ts';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import {
  completeAtBank,
  lastCardProofCode,
  makeOrder,
  pay,
  preparePaymentCatalog,
  sandboxId,
  view,
} from '../../payments/payment-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Loyalty cards in the back office, and the storefront's own calls seeing each change at once.
const START = new Date('2026-11-27T07:00:00Z');
const DEMO_CARD = '1000200030004000';
let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
let owner: { cookie: string; member: { id: number; name: string } };
let support: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 300 });
  manager = await signedInAs(t, 'manager');
  owner = await signedInAs(t, 'owner');
  support = await signedInAs(t, 'support');
});
afterAll(() => t.close());

const card = {
  code: '7000000000000001',
  holderName: 'Анна Петрова',
  email: 'anna.petrova@example.test',
  accrualPercent: 7,
  openingBalance: 0,
  blocked: false,
};
let serial = 100;
const newCode = () => `70000000000${String((serial += 1)).padStart(5, '0')}`;
const create = async (body: object = {}) => {
  const res = await adminCall(t, 'POST', '/api/admin/loyalty-cards', manager.cookie, { ...card, code: newCode(), ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().card;
};
const formOf = (c: { revision: number; holderName: string; email: string; accrualPercent: number; blocked: boolean }) => ({
  revision: c.revision,
  holderName: c.holderName,
  email: c.email,
  accrualPercent: c.accrualPercent,
  blocked: c.blocked,
});
const cardsTable = async () => (await t.db.query('select * from loyalty_cards order by id')).rows;
const movesTable = async () => (await t.db.query('select * from loyalty_transactions order by id')).rows;
const auditOf = async (id: number) =>
  (
    await t.db.query<{ action: string; staff_id: number; before: unknown; after: unknown }>(
      "select action, staff_id, before, after from audit_log where subject_type = 'loyalty-card' and subject_id = $1 order by id",
      [String(id)],
    )
  ).rows;
const movements = async (id: number, cookie = manager.cookie) =>
  (await adminCall(t, 'GET', `/api/admin/loyalty-cards/${id}/movements`, cookie)).json().movements;
const correct = (id: number, body: object, cookie = manager.cookie) =>
  adminCall(t, 'POST', `/api/admin/loyalty-cards/${id}/corrections`, cookie, body);
const discount = (hash: string, body: object) => t.post('/api/order/discount', { hash, lang: 'ru', ...body });

describe('a new card', () => {
  it('is created with its opening balance as its first movement, audited, and listed', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/loyalty-cards', manager.cookie, {
      ...card,
      code: '  7000000000000001 ',
      email: ' Anna.Petrova@example.test ',
      openingBalance: 400,
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().card;
    expect(made).toMatchObject({
      code: '7000000000000001',
      holderName: 'Анна Петрова',
      email: 'Anna.Petrova@example.test',
      balance: 400,
      heldBonuses: 0,
      accrualPercent: 7,
      blocked: false,
      revision: 1,
      updatedBy: manager.member.name,
    });
    expect(await movements(made.id)).toEqual([
      expect.objectContaining({ kind: 'open', bonuses: 400, orderId: null, staffName: manager.member.name, reason: null }),
    ]);
    expect((await auditOf(made.id)).map((a) => [a.action, a.staff_id])).toEqual([['loyalty-card.create', manager.member.id]]);
    expect((await auditOf(made.id))[0]?.after).toMatchObject({ code: '7000000000000001', balance: 400 });
    // A card made with no opening balance has no movement yet.
    expect(await movements((await create()).id)).toEqual([]);
  });

  it('refuses bad input on its field, in the member language, and changes nothing', async () => {
    const cards = await cardsTable();
    const moves = await movesTable();
    const cases: Array<[object, string[]]> = [
      [{ code: '123' }, ['code']],
      [{ code: '1234 5678' }, ['code']],
      [{ code: '9'.repeat(65) }, ['code']],
      [{ code: 42 }, ['code']],
      [{ holderName: '   ' }, ['holderName']],
      [{ holderName: 'Я'.repeat(201) }, ['holderName']],
      [{ email: 'not-an-email' }, ['email']],
      [{ email: 'a@b' }, ['email']],
      [{ accrualPercent: 101 }, ['accrualPercent']],
      [{ accrualPercent: -1 }, ['accrualPercent']],
      [{ accrualPercent: 2.5 }, ['accrualPercent']],
      [{ openingBalance: -1 }, ['openingBalance']],
      [{ openingBalance: 1.5 }, ['openingBalance']],
      [{ blocked: 'yes' }, ['blocked']],
    ];
    for (const [body, paths] of cases) {
      const res = await adminCall(t, 'POST', '/api/admin/loyalty-cards', manager.cookie, {
        ...card,
        code: '7100000000000001',
        ...body,
        lang: 'en',
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        JSON.stringify(body),
      ).toEqual(paths);
      expect(res.json().errorText, JSON.stringify(body)).toMatch(/[A-Za-z]/);
    }
    const taken = await adminCall(t, 'POST', '/api/admin/loyalty-cards', manager.cookie, { ...card, code: ` ${DEMO_CARD} ` });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      errorCode: '-2251',
      errorText: 'Не сохранено: исправьте отмеченные поля.',
      fields: [{ path: 'code', code: 'code-taken' }],
    });
    const takenEn = await adminCall(t, 'POST', '/api/admin/loyalty-cards', manager.cookie, { ...card, code: DEMO_CARD, lang: 'kz' });
    expect(takenEn.json().errorText).toBe('Сақталмады: белгіленген өрістерді түзетіңіз.');
    expect(await cardsTable()).toEqual(cards);
    expect(await movesTable()).toEqual(moves);
  });

  it('is made only by owners and managers; support reads cards', async () => {
    const refused = await adminCall(t, 'POST', '/api/admin/loyalty-cards', support.cookie, { ...card, code: newCode() });
    expect(refused.statusCode).toBe(403);
    expect((await adminCall(t, 'GET', `/api/admin/loyalty-cards?q=${DEMO_CARD}`, support.cookie)).json().cards).toEqual([
      expect.objectContaining({ code: DEMO_CARD }),
    ]);
  });
});

describe("a card's form", () => {
  it('saves holder, e-mail and percent, refuses a stale save naming who and when, and audits before and after', async () => {
    const made = await create();
    t.clock.advance(60_000);
    const first = await adminCall(t, 'PUT', `/api/admin/loyalty-cards/${made.id}`, owner.cookie, {
      ...formOf(made),
      holderName: 'Анна Сидорова',
      accrualPercent: 10,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().card).toMatchObject({
      holderName: 'Анна Сидорова',
      accrualPercent: 10,
      revision: 2,
      updatedBy: owner.member.name,
      balance: 0,
    });
    const stale = await adminCall(t, 'PUT', `/api/admin/loyalty-cards/${made.id}`, manager.cookie, {
      ...formOf(made),
      email: 'other@example.test',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'catalog-stale',
      errorText: `Изменено: ${owner.member.name}, 27.11.2026 10:01. Обновите страницу.`,
    });
    expect((await adminCall(t, 'GET', `/api/admin/loyalty-cards/${made.id}`, manager.cookie)).json().card).toMatchObject({
      email: card.email,
      holderName: 'Анна Сидорова',
    });
    const audit = await auditOf(made.id);
    expect(audit.map((a) => a.action)).toEqual(['loyalty-card.create', 'loyalty-card.update']);
    expect(audit[1]).toMatchObject({
      staff_id: owner.member.id,
      before: { holderName: 'Анна Петрова', accrualPercent: 7 },
      after: { holderName: 'Анна Сидорова', accrualPercent: 10 },
    });
  });

  it('refuses bad input on its field and an unknown card, and changes nothing', async () => {
    const made = await create();
    const cards = await cardsTable();
    for (const [body, path] of [
      [{ holderName: '' }, 'holderName'],
      [{ email: 'x@' }, 'email'],
      [{ accrualPercent: 200 }, 'accrualPercent'],
      [{ revision: 0 }, 'revision'],
    ] as const) {
      const res = await adminCall(t, 'PUT', `/api/admin/loyalty-cards/${made.id}`, manager.cookie, { ...formOf(made), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual([path]);
    }
    const unknown = await adminCall(t, 'PUT', '/api/admin/loyalty-cards/987654', manager.cookie, { ...formOf(made), lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errorCode: '-2500', errorText: 'Loyalty card not found.' });
    expect(await cardsTable()).toEqual(cards);
  });

  it('audits a block and an unblock as such, with before and after', async () => {
    const made = await create();
    const blocked = (
      await adminCall(t, 'PUT', `/api/admin/loyalty-cards/${made.id}`, manager.cookie, { ...formOf(made), blocked: true })
    ).json().card;
    expect(blocked.blocked).toBe(true);
    await adminCall(t, 'PUT', `/api/admin/loyalty-cards/${made.id}`, manager.cookie, {
      ...formOf(blocked),
      blocked: false,
      holderName: 'Анна П.',
    });
    const audit = await auditOf(made.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['loyalty-card.create', null, expect.anything()],
      ['loyalty-card.block', { blocked: false }, { blocked: true }],
      ['loyalty-card.update', expect.objectContaining({ holderName: 'Анна Петрова' }), expect.objectContaining({ holderName: 'Анна П.' })],
      ['loyalty-card.unblock', { blocked: true }, { blocked: false }],
    ]);
  });
});

describe('a balance correction', () => {
  it('adds and takes bonuses with the reason, as movements with who and why, audited', async () => {
    const made = await create({ openingBalance: 100 });
    t.clock.advance(1000);
    const credit = await correct(made.id, { delta: 50, reason: '  Компенсация за отменённый концерт ' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({
      card: { balance: 150 },
      movement: { kind: 'credit', bonuses: 50, staffName: manager.member.name, reason: 'Компенсация за отменённый концерт' },
    });
    t.clock.advance(1000);
    const debit = await correct(made.id, { delta: -150, reason: 'Ошибочное начисление' }, owner.cookie);
    expect(debit.json()).toMatchObject({ card: { balance: 0 }, movement: { kind: 'debit', bonuses: -150, staffName: owner.member.name } });
    expect((await movements(made.id)).map((m: { kind: string; bonuses: number }) => [m.kind, m.bonuses])).toEqual([
      ['debit', -150],
      ['credit', 50],
      ['open', 100],
    ]);
    const audit = await auditOf(made.id);
    expect(audit.slice(1).map((a) => [a.action, a.before, a.after])).toEqual([
      ['loyalty-card.correct', { balance: 100 }, { balance: 150, delta: 50, reason: 'Компенсация за отменённый концерт' }],
      ['loyalty-card.correct', { balance: 150 }, { balance: 0, delta: -150, reason: 'Ошибочное начисление' }],
    ]);
  });

  it('refuses to take the balance below zero with 409 and a clear text, and changes nothing', async () => {
    const made = await create({ openingBalance: 30 });
    const cards = await cardsTable();
    const moves = await movesTable();
    const refused = await correct(made.id, { delta: -31, reason: 'Списание' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: '-2501', fields: [{ path: 'delta', code: 'balance-short' }] });
    expect(refused.json().errorText).toContain('не больше 30');
    expect((await correct(made.id, { delta: -31, reason: 'Debit', lang: 'en' })).json().errorText).toContain('At most 30 can be taken now');
    expect(await cardsTable()).toEqual(cards);
    expect(await movesTable()).toEqual(moves);
  });

  it('refuses bad input on its field and changes nothing', async () => {
    const made = await create({ openingBalance: 10 });
    const moves = await movesTable();
    for (const [body, path] of [
      [{ delta: 0, reason: 'x' }, 'delta'],
      [{ delta: 1.5, reason: 'x' }, 'delta'],
      [{ delta: '5', reason: 'x' }, 'delta'],
      [{ delta: 5, reason: '   ' }, 'reason'],
      [{ delta: 5 }, 'reason'],
      [{ delta: 5, reason: 'я'.repeat(501) }, 'reason'],
    ] as const) {
      const res = await correct(made.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        JSON.stringify(body),
      ).toEqual([path]);
    }
    expect((await correct(made.id, { delta: 5, reason: 'я'.repeat(500) })).statusCode).toBe(200);
    expect((await correct(987654, { delta: 5, reason: 'x' })).statusCode).toBe(404);
    expect((await movesTable()).length).toBe(moves.length + 1);
  });

  it('never takes bonuses an unpaid order has chosen to spend: the order keeps them', async () => {
    const made = await create({ openingBalance: 500, email: 'held@example.test' });
    const order = await makeOrder(t);
    await discount(order.hash, { cardCode: made.code });
    await discount(order.hash, { cardCode: made.code, cardProof: await lastCardProofCode(t, 'held@example.test') });
    expect((await discount(order.hash, { bonuses: 300 })).statusCode).toBe(200);
    expect((await adminCall(t, 'GET', `/api/admin/loyalty-cards/${made.id}`, manager.cookie)).json().card).toMatchObject({
      balance: 500,
      heldBonuses: 300,
    });
    const refused = await correct(made.id, { delta: -201, reason: 'Списание' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorText).toContain('не больше 200');
    expect((await correct(made.id, { delta: -200, reason: 'Списание' })).json().card).toMatchObject({ balance: 300, heldBonuses: 300 });
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ useBonuses: 300, totalDiscount: 300 });
    // A return that takes back accrued bonuses can leave less than orders hold: a credit still lands, a debit does not.
    await t.db.query('update loyalty_cards set balance = 100 where id = $1', [made.id]);
    expect((await correct(made.id, { delta: 50, reason: 'Подарок' })).json().card).toMatchObject({ balance: 150, heldBonuses: 300 });
    expect((await correct(made.id, { delta: -1, reason: 'Списание' })).statusCode).toBe(409);
  });
});

describe('a card blocked in the back office', () => {
  it('is blocked on the storefront at once; an order that chose bonuses keeps them and pays with them', async () => {
    const made = await create({ openingBalance: 1000, email: 'blocked-later@example.test' });
    const order = await makeOrder(t);
    await discount(order.hash, { cardCode: made.code });
    await discount(order.hash, { cardCode: made.code, cardProof: await lastCardProofCode(t, 'blocked-later@example.test') });
    expect((await discount(order.hash, { bonuses: 200 })).statusCode).toBe(200);

    const blocked = await adminCall(t, 'PUT', `/api/admin/loyalty-cards/${made.id}`, manager.cookie, { ...formOf(made), blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);

    // The order page's loyalty block shows it blocked, keeps the bonuses chosen, refuses more.
    expect((await view(t, order.hash)).body.discountData).toMatchObject({
      cardCode: made.code,
      isBlocked: 1,
      availableBonuses: 0,
      useBonuses: 200,
      totalDiscount: 200,
    });
    const more = await discount(order.hash, { bonuses: 300 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ errorCode: '-1002', errorText: 'Карта лояльности заблокирована' });
    // Another visitor cannot attach it: no code is mailed, any code is refused.
    const other = await makeOrder(t);
    const mails = async () =>
      (await t.db.query<{ n: number }>("select count(*)::int as n from mail_outbox where to_address = 'blocked-later@example.test'"))
        .rows[0]?.n;
    const sent = await mails();
    expect((await discount(other.hash, { cardCode: made.code })).json()).toMatchObject({ cardProof: 'required' });
    expect(await mails()).toBe(sent);
    expect((await discount(other.hash, { cardCode: made.code, cardProof: '123456' })).statusCode).toBe(400);

    // Paid: the 200 bonuses are spent; a blocked card accrues nothing.
    await completeAtBank(t, sandboxId(await pay(t, order.hash, 1)), 'pay');
    const after = (await adminCall(t, 'GET', `/api/admin/loyalty-cards/${made.id}`, support.cookie)).json().card;
    expect(after).toMatchObject({ balance: 800, heldBonuses: 0, blocked: true });
    const moves = await movements(made.id, support.cookie);
    expect(
      moves.map((m: { kind: string; bonuses: number; orderId: number | null; orderNumber: number | null }) => [
        m.kind,
        m.bonuses,
        m.orderId,
        m.orderNumber,
      ]),
    ).toEqual([
      ['spend', -200, order.id, Number(order.number)],
      ['open', 1000, null, null],
    ]);
    const orders = (await adminCall(t, 'GET', `/api/admin/loyalty-cards/${made.id}/orders`, support.cookie)).json().orders;
    expect(orders).toEqual([expect.objectContaining({ id: order.id, number: Number(order.number), bonuses: 200, chargedBonus: 0 })]);

    // Unblocked: usable again on the next call.
    await adminCall(t, 'PUT', `/api/admin/loyalty-cards/${made.id}`, manager.cookie, { ...formOf(after), blocked: false });
    const next = await makeOrder(t);
    await discount(next.hash, { cardCode: made.code });
    expect(
      (await discount(next.hash, { cardCode: made.code, cardProof: await lastCardProofCode(t, 'blocked-later@example.test') })).statusCode,
    ).toBe(200);
    expect((await view(t, next.hash)).body.discountData).toMatchObject({ isBlocked: 0, availableBonuses: 800 });
  });
});

describe('GET /api/admin/loyalty-cards', () => {
  it('finds a card by its full number, its last 4 digits, the holder name (any word) and the e-mail, and filters by state', async () => {
    const a = await create({ holderName: 'Борис Годунов', email: 'boris.g@example.test', code: '8800555535354242' });
    const b = await create({ holderName: 'Ёлкина Мария', email: 'maria@example.test', code: '8800555535359999', blocked: true });
    const codes = async (query: string) =>
      (await adminCall(t, 'GET', `/api/admin/loyalty-cards?${query}`, support.cookie)).json().cards.map((c: { code: string }) => c.code);
    expect(await codes('q=8800555535354242')).toEqual([a.code]);
    expect(await codes('q=4242')).toEqual([a.code]);
    expect(await codes('q=9999')).toEqual([b.code]);
    expect(await codes(`q=${encodeURIComponent('годунов')}`)).toEqual([a.code]);
    expect(await codes(`q=${encodeURIComponent('БОР')}`)).toEqual([a.code]);
    expect(await codes(`q=${encodeURIComponent('ёлкина')}`)).toEqual([b.code]);
    expect(await codes('q=BORIS.G%40')).toEqual([a.code]);
    expect(await codes(`q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await codes(`q=8800555535&state=all`)).toEqual([]);
    expect(await codes(`q=${encodeURIComponent('maria')}&state=active`)).toEqual([]);
    expect(await codes(`q=${encodeURIComponent('maria')}&state=blocked`)).toEqual([b.code]);
    const blockedOnly = (await adminCall(t, 'GET', '/api/admin/loyalty-cards?state=blocked', support.cookie)).json().cards;
    expect(blockedOnly.length).toBeGreaterThan(0);
    expect(blockedOnly.every((c: { blocked: boolean }) => c.blocked)).toBe(true);
  });

  it(`pages ${LOYALTY_PAGE_SIZE} cards at a time, newest first`, async () => {
    for (let i = 0; i < LOYALTY_PAGE_SIZE + 2; i += 1) await create({ holderName: `Пейджер ${i}` });
    const first = (await adminCall(t, 'GET', `/api/admin/loyalty-cards?q=${encodeURIComponent('пейджер')}`, manager.cookie)).json();
    expect(first).toMatchObject({ total: LOYALTY_PAGE_SIZE + 2, page: 1, pageSize: LOYALTY_PAGE_SIZE });
    expect(first.cards).toHaveLength(LOYALTY_PAGE_SIZE);
    expect(first.cards[0].holderName).toBe(`Пейджер ${LOYALTY_PAGE_SIZE + 1}`);
    const second = (await adminCall(t, 'GET', `/api/admin/loyalty-cards?q=${encodeURIComponent('пейджер')}&page=2`, manager.cookie)).json();
    expect(second.cards.map((c: { holderName: string }) => c.holderName)).toEqual(['Пейджер 1', 'Пейджер 0']);
    expect((await adminCall(t, 'GET', '/api/admin/loyalty-cards?state=gone', manager.cookie)).statusCode).toBe(400);
  });

  it("pages a card's movements newest first", async () => {
    const made = await create({ openingBalance: 1 });
    for (let i = 1; i <= LOYALTY_PAGE_SIZE; i += 1) {
      t.clock.advance(1000);
      await correct(made.id, { delta: i, reason: `Начисление ${i}` });
    }
    const first = (await adminCall(t, 'GET', `/api/admin/loyalty-cards/${made.id}/movements`, manager.cookie)).json();
    expect(first.more).toBe(true);
    expect(first.movements[0]).toMatchObject({ kind: 'credit', bonuses: LOYALTY_PAGE_SIZE });
    const last = first.movements.at(-1).id;
    const second = (await adminCall(t, 'GET', `/api/admin/loyalty-cards/${made.id}/movements?before=${last}`, manager.cookie)).json();
    expect(second).toMatchObject({ more: false, movements: [expect.objectContaining({ kind: 'open', bonuses: 1 })] });
  });
});
