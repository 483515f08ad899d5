/**
 * A local stand-in for Yandex SmartCaptcha's widget script (captcha.js), written from Yandex
 * Cloud's guide ('Widget installation methods', 'Invisible CAPTCHA', 'CAPTCHA in React'; sources
 * in docs/captcha.md) and never from our widget code. It offers window.smartCaptcha as the guide
 * describes it: render(container, {sitekey, callback, hl, invisible, …}) → widget id,
 * getResponse, execute, reset, destroy, subscribe(id, event, listener) → unsubscribe, with the
 * events challenge-visible, challenge-hidden, network-error, javascript-error, success and
 * token-expired; the advanced method's `render=onload&onload=<function>` calls that function once
 * the object is there; the token also goes into the hidden input `smart-token` ('User validation').
 *
 * What the guide leaves to Yandex is ours: every execute shows a challenge (the fake treats every
 * visitor as suspicious, as render's `test` does), a modal dialog in the widget's language with
 * 'solve' and 'close' buttons (Escape closes it too). Solving asks the SmartCaptcha validate fake
 * (tests/fakes/smartcaptcha-fake.ts) for a token at `<script origin>/fake/widget/token`, so the
 * server's check of that token is the fake's, not ours; a failed call is a network-error. A
 * solved challenge gives the token to `callback`, then `success`, then hides
 * (challenge-hidden). `window.smartCaptchaFake` lets a test expire a widget's last token
 * (server side too, then token-expired) or raise a javascript-error.
 *
 * `installSmartCaptchaFake` must stay self-contained (no imports, nothing from this module's
 * scope): `smartCaptchaWidgetScript` sends its source to the browser.
 */

export type FakeWidgetOptions = {
  /** Where the widget's own calls go; the script's own origin when it is loaded by URL. */
  origin?: string;
};

export type SmartCaptchaFakeControl = {
  /** Invalidates the widget's last token at the validate fake, then raises token-expired. */
  expire: (widgetId?: number) => Promise<void>;
  /** Raises javascript-error on the widget, as a critical failure of the widget's code. */
  javascriptError: (widgetId?: number) => void;
  /** The widgets rendered and not destroyed, with the parameters they were given. */
  widgets: () => { id: number; sitekey: string; hl: string; invisible: boolean }[];
};

declare global {
  interface Window {
    smartCaptchaFake?: SmartCaptchaFakeControl;
  }
}

export function installSmartCaptchaFake(options: FakeWidgetOptions = {}): void {
  type Listener = (...args: unknown[]) => void;
  type Params = { sitekey: string; callback?: (token: string) => void; hl?: string; invisible?: boolean; test?: boolean };
  type Widget = {
    id: number;
    params: Params;
    hl: string;
    input: HTMLInputElement;
    button: HTMLButtonElement | undefined;
    token: string;
    lastToken: string;
    listeners: Map<string, Set<Listener>>;
    dialog: HTMLDialogElement | undefined;
  };
  const EVENTS = ['challenge-visible', 'challenge-hidden', 'network-error', 'javascript-error', 'success', 'token-expired'];
  type Texts = { title: string; task: string; solve: string; close: string; checkbox: string };
  const TEXTS: Record<string, Texts> = {
    ru: {
      title: 'Проверка SmartCaptcha',
      task: 'Подтвердите, что запросы отправляли вы',
      solve: 'Решить',
      close: 'Закрыть',
      checkbox: 'Я не робот',
    },
    en: {
      title: 'SmartCaptcha check',
      task: 'Confirm that the requests were sent by you',
      solve: 'Solve',
      close: 'Close',
      checkbox: "I'm not a robot",
    },
    kk: {
      title: 'SmartCaptcha тексеруі',
      task: 'Сұрауларды сіз жібергеніңізді растаңыз',
      solve: 'Шешу',
      close: 'Жабу',
      checkbox: 'Мен робот емеспін',
    },
  };

  const textsFor = (hl: string): Texts => TEXTS[hl] ?? (TEXTS.en as Texts);

  const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : undefined;
  const scriptUrl = script?.src ? new URL(script.src) : undefined;
  const origin = options.origin ?? scriptUrl?.origin ?? '';
  const widgets = new Map<number, Widget>();
  let nextId = 0;

  const widgetOf = (id: number | undefined): Widget => {
    const widget = id === undefined ? [...widgets.values()][0] : widgets.get(id);
    if (!widget) throw new Error(`SmartCaptcha: no widget ${String(id)}`);
    return widget;
  };
  const emit = (widget: Widget, event: string, ...args: unknown[]) => {
    for (const listener of [...(widget.listeners.get(event) ?? [])]) listener(...args);
  };
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${origin}${path}`, { method: 'POST', body: new URLSearchParams(form) }).then((response) => {
      if (!response.ok) throw new Error(`SmartCaptcha: HTTP ${response.status}`);
      return response.json() as Promise<{ token?: string }>;
    });
  const setToken = (widget: Widget, token: string) => {
    widget.token = token;
    widget.input.value = token;
  };

  // The challenge goes at once, not when the dialog's close event comes (the browser fires it
  // after close() has returned, a task later): a reset then execute must show a new challenge,
  // and the old one's challenge-hidden must come before the new one's challenge-visible.
  const hideChallenge = (widget: Widget, dialog: HTMLDialogElement | undefined) => {
    if (!dialog || widget.dialog !== dialog) return;
    widget.dialog = undefined;
    dialog.close();
    dialog.remove();
    emit(widget, 'challenge-hidden');
  };
  const hide = (widget: Widget) => hideChallenge(widget, widget.dialog);

  const solve = async (widget: Widget) => {
    let token: string;
    try {
      const answer = await post('/fake/widget/token', { sitekey: widget.params.sitekey, host: location.hostname });
      if (typeof answer.token !== 'string' || answer.token === '') throw new Error('SmartCaptcha: no token');
      token = answer.token;
    } catch {
      if (!widgets.has(widget.id)) return;
      emit(widget, 'network-error');
      hide(widget);
      return;
    }
    if (!widgets.has(widget.id)) return;
    setToken(widget, token);
    widget.lastToken = token;
    widget.params.callback?.(token);
    emit(widget, 'success', token);
    hide(widget);
  };

  const showChallenge = (widget: Widget) => {
    if (widget.dialog) return;
    const texts = textsFor(widget.hl);
    const dialog = document.createElement('dialog');
    dialog.lang = widget.hl;
    dialog.dataset.smartcaptchaFake = String(widget.id);
    dialog.setAttribute('aria-label', texts.title);
    dialog.style.padding = '16px';
    dialog.style.maxWidth = 'calc(100vw - 32px)';
    const task = document.createElement('p');
    task.textContent = texts.task;
    const solveButton = document.createElement('button');
    solveButton.type = 'button';
    solveButton.textContent = texts.solve;
    const closeButton = document.createElement('button');
    closeButton.type = 'button';
    closeButton.textContent = texts.close;
    solveButton.addEventListener('click', () => {
      solveButton.disabled = true;
      closeButton.disabled = true;
      void solve(widget);
    });
    closeButton.addEventListener('click', () => hideChallenge(widget, dialog));
    // Escape closes the modal dialog itself.
    dialog.addEventListener('close', () => hideChallenge(widget, dialog));
    dialog.append(task, solveButton, closeButton);
    document.body.append(dialog);
    widget.dialog = dialog;
    dialog.showModal();
    emit(widget, 'challenge-visible');
  };

  window.smartCaptcha = {
    render(container: HTMLElement | string, params: Params): number {
      const element = typeof container === 'string' ? document.getElementById(container) : container;
      if (!element) throw new Error('SmartCaptcha: no container');
      if (!params || typeof params.sitekey !== 'string' || params.sitekey === '') throw new Error('SmartCaptcha: no sitekey');
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = 'smart-token';
      element.append(input);
      const hl = params.hl ?? navigator.language.slice(0, 2);
      const widget: Widget = {
        id: nextId++,
        params,
        hl,
        input,
        button: undefined,
        token: '',
        lastToken: '',
        listeners: new Map(),
        dialog: undefined,
      };
      if (!params.invisible) {
        // The standard widget's 'I'm not a robot' button, which starts the same check.
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = textsFor(hl).checkbox;
        button.addEventListener('click', () => showChallenge(widget));
        element.append(button);
        widget.button = button;
      }
      widgets.set(widget.id, widget);
      return widget.id;
    },
    getResponse: (id?: number) => widgetOf(id).token,
    execute: (id?: number) => showChallenge(widgetOf(id)),
    reset(id?: number) {
      const widget = widgetOf(id);
      setToken(widget, '');
      hide(widget);
    },
    destroy(id?: number) {
      const widget = widgetOf(id);
      widgets.delete(widget.id);
      widget.listeners.clear();
      const dialog = widget.dialog;
      widget.dialog = undefined;
      dialog?.close();
      dialog?.remove();
      widget.input.remove();
      widget.button?.remove();
    },
    subscribe(id: number, event: string, listener: Listener) {
      if (!EVENTS.includes(event)) throw new Error(`SmartCaptcha: no event ${event}`);
      const widget = widgetOf(id);
      const set = widget.listeners.get(event) ?? new Set<Listener>();
      widget.listeners.set(event, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
  } as unknown as NonNullable<Window['smartCaptcha']>;

  window.smartCaptchaFake = {
    async expire(id?: number) {
      const widget = widgetOf(id);
      if (widget.lastToken) await post('/fake/widget/expire', { token: widget.lastToken });
      setToken(widget, '');
      emit(widget, 'token-expired');
    },
    javascriptError(id?: number) {
      emit(widgetOf(id), 'javascript-error', { filename: 'captcha.js', message: 'fake critical error', col: 1, line: 1 });
    },
    widgets: () =>
      [...widgets.values()].map((w) => ({ id: w.id, sitekey: w.params.sitekey, hl: w.hl, invisible: w.params.invisible === true })),
  };

  // The advanced method: the page names its function in `onload` (with render=onload).
  const onload = scriptUrl?.searchParams.get('onload');
  if (onload && scriptUrl?.searchParams.get('render') === 'onload') {
    const callback = (window as unknown as Record<string, unknown>)[onload];
    if (typeof callback === 'function') setTimeout(() => (callback as () => void)(), 0);
  }
}

/** The widget fake as the body of a script the browser loads in place of captcha.js. */
export function smartCaptchaWidgetScript(options: FakeWidgetOptions = {}): string {
  return `(${installSmartCaptchaFake.toString()})(${JSON.stringify(options)});`;
}
