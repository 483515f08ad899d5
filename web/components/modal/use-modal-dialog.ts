import { type RefObject, useEffect, useRef } from 'react';

/** Whether focus can go back to the element: still in the page, enabled, not under an open modal. */
function canTakeFocus(element: HTMLElement | null): element is HTMLElement {
  return element !== null && element.isConnected && !element.matches(':disabled') && element.closest('[inert]') === null;
}

/**
 * Where focus goes when the element that opened a dialog is gone or disabled (an offer's button once
 * every offer is added, Pay once the order is paid): the page's main heading, so the visitor
 * goes on from the top of the same page rather than from <body>.
 */
function fallbackFocus(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    return heading;
  }
  return document.querySelector<HTMLElement>('main[tabindex]');
}

/**
 * A native modal <dialog> shown while `open` is true (by default: as long as the component is
 * mounted). showModal makes the page inert and traps focus; when the dialog closes or unmounts,
 * focus returns to the element focused before it opened, or to the main heading if that element
 * is gone or disabled.
 */
export function useModalDialog(open = true): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || dialog.open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body && !dialog.contains(active) ? active : null;
    // jsdom (the unit tests) lacks showModal and close.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      // An unmounted dialog leaves focus on <body>: put it back where the visitor was.
      const target = canTakeFocus(opener) ? opener : fallbackFocus();
      target?.focus();
    };
  }, [open]);
  return ref;
}
