import { type RefObject, useEffect, useRef, useState } from 'react';

/** A control in the page's reading order: the first field a refusal marked invalid inside `root`. */
export function firstInvalidIn(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
}

/** Whether the keyboard's place was lost: focus on <body>, or on a control that was disabled while it held it. */
export function focusWasLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (active as HTMLButtonElement).disabled === true;
}

/** Focuses `target` after scrolling it to the middle of the screen (a long form's first error may be far down). */
export function focusInView(target: HTMLElement): void {
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

type Options = {
  /** Opens the language tab (a tabpanel's `data-lang`) whose hidden panel holds the first invalid field. */
  onHiddenTab?: ((lang: string) => void) | undefined;
  /** Where focus goes when no field is invalid (a refusal of the whole form); nothing leaves it where it is. */
  fallback?: (() => HTMLElement | null) | undefined;
};

/**
 * A back-office form's refusal, for the keyboard: `request()` moves focus to the first invalid
 * field in reading order (the DOM's, not the order the fields were registered or the errors
 * arrived in), scrolled into view, its language tab opened first when it is on another. The
 * search waits for the render that marks the fields (`errors`, whatever object holds them, is a
 * dependency: a refusal may render before its field errors do); with no invalid field, `fallback`.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, errors: unknown, { onHiddenTab, fallback }: Options = {}) {
  const [request, setRequest] = useState(0);
  // A tab just opened: look again once its panel shows.
  const [opened, setOpened] = useState(0);
  const handled = useRef(0);
  const options = useRef({ onHiddenTab, fallback });
  useEffect(() => {
    options.current = { onHiddenTab, fallback };
  });
  useEffect(() => {
    if (request === handled.current) return;
    const first = firstInvalidIn(form.current);
    if (first) {
      const panel = first.closest<HTMLElement>('[role="tabpanel"]');
      const lang = panel?.dataset.lang;
      if (panel?.hidden && lang && options.current.onHiddenTab) {
        options.current.onHiddenTab(lang);
        setOpened((n) => n + 1);
        return;
      }
      handled.current = request;
      focusInView(first);
      return;
    }
    const other = options.current.fallback?.();
    if (!other && options.current.fallback === undefined) return;
    handled.current = request;
    if (other) focusInView(other);
  }, [form, request, opened, errors]);
  return () => setRequest((n) => n + 1);
}
