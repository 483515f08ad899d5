import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { saveSetup } from '../setup/setup.repository.ts';
import { insertNamedTicketCatalog, placeNamedOrder } from './nominal-test-kit.ts';

// Captcha or reCAPTCHA required when enabled. The confirm
// takes the fields of create order and passes the same check (server/captcha/order-captcha.ts).
// A file of its own: the setup is cached for 5 s, so its clock only ever moves forward.

const CAPTCHA_ANSWER = 'K7M3P';
let t: TestApp;
let order: { id: number; hash: string };
let ticketIds: number[];

beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    deps: { recaptcha: { verify: async (token) => token === 'good-token' }, captchaText: () => CAPTCHA_ANSWER },
  });
  // Holders give only a surname and a name; one required consent (9001).
  await insertNamedTicketCatalog(t.db, { needAge: 0, needMiddleName: false });
  await t.db.query('update events set need_document = false, need_country = false, need_region = false');
});
afterAll(() => t.close());

async function placeOrder() {
  const placed = await placeNamedOrder(t.db, t.clock.date(), 1);
  const { rows } = await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [placed.id]);
  return { order: placed, ticketIds: rows.map((r) => r.id) };
}

beforeEach(async () => {
  ({ order, ticketIds } = await placeOrder());
});
afterEach(async () => {
  await setSetup({});
});

async function setSetup(patch: Record<string, unknown>) {
  await saveSetup(t.db, patch);
  t.clock.advance(6000); // past the setup cache
}

const newCaptcha = async () => (await t.get('/api/captcha')).json<{ sid: string; code: string }>();

function confirm(fields: Record<string, unknown> = {}, target = { hash: order.hash, ids: ticketIds }) {
  return t.post('/api/confirm-nominal', {
    hash: target.hash,
    lang: 'ru',
    id: target.ids,
    surname: ['Иванов'],
    name: ['Иван'],
    checkboxList: [{ id: 9001, checked: true }],
    ...fields,
  });
}

async function statusOf(id: number) {
  const { rows } = await t.db.query<{ status: number }>('select status from orders where id = $1', [id]);
  return rows[0]?.status;
}

async function holdersOf(id: number) {
  const { rows } = await t.db.query<{ holder: unknown }>('select holder from tickets where order_id = $1 order by id', [id]);
  return rows.map((r) => r.holder);
}

describe('captcha on POST /api/confirm-nominal', () => {
  it('confirms without a captcha when none is enabled', async () => {
    expect((await confirm()).json()).toEqual({ errorCode: '0', errorText: '', hash: order.hash });
    expect(await statusOf(order.id)).toBe(20);
  });

  it('refuses a confirm without the image captcha when it is enabled, and changes nothing', async () => {
    await setSetup({ captcha: { enabled: true } });
    const res = await confirm();
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('-1001');
    expect(await statusOf(order.id)).toBe(10);
    expect(await holdersOf(order.id)).toEqual([null]);
  });

  it('confirms with the right image code (any case), which passes once', async () => {
    await setSetup({ captcha: { enabled: true } });
    const { sid } = await newCaptcha();
    const ok = await confirm({ captchaSid: sid, captchaText: CAPTCHA_ANSWER.toLowerCase() });
    expect(ok.json()).toEqual({ errorCode: '0', errorText: '', hash: order.hash });
    expect(await statusOf(order.id)).toBe(20);

    const other = await placeOrder();
    const again = await confirm({ captchaSid: sid, captchaText: CAPTCHA_ANSWER }, { hash: other.order.hash, ids: other.ticketIds });
    expect(again.json().errorCode).toBe('-1001');
    expect(await statusOf(other.order.id)).toBe(10);
  });

  it('refuses a wrong image code and uses the image up', async () => {
    await setSetup({ captcha: { enabled: true } });
    const { sid } = await newCaptcha();
    expect((await confirm({ captchaSid: sid, captchaText: 'WRONG' })).json().errorCode).toBe('-1001');
    expect((await confirm({ captchaSid: sid, captchaText: CAPTCHA_ANSWER })).json().errorCode).toBe('-1001');
    expect(await statusOf(order.id)).toBe(10);
  });

  it('gives the image back when the confirm is refused for an invalid field', async () => {
    await setSetup({ captcha: { enabled: true } });
    const { sid } = await newCaptcha();
    const refused = await confirm({ surname: [''], captchaSid: sid, captchaText: CAPTCHA_ANSWER });
    expect(refused.json()).toMatchObject({ errorCode: '-1002', fields: [{ path: 'surname.0' }] });
    expect((await confirm({ captchaSid: sid, captchaText: CAPTCHA_ANSWER })).json().errorCode).toBe('0');
  });

  it('verifies the reCAPTCHA token when reCAPTCHA is enabled (it wins over the image), and never trusts recaptchaSkip', async () => {
    await setSetup({ recaptcha: { enabled: true, sitekey: 'site-key' }, captcha: { enabled: true } });
    const { sid } = await newCaptcha();
    for (const fields of [{}, { recaptchaToken: 'bad-token' }, { recaptchaSkip: 1 }, { captchaSid: sid, captchaText: CAPTCHA_ANSWER }]) {
      const res = await confirm(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('-1001');
    }
    expect(await statusOf(order.id)).toBe(10);
    expect((await confirm({ recaptchaToken: 'good-token' })).json().errorCode).toBe('0');
    expect(await statusOf(order.id)).toBe(20);
  });

  it('refuses a captcha code longer than 8 characters', async () => {
    const res = await confirm({ captchaSid: 'x', captchaText: '123456789' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('-1002');
    expect(await statusOf(order.id)).toBe(10);
  });
});
