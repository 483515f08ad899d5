import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { makeOrder, preparePaymentCatalog } from '../payments/payment-test-kit.ts';
import { allowedHostsOf, hostNameOf } from './allowed-hosts.ts';

const CARD = 1;
const REDIRECT = 3;
const QR = 2;
const START = new Date('2026-11-21T10:00:00Z');

async function payWithHost(t: TestApp, hash: string, method: number, host: string) {
  const token = (await t.app.inject({ method: 'GET', url: '/api/token' })).json<{ token: string }>().token;
  return t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    payload: { hash, lang: 'ru', bank_data: { id: method } },
    headers: { host, 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
  });
}

describe('links and the Host header, PUBLIC_URL unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, clock: createClock(START) });
    await preparePaymentCatalog(t, { capacity: 100 });
  });
  afterAll(() => t.close());

  it.each(['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.evil.example'])(
    'refuses Host: %s with 421, -1002 and a text, and starts no payment',
    async (host) => {
      const order = await makeOrder(t);
      const answer = await payWithHost(t, order.hash, REDIRECT, host);
      expect(answer.statusCode).toBe(421);
      expect(answer.json()).toMatchObject({ errorCode: '-1002', errorText: expect.stringContaining('Host') });
      expect(answer.body).not.toContain('evil.example');
      const { rows } = await t.db.query('select 1 from payments where order_id = $1', [order.id]);
      expect(rows).toHaveLength(0);
    },
  );

  it('refuses an unknown Host on every address, in the language asked for', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/setup?lang=en', headers: { host: 'evil.example' } });
    expect(page.statusCode).toBe(421);
    expect(page.json().errorText).toBe('This server does not serve the requested host (the Host header).');
  });

  it('keeps /healthz open to an orchestrator probing by address', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: '10.1.2.3:8080' } });
    expect(health.statusCode).not.toBe(421);
  });

  it.each([
    ['localhost:8080', REDIRECT, 'bankUrl', 'http://localhost:8080/sandbox/pay/'],
    ['127.0.0.1:8080', QR, 'form_qr_url', 'http://127.0.0.1:8080/sandbox/qr/'],
    ['LOCALHOST', CARD, 'form_action', 'http://localhost/sandbox/pay'],
  ])('builds the links of Host: %s from that allowed host', async (host, method, field, prefix) => {
    const order = await makeOrder(t);
    const answer = await payWithHost(t, order.hash, method, host);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(String(answer.json()[field]).toLowerCase()).toMatch(new RegExp(`^${prefix.replace(/[.?]/g, '\\$&')}`));
  });
});

describe('links with PUBLIC_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, clock: createClock(START), config: { publicUrl: 'https://tickets.venue.example' } });
    await preparePaymentCatalog(t, { capacity: 100 });
  });
  afterAll(() => t.close());

  it('builds the bank link, the stored return address and the card form from PUBLIC_URL whatever the Host says', async () => {
    const order = await makeOrder(t);
    const answer = await payWithHost(t, order.hash, REDIRECT, 'evil.example');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().bankUrl).toMatch(/^https:\/\/tickets\.venue\.example\/sandbox\/pay\//);
    const { rows } = await t.db.query<{ return_url: string }>(
      'select s.return_url from sandbox_acquirer_payments s join payments p on p.public_id = s.merchant_ref where p.order_id = $1',
      [order.id],
    );
    expect(rows[0]?.return_url).toMatch(/^https:\/\/tickets\.venue\.example\/payments\/return\//);
    const card = await payWithHost(t, (await makeOrder(t)).hash, CARD, 'evil.example');
    expect(card.json().form_action).toBe('https://tickets.venue.example/sandbox/pay');
  });
});

describe('allowedHostsOf', () => {
  it.each([
    {
      description: 'default: localhost and loopback, not a wildcard',
      config: { host: '0.0.0.0', publicUrl: undefined, allowedHosts: [] },
      expected: ['localhost', '127.0.0.1', '[::1]'],
    },
    {
      description: 'default: the listening address',
      config: { host: '192.168.1.5', publicUrl: undefined, allowedHosts: [] },
      expected: ['localhost', '127.0.0.1', '[::1]', '192.168.1.5'],
    },
    {
      description: 'ALLOWED_HOSTS replaces the default',
      config: { host: '0.0.0.0', publicUrl: undefined, allowedHosts: ['tickets.example'] },
      expected: ['tickets.example'],
    },
    {
      description: 'PUBLIC_URL alone: no Host check',
      config: { host: '0.0.0.0', publicUrl: 'https://t.example', allowedHosts: [] },
      expected: undefined,
    },
  ])('$description', ({ config, expected }) => {
    const hosts = allowedHostsOf(config);
    expect(hosts ? [...hosts] : undefined).toEqual(expected);
  });

  it.each([
    ['Example.COM:443', 'example.com'],
    ['[::1]:8080', '[::1]'],
    ['localhost', 'localhost'],
  ])('reads the host name of %s as %s', (header, name) => expect(hostNameOf(header)).toBe(name));
});
