/**
 * Yandex SmartCaptcha's invisible widget (docs/captcha.md, 'Yandex SmartCaptcha'), loaded only
 * when the setup chooses it: the script is asked for on the first submit, never on page load.
 * Written from Yandex Cloud's guide ('Widget installation methods', 'Invisible CAPTCHA', 'CAPTCHA
 * in React'): the advanced method (`captcha.js?render=onload&onload=<function>`), then
 * `window.smartCaptcha.render(container, {sitekey, invisible: true, hl, callback})` once per
 * page, `execute` per submit, `reset` after each token is taken and on `token-expired`,
 * `subscribe` for the challenge closing and the widget's errors, `destroy` when the page goes.
 */

/** A widget's id, as render answers it. */
export type WidgetId = number;

/** The languages the widget speaks (render's `hl`). */
export type SmartCaptchaLang = 'ru' | 'en' | 'be' | 'kk' | 'tt' | 'uk' | 'uz' | 'tr';

export type SmartCaptchaEvent =
  'challenge-visible' | 'challenge-hidden' | 'network-error' | 'javascript-error' | 'success' | 'token-expired';

/** window.smartCaptcha as the guide describes it. */
export type SmartCaptchaApi = {
  render: (
    container: HTMLElement | string,
    params: {
      sitekey: string;
      callback?: (token: string) => void;
      hl?: SmartCaptchaLang;
      test?: boolean;
      webview?: boolean;
      invisible?: boolean;
      shieldPosition?: 'top-left' | 'center-left' | 'bottom-left' | 'top-right' | 'center-right' | 'bottom-right';
      hideShield?: boolean;
    },
  ) => WidgetId;
  getResponse: (widgetId?: WidgetId) => string;
  execute: (widgetId?: WidgetId) => void;
  reset: (widgetId?: WidgetId) => void;
  destroy: (widgetId?: WidgetId) => void;
  subscribe: (widgetId: WidgetId, event: SmartCaptchaEvent, callback: (...args: never[]) => void) => () => void;
};

declare global {
  interface Window {
    smartCaptcha?: SmartCaptchaApi;
  }
}

export const SMARTCAPTCHA_SCRIPT = 'https://smartcaptcha.yandexcloud.net/captcha.js';
/** The global function the script calls once window.smartCaptcha is there (its `onload` parameter). */
export const SMARTCAPTCHA_ONLOAD = 'storefrontSmartCaptchaLoaded';

/** How long a loaded script may take to call back before the widget counts as not loaded. */
const ONLOAD_WAIT_MS = 10_000;

let loading: Promise<SmartCaptchaApi> | undefined;

/**
 * Loads the script once by the advanced method and resolves with window.smartCaptcha when the
 * script calls back; a script that fails to load (or loads without the object) rejects, and the
 * next call tries again.
 */
export function loadSmartCaptcha(): Promise<SmartCaptchaApi> {
  const present = window.smartCaptcha;
  if (present) return Promise.resolve(present);
  loading ??= new Promise<SmartCaptchaApi>((resolve, reject) => {
    const failed = () => {
      loading = undefined;
      script.remove();
      reject(new Error('SmartCaptcha did not load'));
    };
    const globals = window as unknown as Record<string, unknown>;
    globals[SMARTCAPTCHA_ONLOAD] = () => {
      const api = window.smartCaptcha;
      if (api) resolve(api);
      else failed();
    };
    const script = document.createElement('script');
    script.src = `${SMARTCAPTCHA_SCRIPT}?render=onload&onload=${SMARTCAPTCHA_ONLOAD}`;
    script.async = true;
    script.onerror = failed;
    // A script that runs but never calls back (not Yandex's, or broken) is a failed load too.
    script.onload = () => setTimeout(() => loading && window.smartCaptcha === undefined && failed(), ONLOAD_WAIT_MS);
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * The widget's language for the page's: ours, with Kazakh as Yandex names it (kk) and Chinese,
 * which its list lacks, in English.
 */
export const WIDGET_LANG: Record<string, SmartCaptchaLang> = { ru: 'ru', en: 'en', kz: 'kk', ch: 'en' };

/**
 * What one run of the widget ends with: a token for the order call; the visitor closed the
 * challenge unsolved (nothing is sent, the form stays); or the widget cannot run (its script did
 * not load, or it reported a network or JavaScript error), which the page answers with the image
 * captcha.
 */
export type SmartCaptchaOutcome = { kind: 'token'; token: string } | { kind: 'closed' } | { kind: 'unavailable' };

export type SmartCaptchaWidget = {
  sitekey: string;
  lang: string;
  /** Starts the check for one submit (execute) and settles with its outcome. */
  run: () => Promise<SmartCaptchaOutcome>;
  /** Unsubscribes and destroys the widget; a run under way settles as closed. */
  destroy: () => void;
};

/**
 * One page's invisible widget: rendered on its first run into a container of its own, then
 * executed once per submit. The token is taken from the callback and the widget reset at once,
 * so a token is never sent twice (Yandex checks each once); `token-expired` resets it too.
 */
export function createSmartCaptchaWidget(sitekey: string, lang: string): SmartCaptchaWidget {
  let api: SmartCaptchaApi | undefined;
  let widget: WidgetId | undefined;
  let container: HTMLElement | undefined;
  let unsubscribe: (() => void)[] = [];
  let settle: ((outcome: SmartCaptchaOutcome) => void) | undefined;
  // Whether this run's challenge has shown: a challenge-hidden before it is the last run's
  // challenge going late (the widget reports through its frame), not this visitor closing it.
  let shown = false;
  let destroyed = false;

  const finish = (outcome: SmartCaptchaOutcome) => {
    const current = settle;
    settle = undefined;
    current?.(outcome);
  };

  const teardown = () => {
    for (const off of unsubscribe) off();
    unsubscribe = [];
    if (api && widget !== undefined) {
      try {
        api.destroy(widget);
      } catch {
        // A widget that broke may not destroy cleanly; its container goes anyway.
      }
    }
    widget = undefined;
    container?.remove();
    container = undefined;
  };

  const tokenTaken = (token: string) => {
    if (!settle || !token) return;
    finish({ kind: 'token', token });
    if (api && widget !== undefined) api.reset(widget);
  };

  // The provider is down for this page: the widget goes (a later submit renders it afresh).
  const broken = () => {
    teardown();
    finish({ kind: 'unavailable' });
  };

  const renderOnce = (loaded: SmartCaptchaApi): WidgetId => {
    if (widget !== undefined) return widget;
    container = document.createElement('div');
    container.className = 'smartcaptcha-widget';
    document.body.appendChild(container);
    const id = loaded.render(container, { sitekey, invisible: true, hl: WIDGET_LANG[lang] ?? 'ru', callback: tokenTaken });
    widget = id;
    unsubscribe = [
      loaded.subscribe(id, 'challenge-visible', () => {
        if (settle) shown = true;
      }),
      loaded.subscribe(id, 'challenge-hidden', () => {
        if (!settle || !shown) return;
        // Closed with a token already given (its callback not yet run) is a pass, else unsolved.
        const token = loaded.getResponse(id);
        if (token) tokenTaken(token);
        else finish({ kind: 'closed' });
      }),
      loaded.subscribe(id, 'network-error', broken),
      loaded.subscribe(id, 'javascript-error', broken),
      loaded.subscribe(id, 'token-expired', () => {
        if (widget !== undefined) loaded.reset(widget);
      }),
    ];
    return id;
  };

  return {
    sitekey,
    lang,
    run: async () => {
      if (destroyed) return { kind: 'closed' };
      try {
        api = await loadSmartCaptcha();
      } catch {
        return { kind: 'unavailable' };
      }
      if (destroyed) return { kind: 'closed' };
      finish({ kind: 'closed' });
      const outcome = new Promise<SmartCaptchaOutcome>((resolve) => {
        settle = resolve;
      });
      shown = false;
      try {
        api.execute(renderOnce(api));
      } catch {
        broken();
      }
      return outcome;
    },
    destroy: () => {
      destroyed = true;
      teardown();
      finish({ kind: 'closed' });
    },
  };
}
