/**
 * Yandex SmartCaptcha's invisible widget (docs/captcha.md, 'Yandex SmartCaptcha'), loaded only
 * when the setup chooses it: the script is asked for on the first submit, never on page load.
 * The widget is rendered with the advanced method (render, then execute) into a container of its
 * own; its token, which the basic method puts in the hidden input `smart-token`, arrives here
 * through the callback.
 */
type SmartCaptcha = {
  render: (
    container: HTMLElement,
    params: { sitekey: string; invisible: boolean; hl?: string; hideShield?: boolean; callback: (token: string) => void },
  ) => number;
  execute: (widget: number) => void;
  subscribe: (widget: number, event: 'network-error' | 'javascript-error' | 'challenge-hidden', cb: () => void) => () => void;
  destroy: (widget: number) => void;
};

declare global {
  interface Window {
    smartCaptcha?: SmartCaptcha;
  }
}

export const SMARTCAPTCHA_SCRIPT = 'https://smartcaptcha.yandexcloud.net/captcha.js';

let loading: Promise<SmartCaptcha> | undefined;

function loadScript(): Promise<SmartCaptcha> {
  loading ??= new Promise<SmartCaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${SMARTCAPTCHA_SCRIPT}?render=onload`;
    script.async = true;
    script.onload = () => {
      const api = window.smartCaptcha;
      if (api) resolve(api);
      else reject(new Error('SmartCaptcha did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('SmartCaptcha did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** The widget's languages: ours, with Kazakh and Chinese as Yandex names them. */
const WIDGET_LANG: Record<string, string> = { ru: 'ru', en: 'en', kz: 'kk', ch: 'en' };

/**
 * Runs the invisible SmartCaptcha with the setup's client key and resolves with its one-time
 * token; rejects when the widget cannot run or the visitor closes its challenge.
 */
export async function executeSmartCaptcha(sitekey: string, lang: string): Promise<string> {
  const api = await loadScript();
  return new Promise<string>((resolve, reject) => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    let widget = -1;
    const done = () => {
      api.destroy(widget);
      container.remove();
    };
    widget = api.render(container, {
      sitekey,
      invisible: true,
      hl: WIDGET_LANG[lang] ?? 'ru',
      callback: (token) => {
        resolve(token);
        done();
      },
    });
    const fail = () => {
      reject(new Error('SmartCaptcha failed'));
      done();
    };
    api.subscribe(widget, 'network-error', fail);
    api.subscribe(widget, 'javascript-error', fail);
    api.execute(widget);
  });
}
