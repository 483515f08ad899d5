import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup } from '../../contract/setup.ts';
import { type TestApp, createTestApp } from '../../tests/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/setup', () => {
  it('answers the setup with the setup fields the pages read', async () => {
    const res = await t.get('/api/setup');
    expect(res.statusCode).toBe(200);
    const body = setup.parse(res.json());
    expect(body.app.language).toBe('ru');
    expect(body.app.currency).toBe('RUB');
    expect(body.db.languages.split(',')).toEqual(['ru', 'en', 'kz', 'ch']);
    expect(body.const.price_limit).toBe(100);
    expect(body.lifetime_storage).toBe(86_400_000);
    expect(body.crm_client).toBeNull();
    expect(body.captcha.enabled).toBe(false);
    expect(body.recaptcha.enabled).toBe(false);
  });

  it('lists the rules documents of the database in db.rules', async () => {
    await t.db.query(`insert into rules_documents (id, slug, name, body) values (901, 'test-rules', '{"ru":"Тест"}', '{"ru":"<p>x</p>"}')`);
    const body = setup.parse((await t.get('/api/setup')).json());
    expect(body.db.rules).toContainEqual({ url: '/rules/test-rules', infname: { ru: 'Тест' } });
    await t.db.query('delete from rules_documents where id = 901');
  });
});

describe('CSRF on state-changing calls', () => {
  const attempts = [
    { description: 'no headers at all', headers: {} },
    { description: 'X-Requested-With but no token', headers: { 'x-requested-with': 'XMLHttpRequest' } },
    { description: 'a forged token', headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': 'a.b.c' } },
  ];
  it.each(attempts)('answers -1000 with HTTP 403 for $description', async ({ headers }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/order/create', payload: {}, headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorCode: '-1000', errorText: expect.any(String) });
  });

  it('needs X-Requested-With besides a valid token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      payload: {},
      headers: { 'x-csrf-token': await t.csrfToken() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ errorCode: string }>().errorCode).toBe('-1000');
  });

  it('answers the error in English when the request asks for it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/order/create?lang=en', payload: {} });
    expect(res.json<{ errorText: string }>().errorText).toMatch(/session has expired/);
  });

  it('lets a request with a valid token through to the route', async () => {
    const res = await t.post('/api/no-such-call', {});
    expect(res.statusCode).toBe(404);
    expect(res.json<{ errorCode: string }>().errorCode).toBe('-1004');
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a 400 and a business error, never a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-call',
      payload: '{"broken',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': await t.csrfToken(),
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errorCode: string }>().errorCode).toBe('-1002');
  });
});

describe('GET /api/rules, /healthz, /api/docs', () => {
  it('answers the rules documents', async () => {
    const res = await t.get('/api/rules');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json<{ rules: unknown[] }>().rules)).toBe(true);
  });

  it('reports the database reachable', async () => {
    const res = await t.get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ status: string }>().status).toBe('ok');
  });

  it('publishes OpenAPI generated from the contract schemas', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/setup', '/api/token', '/api/rules']));
  });
});
