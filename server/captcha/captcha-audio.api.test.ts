import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { insertQuantityCatalog, sessionWhen } from '../quantity-order/quantity-fixtures.ts';
import { saveSetup } from '../setup/setup.repository.ts';
import { AUDIO_RATE, parseWav } from './captcha-audio.ts';

// The audio alternative of the image captcha (docs/captcha.md): GET /api/captcha/audio issues a
// challenge of 5 spoken digits that the check and the order calls take as an image challenge's.

let t: TestApp;
let when: { day: string; time: string };
let digits = '40817';

beforeAll(async () => {
  t = await createTestApp({ demo: false, deps: { captchaText: () => 'K7M3P', captchaDigits: () => digits } });
  await insertQuantityCatalog(t.db);
  when = await sessionWhen(t.db, 9200);
  await saveSetup(t.db, { captcha: { enabled: true } });
  t.clock.advance(6000); // past the setup cache
});
afterAll(() => t.close());

type Audio = { sid: string; audio: string };
const newAudio = async (lang?: string) => {
  const res = await t.get(`/api/captcha/audio${lang === undefined ? '' : `?lang=${encodeURIComponent(lang)}`}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<Audio>();
};
const wavOf = (audio: string) => {
  expect(audio).toMatch(/^data:audio\/wav;base64,[A-Za-z0-9+/]+=*$/);
  return Buffer.from(audio.slice('data:audio/wav;base64,'.length), 'base64');
};
const check = async (sid: string, code: string) => (await t.post('/api/captcha/check', { sid, code })).json<boolean>();
const createOrder = async (fields: Record<string, unknown>) =>
  (
    await t.post('/api/order/create', {
      hash: 'test-qty-ordinary',
      lang: 'ru',
      data: [{ day: when.day, time: when.time, actionId: 9200, categoryId: 9200, zoneId: 0, quantity: 1, sum: 0, seatId: 0 }],
      fio: 'Иван Петров',
      phone: '+7 999 901 02 03',
      email: 'ivan@mail.ru',
      re_email: 'ivan@mail.ru',
      checkboxList: [{ id: 9200, checked: true }],
      ...fields,
    })
  ).json<{ errorCode: string }>();

describe('GET /api/captcha/audio', () => {
  it('answers a sid and a WAV of the spoken digits, not cached, under 150 kB', async () => {
    const res = await t.get('/api/captcha/audio?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.length).toBeLessThan(150_000);
    const { sid, audio } = res.json<Audio>();
    expect(sid).toMatch(/^[\w-]{22}$/);
    const samples = parseWav(wavOf(audio));
    // 5 digits of 0.2–0.6 s, gaps of 0.2–0.6 s between them.
    expect(samples.length / AUDIO_RATE).toBeGreaterThan(2);
    expect(samples.length / AUDIO_RATE).toBeLessThan(6);
  });

  it('answers for every language, and for an unknown or missing one (ru), never a 4xx', async () => {
    // Which clips a language takes is unit-tested (captcha-audio.test.ts); here the lang query
    // goes through the route's schema (langField: anything unknown becomes ru).
    for (const lang of [undefined, 'ru', 'en', 'kz', 'ch', 'xx', '', '%00']) {
      expect(parseWav(wavOf((await newAudio(lang)).audio)).length).toBeGreaterThan(2 * AUDIO_RATE);
    }
    const res = await t.get('/api/captcha/audio?lang=xx&lang=en');
    expect(res.statusCode).toBe(200);
  });

  it('passes /api/captcha/check with the digits, and a wrong answer uses it up', async () => {
    const right = await newAudio('ru');
    expect(await check(right.sid, '40817')).toBe(true);
    // A right check does not use it up: the order then sends the same sid and digits.
    expect(await check(right.sid, ' 40817 ')).toBe(true);

    const wrong = await newAudio('ru');
    expect(await check(wrong.sid, '40818')).toBe(false);
    expect(await check(wrong.sid, '40817')).toBe(false);
  });

  it('lets an order through with its sid and digits, once', async () => {
    digits = '90355';
    const { sid } = await newAudio('kz');
    expect(await check(sid, '90355')).toBe(true);
    expect((await createOrder({ captchaSid: sid, captchaText: '90355' })).errorCode).toBe('0');
    expect((await createOrder({ captchaSid: sid, captchaText: '90355' })).errorCode).toBe('-1001');

    const other = await newAudio('kz');
    expect((await createOrder({ captchaSid: other.sid, captchaText: '00000' })).errorCode).toBe('-1001');
    expect((await createOrder({ captchaSid: other.sid, captchaText: '90355' })).errorCode).toBe('-1001');
  });

  it('is no longer answered after 10 minutes', async () => {
    const { sid } = await newAudio();
    t.clock.advance(10 * 60_000 + 1000);
    expect(await check(sid, digits)).toBe(false);
  });
});
