// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmartCaptchaFake } from '../../tests/fakes/smartcaptcha-fake.ts';
import { installSmartCaptchaFake } from '../../tests/fakes/smartcaptcha-widget.ts';
import { SMARTCAPTCHA_ONLOAD, SMARTCAPTCHA_SCRIPT, type SmartCaptchaWidget, createSmartCaptchaWidget } from './smartcaptcha.ts';

// The page's widget against the widget fake written from Yandex's guide
// (tests/fakes/smartcaptcha-widget.ts), whose tokens come from, and are checked by, the validate
// fake (tests/fakes/smartcaptcha-fake.ts). The browser run of the same is e2e/smartcaptcha.spec.ts.

const SECRET = 'ysc2_unit-server-key';
const SITEKEY = 'ysc1_unit-client-key';
let fake: Awaited<ReturnType<typeof startSmartCaptchaFake>>;
const widgets: SmartCaptchaWidget[] = [];

beforeAll(async () => {
  fake = await startSmartCaptchaFake({ secret: SECRET, sitekey: SITEKEY });
  // jsdom has no modal dialogs: showModal opens, close closes and says so, as a browser does.
  Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
    configurable: true,
    value(this: HTMLDialogElement) {
      this.open = true;
    },
  });
  Object.defineProperty(HTMLDialogElement.prototype, 'close', {
    configurable: true,
    value(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      this.dispatchEvent(new Event('close'));
    },
  });
});
afterAll(async () => {
  delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
  delete (HTMLDialogElement.prototype as { close?: unknown }).close;
  await fake.close();
});
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.destroy();
});

const widgetFor = (lang: string, sitekey = SITEKEY) => {
  const widget = createSmartCaptchaWidget(sitekey, lang);
  widgets.push(widget);
  return widget;
};

/** The challenge the fake shows, once it shows. */
async function challenge() {
  await expect.poll(() => document.querySelector('dialog[data-smartcaptcha-fake]')).not.toBeNull();
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-smartcaptcha-fake]');
  const [solve, close] = dialog ? [...dialog.querySelectorAll('button')] : [];
  if (!dialog || !solve || !close) throw new Error('no challenge');
  return { dialog, solve, close };
}

/** Asks the validate fake about a token as the server does. */
async function validate(token: string) {
  const answer = await fetch(fake.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: SECRET, token, ip: '203.0.113.9' }).toString(),
  });
  return ((await answer.json()) as { status: string }).status;
}

describe('the SmartCaptcha script loader (the advanced method)', () => {
  it('asks for captcha.js with render=onload and its onload function; a script that fails to load is unavailable', async () => {
    const run = widgetFor('ru').run();
    const script = document.head.querySelector<HTMLScriptElement>(`script[src^="${SMARTCAPTCHA_SCRIPT}"]`);
    expect(script?.src).toBe(`${SMARTCAPTCHA_SCRIPT}?render=onload&onload=${SMARTCAPTCHA_ONLOAD}`);
    script?.dispatchEvent(new Event('error'));
    expect(await run).toEqual({ kind: 'unavailable' });
    expect(document.head.querySelector(`script[src^="${SMARTCAPTCHA_SCRIPT}"]`)).toBeNull();
  });

  it('tries again on the next run, and renders once the script calls its onload function', async () => {
    const run = widgetFor('ru').run();
    const script = document.head.querySelector<HTMLScriptElement>(`script[src^="${SMARTCAPTCHA_SCRIPT}"]`);
    expect(script).not.toBeNull();
    installSmartCaptchaFake({ origin: fake.base });
    (window as unknown as Record<string, () => void>)[SMARTCAPTCHA_ONLOAD]?.();
    const { solve } = await challenge();
    solve.click();
    const outcome = await run;
    expect(outcome.kind).toBe('token');
  });
});

describe('the page’s SmartCaptcha widget', () => {
  beforeAll(() => installSmartCaptchaFake({ origin: fake.base }));

  it('renders one invisible widget with the client key and the language, executes per run, and takes each token once', async () => {
    const widget = widgetFor('kz');
    const first = widget.run();
    const shown = await challenge();
    expect(shown.dialog.lang).toBe('kk');
    shown.solve.click();
    const one = await first;
    if (one.kind !== 'token') throw new Error(`no token: ${one.kind}`);
    expect(window.smartCaptchaFake?.widgets()).toEqual([{ id: expect.any(Number), sitekey: SITEKEY, hl: 'kk', invisible: true }]);
    // Reset after the token was taken: the widget holds no token to send twice.
    expect(window.smartCaptcha?.getResponse(window.smartCaptchaFake?.widgets()[0]?.id)).toBe('');

    const second = widget.run();
    (await challenge()).solve.click();
    const two = await second;
    if (two.kind !== 'token') throw new Error(`no token: ${two.kind}`);
    expect(two.token).not.toBe(one.token);
    expect(window.smartCaptchaFake?.widgets()).toHaveLength(1);

    // The validate fake knows the tokens the widget gave: each passes once; others never.
    expect(await validate(one.token)).toBe('ok');
    expect(await validate(one.token)).toBe('failed');
    expect(await validate(two.token)).toBe('ok');
    expect(await validate('a-token-no-widget-gave')).toBe('failed');
  });

  it.each([
    ['ru', 'ru'],
    ['en', 'en'],
    ['ch', 'en'],
  ])('speaks %s pages’ visitors in hl=%s', async (lang, hl) => {
    const run = widgetFor(lang).run();
    const shown = await challenge();
    expect(shown.dialog.lang).toBe(hl);
    shown.close.click();
    await run;
  });

  it('settles as closed when the visitor closes the challenge unsolved, and shows it again on the next run', async () => {
    const widget = widgetFor('ru');
    const first = widget.run();
    (await challenge()).close.click();
    expect(await first).toEqual({ kind: 'closed' });
    expect(document.querySelector('dialog[data-smartcaptcha-fake]')).toBeNull();
    const second = widget.run();
    (await challenge()).solve.click();
    expect((await second).kind).toBe('token');
  });

  it('a challenge-hidden of the last run’s challenge, come after the next execute, does not end the next run', async () => {
    const api = window.smartCaptcha;
    if (!api) throw new Error('no widget script');
    // The page's listeners, to report the first challenge gone late, as the widget's frame may.
    const listeners = new Map<string, () => void>();
    const subscribe = api.subscribe;
    const subscribed = vi.spyOn(api, 'subscribe').mockImplementation((id, event, listener) => {
      listeners.set(event, listener as () => void);
      return subscribe(id, event, listener);
    });
    const widget = widgetFor('ru');
    const first = widget.run();
    (await challenge()).solve.click();
    expect((await first).kind).toBe('token');
    subscribed.mockRestore();

    const execute = api.execute;
    const executed = vi.spyOn(api, 'execute').mockImplementationOnce((id) => {
      listeners.get('challenge-hidden')?.();
      execute(id);
    });
    const second = widget.run();
    const shown = await challenge();
    expect(executed).toHaveBeenCalledTimes(1);
    executed.mockRestore();
    shown.solve.click();
    expect((await second).kind).toBe('token');
  });

  it('a network error is the provider being down: unavailable, and the widget goes (a later run renders it afresh)', async () => {
    const offline = await startSmartCaptchaFake({ secret: SECRET, sitekey: SITEKEY });
    await offline.close();
    installSmartCaptchaFake({ origin: offline.base });
    try {
      const widget = widgetFor('ru');
      const run = widget.run();
      (await challenge()).solve.click();
      expect(await run).toEqual({ kind: 'unavailable' });
      expect(window.smartCaptchaFake?.widgets()).toEqual([]);
      expect(document.querySelector('.smartcaptcha-widget')).toBeNull();
    } finally {
      installSmartCaptchaFake({ origin: fake.base });
    }
  });

  it('a JavaScript error of the widget is the provider being down too: never a pass', async () => {
    const run = widgetFor('ru').run();
    await challenge();
    window.smartCaptchaFake?.javascriptError();
    expect(await run).toEqual({ kind: 'unavailable' });
    expect(window.smartCaptchaFake?.widgets()).toEqual([]);
  });

  it('a sitekey the widget refuses to render is unavailable', async () => {
    expect(await widgetFor('ru', '').run()).toEqual({ kind: 'unavailable' });
  });

  it('resets the widget when its token expires, so an expired token is never sent', async () => {
    const widget = widgetFor('ru');
    const run = widget.run();
    (await challenge()).solve.click();
    const outcome = await run;
    if (outcome.kind !== 'token') throw new Error(`no token: ${outcome.kind}`);
    const id = window.smartCaptchaFake?.widgets()[0]?.id;
    const api = window.smartCaptcha;
    if (!api) throw new Error('no widget script');
    const reset = vi.spyOn(api, 'reset');
    await window.smartCaptchaFake?.expire(id);
    expect(reset).toHaveBeenCalledWith(id);
    reset.mockRestore();
    expect(window.smartCaptcha?.getResponse(id)).toBe('');
    expect(await validate(outcome.token)).toBe('failed');
  });

  it('destroy (the page going) unsubscribes and removes the widget; a run under way settles as closed', async () => {
    const widget = widgetFor('ru');
    const run = widget.run();
    await challenge();
    widget.destroy();
    expect(await run).toEqual({ kind: 'closed' });
    expect(window.smartCaptchaFake?.widgets()).toEqual([]);
    expect(document.querySelector('.smartcaptcha-widget')).toBeNull();
    expect(document.querySelector('dialog[data-smartcaptcha-fake]')).toBeNull();
    expect(await widget.run()).toEqual({ kind: 'closed' });
  });
});
