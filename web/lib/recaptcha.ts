type Grecaptcha = {
  ready: (cb: () => void) => void;
  render: (
    container: HTMLElement,
    params: { sitekey: string; size: 'invisible'; callback: (token: string) => void; 'error-callback': () => void },
  ) => number;
  execute: (widget: number) => void;
  reset: (widget: number) => void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | undefined;

function loadScript(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    script.async = true;
    script.onload = () => {
      const api = window.grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Runs the invisible reCAPTCHA with the setup's site key and resolves with its token. */
export async function executeRecaptcha(sitekey: string): Promise<string> {
  const api = await loadScript();
  return new Promise<string>((resolve, reject) => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const widget = api.render(container, {
      sitekey,
      size: 'invisible',
      callback: (token) => {
        resolve(token);
        container.remove();
      },
      'error-callback': () => {
        reject(new Error('reCAPTCHA failed'));
        container.remove();
      },
    });
    api.execute(widget);
  });
}
