import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGS } from '../../contract/lang.ts';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { startSmtp } from '../../tests/smtp.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';
import { serverText } from '../locales/texts.ts';
import { deliverDueMail } from '../mail/mail-worker.ts';
import { smtpTransport } from '../mail/transport.ts';
import { completeAtBank, pay, sandboxId } from '../payments/payment-test-kit.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from '../quantity-order/quantity-fixtures.ts';

// The quantity fixture's sessions begin at 11:00 UTC 7 (9200) and 8 (9201) days after the
// database's today; the clock starts at the database's now, so every date here is relative.
const DAY = 86_400_000;
const CONSENT_BOX = 9210;
const NEWSLETTER_BOX = 9211;
const BUYER = { fio: 'Секретова Агния', phone: '+7 912 345 6789', email: 'secret.buyer@example.test' };

let t: TestApp;
let log: string[];

beforeEach(async () => {
  log = [];
  t = await createTestApp({
    demo: false,
    clock: createClock(),
    config: { logLevel: 'info' },
    deps: { logStream: { write: (line: string) => void log.push(line) } },
  });
  await insertQuantityCatalog(t.db);
  await t.db.exec(`
    insert into checkboxes (id, scope, sortnum, name, required, consent) values
      (${CONSENT_BOX}, 'order', 3, '{"ru":"Даю согласие на обработку персональных данных","en":"I consent"}', true, 'order'),
      (${NEWSLETTER_BOX}, 'order', 4, '{"ru":"Согласен на рассылку","en":"Newsletter"}', false, 'newsletter');
  `);
});
afterEach(() => t.close());

type Ticks = { consent?: boolean; newsletter?: boolean };
async function order(session: 9200 | 9201, ticks: Ticks = { consent: true }, lang = 'ru', buyer = BUYER) {
  const when = await sessionWhen(t.db, session);
  const checkboxList = [
    { id: 9200, checked: true },
    ...(ticks.consent ? [{ id: CONSENT_BOX, checked: true }] : []),
    ...(ticks.newsletter ? [{ id: NEWSLETTER_BOX, checked: true }] : []),
  ];
  return t.post('/api/order/create', {
    ...ordinaryOrderBody(when, 1, lang),
    fio: buyer.fio,
    phone: buyer.phone,
    email: buyer.email,
    re_email: buyer.email,
    checkboxList,
  });
}

async function paidOrder(session: 9200 | 9201, buyer = BUYER) {
  const placed = await order(session, { consent: true }, 'ru', buyer);
  expect(placed.statusCode, placed.body).toBe(200);
  const hash = placed.json<{ hash: string }>().hash;
  expect(await completeAtBank(t, sandboxId(await pay(t, hash, 1)), 'pay')).toBe(`/order/${hash}`);
  const { rows } = await t.db.query<{ id: number }>('select id from orders where hash = $1', [hash]);
  return { hash, id: rows[0]?.id ?? 0 };
}

const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function documentOf(scope: string, version: number) {
  const { rows } = await t.db.query<{ id: number; body: Record<string, string>; sha256: Record<string, string> }>(
    'select id, body, sha256 from consent_documents where scope = $1 and version = $2',
    [scope, version],
  );
  const doc = rows[0];
  if (!doc) throw new Error(`no ${scope} text version ${version}`);
  return doc;
}

describe('the consent ledger', () => {
  it.each(LANGS)('refuses an order without the consent to personal data: 400 -1050 in %s, and writes nothing', async (lang) => {
    const refused = await order(9200, { consent: false, newsletter: true }, lang);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: '-1050',
      errorText: serverText('errors', '-1050', lang),
      fields: [{ path: `checkboxList.${CONSENT_BOX}`, code: 'required-consent' }],
    });
    expect(await count('select count(*)::int as n from orders')).toBe(0);
    expect(await count('select count(*)::int as n from consents')).toBe(0);
  });

  it('writes a row per consent scope given: the text version, its SHA-256 as shown, the time, the address and the order', async () => {
    const placed = await order(9200, { consent: true, newsletter: true }, 'en');
    expect(placed.statusCode, placed.body).toBe(200);
    const { rows } = await t.db.query<{
      order_id: number;
      scope: string;
      checkbox_id: number;
      document_id: number;
      version: number;
      lang: string;
      text_sha256: string;
      given_at: Date;
      client_address: string;
    }>(
      'select order_id, scope, checkbox_id, document_id, version, lang, text_sha256, given_at, client_address from consents order by scope',
    );
    const orderRow = (await t.db.query<{ id: number; checkboxes: unknown }>('select id, checkboxes from orders')).rows[0];
    const [newsletter, orderConsent] = [await documentOf('newsletter', 1), await documentOf('order', 1)];
    expect(rows).toEqual([
      {
        order_id: orderRow?.id,
        scope: 'newsletter',
        checkbox_id: NEWSLETTER_BOX,
        document_id: newsletter.id,
        version: 1,
        lang: 'en',
        text_sha256: sha256(newsletter.body.en ?? ''),
        given_at: t.clock.date(),
        client_address: '127.0.0.1',
      },
      {
        order_id: orderRow?.id,
        scope: 'order',
        checkbox_id: CONSENT_BOX,
        document_id: orderConsent.id,
        version: 1,
        lang: 'en',
        text_sha256: sha256(orderConsent.body.en ?? ''),
        given_at: t.clock.date(),
        client_address: '127.0.0.1',
      },
    ]);
    // The order keeps the visitor's answers only; the ledger holds the consents.
    expect(orderRow?.checkboxes).toEqual([
      { id: 9200, checked: true },
      { id: CONSENT_BOX, checked: true },
      { id: NEWSLETTER_BOX, checked: true },
    ]);
    // The ticked newsletter alone is a consent; not ticked, no row.
    expect(await order(9200, { consent: true }, 'ru', { ...BUYER, email: 'other@example.test' })).toHaveProperty('statusCode', 200);
    expect(await count("select count(*)::int as n from consents where scope = 'newsletter'")).toBe(1);
    expect(await count("select count(*)::int as n from consents where scope = 'order'")).toBe(2);
  });

  it('publishes a new text version in the back office, and the consents given before keep theirs', async () => {
    expect((await order(9200)).statusCode).toBe(200);
    const before = await documentOf('order', 1);
    const owner = (await signedInAs(t, 'owner')).cookie;
    const body = { ru: 'Новая редакция согласия.', en: 'The new consent text.', kz: 'Келісімнің жаңа редакциясы.', ch: '新版同意书。' };
    const title = { ru: 'Согласие', en: 'Consent', kz: 'Келісім', ch: '同意书' };
    const published = await adminCall(t, 'POST', '/api/admin/consent-texts', owner, { scope: 'order', title, body });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().document).toMatchObject({ scope: 'order', version: 2, sha256: { ru: sha256(body.ru), en: sha256(body.en) } });
    // A text missing a language is refused.
    const partial = await adminCall(t, 'POST', '/api/admin/consent-texts', owner, { scope: 'order', title, body: { ...body, kz: ' ' } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errorCode).toBe('-2753');

    expect((await order(9200, { consent: true }, 'ru', { ...BUYER, email: 'second@example.test' })).statusCode).toBe(200);
    const { rows } = await t.db.query<{ version: number; text_sha256: string }>(
      "select version, text_sha256 from consents where scope = 'order' order by id",
    );
    expect(rows).toEqual([
      { version: 1, text_sha256: sha256(before.body.ru ?? '') },
      { version: 2, text_sha256: sha256(body.ru) },
    ]);
    expect(await documentOf('order', 1)).toEqual(before);
    // Neither the texts nor the ledger can be rewritten.
    await expect(t.db.query("update consent_documents set body = '{}'::jsonb where scope = 'order'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from consents')).rejects.toThrow(/append-only/);
    await expect(t.db.query("update consents set text_sha256 = 'x'")).rejects.toThrow(/append-only/);
    // The rules page shows the current text.
    const rules = (await t.get('/api/rules')).json<{ rules: Array<{ slug: string; filebody: Record<string, string> }> }>().rules;
    expect(rules.find((r) => r.slug === 'consent-order')?.filebody.ru).toBe('<p>Новая редакция согласия.</p>');
    // The back office lists both versions.
    const listed = await adminCall(t, 'GET', '/api/admin/consent-texts', owner);
    expect(
      listed
        .json<{ documents: Array<{ scope: string; version: number }> }>()
        .documents.filter((d) => d.scope === 'order')
        .map((d) => d.version),
    ).toEqual([2, 1]);
  });

  it('refuses a text written over a version that is no longer current (-2790) and writes nothing', async () => {
    const owner = (await signedInAs(t, 'owner')).cookie;
    const text = (ru: string) => ({
      scope: 'return',
      title: { ru: 'Согласие', en: 'Consent', kz: 'Келісім', ch: '同意书' },
      body: { ru, en: 'Text.', kz: 'Мәтін.', ch: '文本。' },
    });
    // Two editors open version 1; the first publishes version 2 over it.
    const first = await adminCall(t, 'POST', '/api/admin/consent-texts', owner, { ...text('Первая правка.'), version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().document).toMatchObject({ scope: 'return', version: 2 });
    // The second still sends version 1: refused, in the member's language.
    const second = await adminCall(t, 'POST', '/api/admin/consent-texts', owner, { ...text('Вторая правка.'), version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      errorCode: '-2790',
      errorText: 'Пока вы редактировали, опубликована другая редакция этого согласия. Посмотрите её и опубликуйте свою заново.',
    });
    const { rows } = await t.db.query<{ version: number; ru: string }>(
      "select version, body->>'ru' as ru from consent_documents where scope = 'return' order by version",
    );
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    expect(rows[1]?.ru).toBe('Первая правка.');
    // Written over the current version, it is published.
    const again = await adminCall(t, 'POST', '/api/admin/consent-texts', owner, { ...text('Вторая правка.'), version: 2 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().document).toMatchObject({ version: 3 });
  });
});

describe('retention', () => {
  it('anonymises an order the retention period after its session, keeps amounts, tickets, payments and reports, and runs once', async () => {
    const past = await paidOrder(9200);
    const later = await paidOrder(9201, { ...BUYER, email: 'later@example.test', phone: '+7 912 000 0000' });
    const sessionAt = (await t.db.query<{ starts_at: Date }>('select starts_at from sessions where id = 9200')).rows[0]?.starts_at;
    if (!sessionAt) throw new Error('no session');
    const owner = (await signedInAs(t, 'owner')).cookie;
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const reportUrl = `/api/admin/reports/sales?from=${day(new Date(t.clock.now() - DAY))}&to=${day(new Date(t.clock.now() + DAY))}`;
    const report = (await adminCall(t, 'GET', reportUrl, owner)).body;
    const books = async () =>
      (
        await t.db.query(
          `select o.id, o.number, o.status, o.subtotal, o.service_fee, o.discount, o.total, o.created_at, o.paid_at,
                  (select json_agg(json_build_object('id', p.id, 'amount', p.amount, 'status', p.status) order by p.id) from payments p where p.order_id = o.id) as payments,
                  (select json_agg(json_build_object('id', k.id, 'code', k.code, 'status', k.status) order by k.id) from tickets k where k.order_id = o.id) as tickets,
                  (select count(*)::int from sale_receipts s join payments p on p.id = s.payment_id where p.order_id = o.id) as receipts
             from orders o order by o.id`,
        )
      ).rows;
    const kept = await books();
    const start = t.clock.date();

    // The day before the cut nothing goes.
    t.clock.set(new Date(sessionAt.getTime() + 180 * DAY - 3600_000));
    expect(await t.app.personalData.runRetention()).toBe(0);
    // After the cut of the first session, before the second's: two runs at once anonymise it once.
    t.clock.set(new Date(sessionAt.getTime() + 180 * DAY + 3600_000));
    const runs = await Promise.all([t.app.personalData.runRetention(), t.app.personalData.runRetention()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await t.app.personalData.runRetention()).toBe(0);

    const { rows } = await t.db.query<Record<string, unknown>>(
      'select id, buyer_name, phone, email, anonymised_at from orders where id = any($1::int[]) order by id',
      [[past.id, later.id]],
    );
    expect(rows).toEqual([
      { id: past.id, buyer_name: '', phone: '', email: '', anonymised_at: new Date(sessionAt.getTime() + 180 * DAY + 3600_000) },
      { id: later.id, buyer_name: BUYER.fio, phone: '+79120000000', email: 'later@example.test', anonymised_at: null },
    ]);
    expect(
      await count("select count(*)::int as n from mail_outbox where order_id = $1 and (to_address <> '' or text_body <> '')", [past.id]),
    ).toBe(0);
    expect(await count('select count(*)::int as n from consents where order_id = $1 and client_address is not null', [past.id])).toBe(0);
    expect(await count('select count(*)::int as n from consents where order_id = $1', [past.id])).toBe(1);
    // Amounts, tickets, payments, receipts and dates are the books: unchanged; so is the report.
    expect(await books()).toEqual(kept);
    // Read at the time it was first read (the staff session would have ended months later).
    t.clock.set(start);
    expect((await adminCall(t, 'GET', reportUrl, owner)).body).toBe(report);
  });
});

describe("a visitor's request", () => {
  it('finds, exports and erases what the law allows, each step audited without the e-mail in clear', async () => {
    const past = await paidOrder(9200);
    const upcoming = await paidOrder(9201);
    // The first order's session took place; the second's is still to come.
    await t.db.query("update sessions set starts_at = starts_at - interval '30 days' where id = 9200");
    const owner = (await signedInAs(t, 'owner')).cookie;

    expect((await adminCall(t, 'GET', '/api/admin/personal-data', owner)).json().errorCode).toBe('-2750');
    expect((await adminCall(t, 'GET', '/api/admin/personal-data?email=nobody%40example.test', owner)).statusCode).toBe(404);
    const found = await adminCall(t, 'GET', '/api/admin/personal-data?phone=8%20(912)%20345-67-89', owner);
    expect(found.statusCode, found.body).toBe(200);
    const orders = found.json<{ orders: Array<{ id: number; erasable: boolean; buyer: { email: string }; consents: unknown[] }> }>().orders;
    expect(orders.map((o) => [o.id, o.erasable, o.buyer.email, o.consents.length])).toEqual([
      [past.id, true, BUYER.email, 1],
      [upcoming.id, false, BUYER.email, 1],
    ]);

    const json = await adminCall(t, 'GET', `/api/admin/personal-data/export?email=${encodeURIComponent(BUYER.email.toUpperCase())}`, owner);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain('personal-data.json');
    expect(JSON.parse(json.body).orders).toHaveLength(2);
    const html = await adminCall(t, 'GET', `/api/admin/personal-data/export?email=${encodeURIComponent(BUYER.email)}&format=html`, owner);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(BUYER.fio);
    expect(html.body).toContain('Согласия');

    const noReason = await adminCall(t, 'POST', '/api/admin/personal-data/erase', owner, { email: BUYER.email, reason: ' ' });
    expect(noReason.json().errorCode).toBe('-2751');
    const erased = await adminCall(t, 'POST', '/api/admin/personal-data/erase', owner, {
      email: BUYER.email,
      reason: 'Письмо посетителя от 1 декабря',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ erased: [past.id], kept: [upcoming.id] });
    const { rows } = await t.db.query<{ id: number; email: string; total: number; status: number }>(
      'select id, email, total, status from orders order by id',
    );
    expect(rows.map((r) => [r.id, r.email, r.status])).toEqual([
      [past.id, '', 30],
      [upcoming.id, BUYER.email, 30],
    ]);
    expect(rows.every((r) => r.total > 0)).toBe(true);

    const audit = await t.db.query<{ action: string; after: Record<string, unknown>; text: string }>(
      "select action, after, row_to_json(a)::text as text from audit_log a where action like 'personal-data.%' order by id",
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'personal-data.search',
      'personal-data.export',
      'personal-data.export',
      'personal-data.erase',
    ]);
    expect(audit.rows[3]?.after).toMatchObject({
      email: 's***@example.test',
      orderIds: [past.id],
      reason: 'Письмо посетителя от 1 декабря',
    });
    for (const row of audit.rows) {
      expect(row.text).not.toContain(BUYER.email);
      expect(row.text).not.toContain('9123456789');
    }
  });

  it('records who opened an order on the orders desk', async () => {
    const placed = await paidOrder(9200);
    const support = await signedInAs(t, 'support');
    expect((await adminCall(t, 'GET', `/api/admin/orders/${placed.id}`, support.cookie)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ staff_id: number; subject_id: string }>(
      "select staff_id, subject_id from audit_log where action = 'order.view'",
    );
    expect(rows).toEqual([{ staff_id: support.member.id, subject_id: String(placed.id) }]);
  });
});

describe('a full purchase leaves no personal data in clear in the logs, the sent mail or the audit log', () => {
  it("finds the buyer's e-mail, phone and name nowhere after ordering, paying, the e-mail sent and the desk's work", async () => {
    const smtp = await startSmtp();
    const transport = smtpTransport(smtp.url, { timeoutMs: 3000 });
    try {
      const placed = await paidOrder(9200);
      expect(await deliverDueMail(t.db, transport, { now: t.clock.now, from: 'Storefront <tickets@example.test>' })).toMatchObject({
        sent: 1,
      });
      expect(smtp.received[0]?.to).toEqual([BUYER.email]);
      const support = (await signedInAs(t, 'support')).cookie;
      expect((await adminCall(t, 'GET', `/api/admin/orders/${placed.id}`, support)).statusCode).toBe(200);
      const resent = await adminCall(t, 'POST', `/api/admin/orders/${placed.id}/resend-tickets`, support, {});
      expect(resent.statusCode, resent.body).toBe(200);
      const changed = await adminCall(t, 'POST', `/api/admin/orders/${placed.id}/email`, support, {
        email: 'corrected.buyer@example.test',
        reason: 'Опечатка',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await deliverDueMail(t.db, transport, { now: t.clock.now, from: 'Storefront <tickets@example.test>' })).toMatchObject({
        sent: 1,
      });

      const outbox = (await t.db.query<{ text: string }>('select row_to_json(m)::text as text from mail_outbox m')).rows.map((r) => r.text);
      const audit = (await t.db.query<{ text: string }>('select row_to_json(a)::text as text from audit_log a')).rows.map((r) => r.text);
      expect(outbox).toHaveLength(2);
      expect(audit.length).toBeGreaterThanOrEqual(3);
      const places = { log: log.join('\n'), outbox: outbox.join('\n'), audit: audit.join('\n') };
      expect(places.log).toContain('incoming request');
      for (const [where, text] of Object.entries(places)) {
        for (const personal of [BUYER.email, 'corrected.buyer@example.test', BUYER.fio, 'Секретова', '+79123456789', '9123456789']) {
          expect(text, `${where} holds ${personal}`).not.toContain(personal);
        }
      }
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});
