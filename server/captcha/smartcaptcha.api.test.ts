import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { startSmartCaptchaFake } from '../../tests/fakes/smartcaptcha-fake.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from '../quantity-order/quantity-fixtures.ts';
import { saveSetup } from '../setup/setup.repository.ts';

// Yandex SmartCaptcha on the order calls, checked against a local validate method written from
// Yandex Cloud's guide (tests/fakes/smartcaptcha-fake.ts). A file of its own: the setup is cached.

const SECRET = 'ysc2_test-server-key';
const IMAGE_ANSWER = 'K7M3P';
let t: TestApp;
let fake: Awaited<ReturnType<typeof startSmartCaptchaFake>>;
let log: string[];
let buyer = 0;

beforeAll(async () => {
  fake = await startSmartCaptchaFake({ secret: SECRET });
  log = [];
  t = await createTestApp({
    demo: false,
    config: { smartcaptchaSecret: SECRET, smartcaptchaValidateUrl: fake.url, logLevel: 'warn' },
    deps: { logStream: { write: (line: string) => void log.push(line) }, captchaText: () => IMAGE_ANSWER },
  });
  await insertQuantityCatalog(t.db, { capacity: 50 });
  await saveSetup(t.db, { smartcaptcha: { enabled: true, sitekey: 'ysc1_test-client-key' } });
  t.clock.advance(6000); // past the setup cache
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function create(fields: Record<string, unknown>) {
  buyer += 1;
  const when = await sessionWhen(t.db, 9200);
  const response = await t.post(
    '/api/order/create',
    { ...ordinaryOrderBody(when, buyer), ...fields },
    { 'x-forwarded-for': '203.0.113.9' },
  );
  return { status: response.statusCode, body: response.json<{ errorCode: string; hash?: string }>() };
}
const orders = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n;

describe('Yandex SmartCaptcha on POST /api/order/create', () => {
  it('the setup names the widget’s client key for the page, never the server key', async () => {
    const setup = (await t.get('/api/setup')).json<{ smartcaptcha: unknown }>();
    expect(setup.smartcaptcha).toEqual({ enabled: true, sitekey: 'ysc1_test-client-key' });
    expect(JSON.stringify(setup)).not.toContain(SECRET);
  });

  it('places the order when Yandex answers status ok, posting secret, token and the visitor’s address as a form', async () => {
    const token = fake.issue('localhost');
    const before = await orders();
    const placed = await create({ smartToken: token });
    expect(placed.status).toBe(200);
    expect(placed.body.errorCode).toBe('0');
    expect(await orders()).toBe((before ?? 0) + 1);
    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/validate');
    expect(sent?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(sent?.body);
    expect(form.get('secret')).toBe(SECRET);
    expect(form.get('token')).toBe(token);
    expect(form.get('ip')).toBeTruthy();
  });

  it.each([
    { description: 'a token Yandex answers failed for (never issued)', fields: () => ({ smartToken: 'forged-token' }) },
    { description: 'no token at all', fields: () => ({}) },
    { description: 'a reCAPTCHA skip flag instead of the token', fields: () => ({ recaptchaSkip: 1 }) },
  ])('refuses $description with -1001 and places nothing', async ({ fields }) => {
    const before = await orders();
    const refused = await create(fields());
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('-1001');
    expect(await orders()).toBe(before);
  });

  it('refuses a token checked once already (Yandex: one check per token)', async () => {
    const token = fake.issue();
    expect((await create({ smartToken: token })).status).toBe(200);
    const again = await create({ smartToken: token });
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe('-1001');
  });

  it.each([
    { description: 'answers HTTP 500', fault: '500' as const },
    { description: 'does not answer within the timeout', fault: 'timeout' as const },
  ])(
    'lets the visitor pass, as Yandex advises, when the service $description, and logs it',
    async ({ fault }) => {
      fake.arm('/validate', fault);
      const before = await orders();
      const started = Date.now();
      const placed = await create({ smartToken: fake.issue() });
      expect(placed.status).toBe(200);
      expect(await orders()).toBe((before ?? 0) + 1);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(log.some((line) => line.includes('letting the visitor pass'))).toBe(true);
    },
    20_000,
  );

  describe('the image captcha as the fallback of a widget that cannot run', () => {
    const imageSid = async () => (await t.get('/api/captcha')).json<{ sid: string }>().sid;

    it('places the order with a right image answer and no token, without asking Yandex', async () => {
      const before = await orders();
      const asked = fake.requests.length;
      const placed = await create({ captchaSid: await imageSid(), captchaText: IMAGE_ANSWER });
      expect(placed.status).toBe(200);
      expect(await orders()).toBe((before ?? 0) + 1);
      expect(fake.requests.length).toBe(asked);
    });

    it('refuses a wrong image answer, and an answer used once already', async () => {
      const before = await orders();
      expect((await create({ captchaSid: await imageSid(), captchaText: 'AAAAA' })).body.errorCode).toBe('-1001');
      const sid = await imageSid();
      expect((await create({ captchaSid: sid, captchaText: IMAGE_ANSWER })).status).toBe(200);
      expect((await create({ captchaSid: sid, captchaText: IMAGE_ANSWER })).body.errorCode).toBe('-1001');
      expect(await orders()).toBe((before ?? 0) + 1);
    });

    it('checks a token when one comes: a forged token with a right image answer is refused', async () => {
      const refused = await create({ smartToken: 'forged-token', captchaSid: await imageSid(), captchaText: IMAGE_ANSWER });
      expect(refused.status).toBe(400);
      expect(refused.body.errorCode).toBe('-1001');
    });
  });
});
