import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type BrowserLocationHook, navigate, usePathname } from 'wouter/use-browser-location';

/**
 * Unsaved changes of the back office's editors, guarded in one place: an editor says it holds
 * changes (`useUnsavedChanges(dirty)`), and every way out of the page asks first: the router's
 * navigation (menu links, `navigate`), the browser's back and forward buttons, signing out
 * (`requestLeave`), and a reload or a closed tab (`beforeunload`, the browser's own question).
 */

// Each editor's own check: whether it still holds unsaved changes.
const dirtyEditors = new Map<symbol, () => boolean>();
/** The way out the member asked for, held until they answer the dialog. */
let pending: (() => void) | null = null;
let bypass = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const hasUnsavedChanges = () => !bypass && [...dirtyEditors.values()].some((holds) => holds());

/** Runs `leave` at once when nothing is unsaved; otherwise holds it for the dialog to confirm. */
export function requestLeave(leave: () => void): void {
  if (!hasUnsavedChanges()) {
    leave();
    return;
  }
  pending = leave;
  emit();
}

/** Leaves without asking: after a save or a deletion, the page's own navigation loses nothing. */
export function leaveSaved(leave: () => void): void {
  bypass = true;
  try {
    leave();
  } finally {
    bypass = false;
  }
}

/** The dialog's answer: leave (the held way out runs) or stay (it is forgotten). */
export function answerLeave(leave: boolean): void {
  const held = pending;
  pending = null;
  emit();
  if (leave && held) leaveSaved(held);
}

export function usePendingLeave(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending !== null,
  );
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedChanges()) return;
  event.preventDefault();
  // Older Chromium shows the question only with a returnValue set.
  event.returnValue = '';
}

/**
 * An editor's changes not saved yet: while `dirty`, leaving the page asks first. `holds` narrows
 * it (a form closed with its list's Cancel no longer holds anything to lose).
 */
export function useUnsavedChanges(dirty: boolean, holds: () => boolean = () => true): void {
  const key = useRef(Symbol('editor'));
  const check = useRef(holds);
  useEffect(() => {
    check.current = holds;
  });
  useEffect(() => {
    if (!dirty) return;
    const editor = key.current;
    dirtyEditors.set(editor, () => check.current());
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyEditors.delete(editor);
      // One listener for all editors: it goes when the last one is clean.
      if (dirtyEditors.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

// The address the pages show: the back and forward buttons change the address before any code
// hears of it, so a refused step puts this one back and holds the step for the dialog.
let shown = typeof location === 'undefined' ? '' : location.pathname + location.search;
if (typeof window !== 'undefined') {
  // Added before the router's own listener (this module loads before the app renders), so the
  // router reads the address already put back.
  const sync = () => {
    shown = location.pathname + location.search;
  };
  // The router's own steps (wouter dispatches these for pushState and replaceState).
  window.addEventListener('pushState', sync);
  window.addEventListener('replaceState', sync);
  window.addEventListener('popstate', () => {
    const target = location.pathname + location.search;
    if (target === shown) return;
    if (!hasUnsavedChanges()) {
      shown = target;
      return;
    }
    history.pushState(history.state, '', shown);
    requestLeave(() => guardedNavigate(target));
  });
}

const guardedNavigate: typeof navigate = (to, options) => requestLeave(() => navigate(to, options));

/** wouter's browser location whose navigation asks first when an editor holds unsaved changes. */
export const useGuardedLocation: BrowserLocationHook = (options) => [usePathname(options), guardedNavigate];
