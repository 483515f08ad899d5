import { readFileSync, writeFileSync } from 'node:fs';
import { type Http2ServerRequest, createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { unzipSync } from 'fflate';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { deskOn } from '../admin/orders/orders-desk-kit.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId, view } from '../payments/payment-test-kit.ts';
import { resetReturnableEvent } from '../returns/returns-test-kit.ts';
import { makePassCertificates } from './wallet/wallet-test-certificates.ts';
import { deliverWalletPushes, refreshRegisteredPasses, sendApnsPush } from './wallet/wallet-updates.ts';

const CARD = 1;
const START = new Date('2026-11-21T10:00:00Z');
const PUBLIC_URL = 'https://tickets.example.ru';
const PASS_TYPE = 'pass.ru.test.tickets';

let certs: ReturnType<typeof makePassCertificates>;
const file = (name: string) => certs.file(name);
const openssl = (...args: string[]) => certs.openssl(...args);

/** A stand-in for Apple's push service, written from its documentation: HTTP/2 over TLS with the pass certificate as client certificate. */
type Push = { path: string; topic: string | undefined; body: string; clientUid: string };
let apns: { url: string; pushes: Push[]; answer: number; close: () => Promise<void> };
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  // The venue's pass certificate, issued by a test "WWDR" authority; and the push service's own TLS certificate.
  certs = makePassCertificates('wallet-api-', PASS_TYPE);
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'apns.key',
    '-out',
    'apns.pem',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  );

  const pushes: Push[] = [];
  const server = createSecureServer({
    key: readFileSync(file('apns.key')),
    cert: readFileSync(file('apns.pem')),
    // Apple authenticates the provider by its certificate: only the pass certificate's issuer is trusted.
    ca: readFileSync(file('wwdr.pem')),
    requestCert: true,
    rejectUnauthorized: true,
  });
  apns = { url: '', pushes, answer: 200, close: () => new Promise((resolve) => server.close(() => resolve())) };
  server.on('request', (request: Http2ServerRequest, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const peer = (request.socket as unknown as TLSSocket).getPeerCertificate();
      pushes.push({
        path: request.url,
        topic: request.headers['apns-topic'] as string | undefined,
        body,
        clientUid: String(peer.subject?.UID ?? ''),
      });
      if (request.method !== 'POST' || !request.url.startsWith('/3/device/')) {
        response.writeHead(405).end(JSON.stringify({ reason: 'MethodNotAllowed' }));
        return;
      }
      if (apns.answer === 200) response.writeHead(200, { 'apns-id': '00000000-0000-0000-0000-000000000001' }).end();
      else response.writeHead(apns.answer, { 'content-type': 'application/json' }).end(JSON.stringify({ reason: 'Unregistered' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apns.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const wallet = {
    passTypeId: PASS_TYPE,
    teamId: 'ABCDE12345',
    certFile: file('pass.pem'),
    keyFile: file('pass.key'),
    keyPassphrase: undefined,
    wwdrFile: file('wwdr.pem'),
    apnsUrl: apns.url,
  };
  t = await createTestApp({ demo: false, clock: createClock(START), config: { publicUrl: PUBLIC_URL, wallet } });
  await preparePaymentCatalog(t, { capacity: 50 });
});
// The same storefront without a pass certificate: built in its own hook, so neither hook waits for both.
beforeAll(async () => {
  plain = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(plain, { capacity: 50 });
});
afterAll(async () => {
  await Promise.all([t?.close(), plain?.close(), apns?.close()]);
  certs.remove();
});

function wallet() {
  const passes = t.app.walletPasses;
  if (!passes) throw new Error('the test app has no Wallet passes');
  return passes;
}

async function paidOrder(app: TestApp) {
  const order = await makeOrder(app);
  await completeAtBank(app, sandboxId(await pay(app, order.hash, CARD)), 'pay');
  const { body } = await view(app, order.hash);
  const hashes: string[] = body.main[0].tickets.map((x: { tickethash_id: string }) => x.tickethash_id);
  return { order, hashes };
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
}

const passOf = (body: Buffer) => {
  const files = unzipSync(new Uint8Array(body));
  return { files, json: JSON.parse(Buffer.from(files['pass.json'] as Uint8Array).toString()) as Record<string, unknown> };
};

describe('GET /api/order/:hash/calendar.ics', () => {
  it("answers the order's session at its time in the venue's zone, linked to the order page; 404 for an unpaid or unknown order", async () => {
    const { order } = await paidOrder(plain);
    const { rows } = await plain.db.query<{ starts_at: Date }>(
      'select s.starts_at from sessions s join order_lines l on l.session_id = s.id where l.order_id = $1',
      [order.id],
    );
    const answer = await plain.get(`/api/order/${order.hash}/calendar.ics?lang=en`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="order-\d+\.ics"/);
    const [event, ...more] = parseCalendar(answer.body);
    expect(more).toHaveLength(0);
    // iCalendar has whole seconds; the test catalog's session carries milliseconds.
    expect(event?.startDate.toJSDate().getTime()).toBe(Math.floor((rows[0]?.starts_at.getTime() ?? 0) / 1000) * 1000);
    expect(event?.description).toContain(`/order/${order.hash}?lang=en`);

    // The tickets e-mail links the same file.
    const { rows: mail } = await plain.db.query<{ text_body: string; html_body: string }>(
      'select text_body, html_body from mail_outbox where order_id = $1',
      [order.id],
    );
    expect(mail[0]?.text_body).toContain(`/api/order/${order.hash}/calendar.ics?lang=ru`);
    expect(mail[0]?.html_body).toContain(`/api/order/${order.hash}/calendar.ics?lang=ru`);

    const unpaid = await makeOrder(plain);
    expect((await plain.get(`/api/order/${unpaid.hash}/calendar.ics`)).statusCode).toBe(404);
    expect((await plain.get(`/api/order/${'x'.repeat(32)}/calendar.ics`)).statusCode).toBe(404);
  });
});

describe('GET /api/ticket/:hash/wallet.pkpass', () => {
  it('is offered only where the venue configured its pass certificate: the ticket answer says so, and the pass is 404 otherwise', async () => {
    const { hashes } = await paidOrder(plain);
    expect((await plain.get(`/api/ticket/${hashes[0]}`)).json().wallet).toBe(false);
    expect((await plain.get(`/api/ticket/${hashes[0]}/wallet.pkpass`)).statusCode).toBe(404);
    const withWallet = await paidOrder(t);
    expect((await t.get(`/api/ticket/${withWallet.hashes[0]}`)).json().wallet).toBe(true);
  });

  it("answers a signed pass of the ticket with its code, updatable through the venue's web service", async () => {
    const { hashes } = await paidOrder(t);
    const answer = await t.get(`/api/ticket/${hashes[0]}/wallet.pkpass?lang=ru`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const { files, json } = passOf(answer.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature']);
    const { rows } = await t.db.query<{ code: string }>('select code from tickets where hash = $1', [hashes[0]]);
    expect(json).toMatchObject({
      passTypeIdentifier: PASS_TYPE,
      serialNumber: hashes[0],
      webServiceURL: `${PUBLIC_URL}/wallet`,
      barcodes: [{ message: rows[0]?.code }],
    });
    expect(String(json.authenticationToken).length).toBeGreaterThanOrEqual(16);
    writeFileSync(file('manifest.json'), files['manifest.json'] as Uint8Array);
    writeFileSync(file('signature'), files.signature as Uint8Array);
    expect(() => certs.verify('signature', 'manifest.json')).not.toThrow();
    expect((await t.get(`/api/ticket/${'z'.repeat(40)}/wallet.pkpass`)).statusCode).toBe(404);
  });
});

describe("Apple Wallet's web service", () => {
  it('registers a device, tells it which passes changed, pushes when a session moves or a ticket is returned, and serves the voided pass', async () => {
    await resetReturnableEvent(t, START);
    const { order, hashes } = await paidOrder(t);
    const serial = hashes[0] as string;
    const { json } = passOf((await t.get(`/api/ticket/${serial}/wallet.pkpass`)).rawPayload);
    const auth = { authorization: `ApplePass ${String(json.authenticationToken)}` };
    const registration = `/wallet/v1/devices/device-1/registrations/${PASS_TYPE}/${serial}`;
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

    // A wrong token, or another pass type, is refused and stores nothing.
    expect((await call('POST', registration, { authorization: 'ApplePass wrong' }, { pushToken: 'push-1' })).statusCode).toBe(401);
    expect((await call('POST', registration.replace(PASS_TYPE, 'pass.other'), auth, { pushToken: 'push-1' })).statusCode).toBe(401);
    expect((await t.db.query('select 1 from wallet_registrations')).rowCount).toBe(0);
    expect((await call('POST', registration, auth, { pushToken: 'push-1' })).statusCode).toBe(201);
    expect((await call('POST', registration, auth, { pushToken: 'push-1' })).statusCode).toBe(200);

    // The first check notes the pass as it is: nothing changed, nothing pushed.
    const now = () => t.clock.date();
    expect(await refreshRegisteredPasses(t.db, wallet(), now())).toEqual({ checked: 1, changed: 0 });
    expect((await call('GET', `/wallet/v1/devices/device-1/registrations/${PASS_TYPE}`)).json()).toMatchObject({ serialNumbers: [serial] });

    // The session moves a day later: the next check finds the change and a push goes to the device.
    t.clock.advance(10 * 60_000);
    await t.db.query(
      "update sessions set starts_at = starts_at + interval '1 day' where id = (select session_id from order_lines where order_id = $1 limit 1)",
      [order.id],
    );
    expect(await refreshRegisteredPasses(t.db, wallet(), now())).toEqual({ checked: 1, changed: 1 });
    const target = {
      url: apns.url,
      certPem: readFileSync(file('pass.pem'), 'utf8'),
      keyPem: readFileSync(file('pass.key'), 'utf8'),
      topic: PASS_TYPE,
      ca: readFileSync(file('apns.pem'), 'utf8'),
    };
    expect(await deliverWalletPushes(t.db, (token) => sendApnsPush(target, token), now())).toEqual({ sent: 1, dropped: 0, failed: 0 });
    expect(apns.pushes).toEqual([{ path: '/3/device/push-1', topic: PASS_TYPE, body: '{}', clientUid: PASS_TYPE }]);
    // Sent once: the next run has nothing to send.
    expect(await deliverWalletPushes(t.db, (token) => sendApnsPush(target, token), now())).toEqual({ sent: 0, dropped: 0, failed: 0 });

    const list = await call('GET', `/wallet/v1/devices/device-1/registrations/${PASS_TYPE}?passesUpdatedSince=${START.getTime()}`);
    expect(list.statusCode).toBe(200);
    const { lastUpdated } = list.json<{ lastUpdated: string }>();
    expect(typeof lastUpdated).toBe('string');
    expect((await call('GET', `/wallet/v1/devices/device-1/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`)).statusCode).toBe(
      204,
    );

    const latest = await call('GET', `/wallet/v1/passes/${PASS_TYPE}/${serial}`, auth);
    expect(latest.statusCode).toBe(200);
    const moved = passOf(latest.rawPayload).json;
    expect(moved.relevantDate).not.toBe(json.relevantDate);
    expect(moved.voided).toBeUndefined();
    const lastModified = String(latest.headers['last-modified']);
    expect((await call('GET', `/wallet/v1/passes/${PASS_TYPE}/${serial}`, { ...auth, 'if-modified-since': lastModified })).statusCode).toBe(
      304,
    );
    expect((await call('GET', `/wallet/v1/passes/${PASS_TYPE}/${serial}`)).statusCode).toBe(401);

    // The ticket is returned: the pass is voided; the device has dropped the pass meanwhile (410), so its registration goes.
    const { desk, actor } = await deskOn(t);
    const { rows } = await t.db.query<{ id: number }>('select id from tickets where hash = $1', [serial]);
    await desk.refund({
      orderId: order.id,
      ticketIds: [rows[0]?.id as number],
      percent: null,
      reason: 'Попросил вернуть',
      reasonId: 1,
      actor,
    });
    t.clock.advance(10 * 60_000);
    expect(await refreshRegisteredPasses(t.db, wallet(), now())).toEqual({ checked: 1, changed: 1 });
    const voided = passOf((await call('GET', `/wallet/v1/passes/${PASS_TYPE}/${serial}`, auth)).rawPayload).json;
    expect(voided.voided).toBe(true);
    expect((await t.get(`/api/ticket/${serial}/wallet.pkpass`)).statusCode).toBe(404);
    apns.answer = 410;
    expect(await deliverWalletPushes(t.db, (token) => sendApnsPush(target, token), now())).toEqual({ sent: 0, dropped: 1, failed: 0 });
    expect((await t.db.query('select 1 from wallet_registrations')).rowCount).toBe(0);

    // Wallet's log calls are accepted; unregistering an unknown registration is harmless.
    expect((await call('POST', '/wallet/v1/log', {}, { logs: ['could not parse pass'] })).statusCode).toBe(200);
    expect((await call('DELETE', registration, auth)).statusCode).toBe(200);
  });

  it('retries a push the service did not take, later and with a growing delay', async () => {
    await t.db.query('delete from wallet_pushes');
    await t.db.query("insert into wallet_pushes (push_token, created_at, next_at) values ('push-2', $1, $1)", [t.clock.date()]);
    const down = {
      url: 'https://127.0.0.1:1',
      certPem: readFileSync(file('pass.pem'), 'utf8'),
      keyPem: readFileSync(file('pass.key'), 'utf8'),
      topic: PASS_TYPE,
    };
    expect(await deliverWalletPushes(t.db, (token) => sendApnsPush(down, token), t.clock.date())).toEqual({
      sent: 0,
      dropped: 0,
      failed: 1,
    });
    const { rows } = await t.db.query<{ attempts: number; next_at: Date; last_error: string }>(
      'select attempts, next_at, last_error from wallet_pushes',
    );
    expect(rows[0]?.attempts).toBe(1);
    expect(rows[0]?.next_at.getTime()).toBeGreaterThan(t.clock.now());
    expect(rows[0]?.last_error).not.toBe('');
    // Not due yet: nothing is tried.
    expect(await deliverWalletPushes(t.db, () => Promise.reject(new Error('must not be called')), t.clock.date())).toEqual({
      sent: 0,
      dropped: 0,
      failed: 0,
    });
  });
});
