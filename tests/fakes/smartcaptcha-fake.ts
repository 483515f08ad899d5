import { randomBytes } from 'node:crypto';
import { type FakeRequest, json, startFakeServer } from './fake-http.ts';

/** A token lives five minutes and is checked once (Yandex Cloud's guide, 'Verifying a CAPTCHA response'). */
const TOKEN_LIFETIME_MS = 5 * 60_000;

/**
 * A local Yandex SmartCaptcha validate method, from Yandex Cloud's guide: POST /validate with
 * x-www-form-urlencoded `secret`, `token` and the optional `ip`; the answer is JSON
 * `{status: 'ok', message: '', host}` for a token the widget issued on `host`, else
 * `{status: 'failed', message}` ('Invalid or expired Token.' for one unknown, expired or already
 * checked). The wrong-secret answer (HTTP 200, failed, 'Authentication failed. Secret has not
 * provided.') is our reading: the guide's text we had did not give its HTTP status.
 * `issue` stands for a visitor passing the widget. Faults (`arm('/validate', '500' | 'timeout')`)
 * stand for the service being down. It reads the request with the platform's URLSearchParams only.
 *
 * For the widget fake (tests/fakes/smartcaptcha-widget.ts) it also stands for the traffic between
 * Yandex's widget and Yandex, which the guide does not describe and which is ours alone:
 * POST /fake/widget/token (form `sitekey`, `host`) answers `{token}` for a solved challenge, as
 * `issue` does, when `sitekey` is the client key paired with `secret` (400 otherwise);
 * POST /fake/widget/expire (form `token`) invalidates a token as its five minutes running out
 * would. So a token reaches the validate method only from the widget, and is checked here.
 */
export async function startSmartCaptchaFake(options: { secret: string; sitekey?: string; now?: () => number; port?: number }) {
  const now = options.now ?? Date.now;
  const tokens = new Map<string, { host: string; issuedAt: number }>();
  const requests: FakeRequest[] = [];
  const server = await startFakeServer((request) => {
    requests.push(request);
    if (request.method === 'POST' && request.path.startsWith('/fake/widget/')) return widgetCall(request);
    if (request.method !== 'POST' || request.path !== '/validate') return json(404, { status: 'failed', message: 'Not found' });
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return json(400, { status: 'failed', message: 'Bad request' });
    }
    const form = new URLSearchParams(request.body);
    if (form.get('secret') !== options.secret) {
      return json(200, { status: 'failed', message: 'Authentication failed. Secret has not provided.' });
    }
    const token = form.get('token') ?? '';
    const issued = tokens.get(token);
    tokens.delete(token);
    if (!issued || now() - issued.issuedAt > TOKEN_LIFETIME_MS) {
      return json(200, { status: 'failed', message: 'Invalid or expired Token.' });
    }
    return json(200, { status: 'ok', message: '', host: issued.host });
  }, options.port);
  function issue(host = 'localhost') {
    const token = randomBytes(48).toString('base64url');
    tokens.set(token, { host, issuedAt: now() });
    return token;
  }
  function widgetCall(request: FakeRequest) {
    const form = new URLSearchParams(request.body);
    if (request.path === '/fake/widget/token') {
      if (!options.sitekey || form.get('sitekey') !== options.sitekey) return json(400, { message: 'Unknown sitekey' });
      return json(200, { token: issue(form.get('host') ?? '') });
    }
    if (request.path === '/fake/widget/expire') {
      const issued = tokens.get(form.get('token') ?? '');
      if (issued) issued.issuedAt = -Infinity;
      return json(200, {});
    }
    return json(404, { message: 'Not found' });
  }
  return {
    url: `${server.base}/validate`,
    /** The fake's own address (the widget fake's calls go to its /fake/widget/…). */
    base: server.base,
    /** The token the widget gives a visitor who passed it on `host`. */
    issue,
    /** Every request the fake received, in order. */
    requests,
    arm: server.arm,
    close: server.close,
  };
}
