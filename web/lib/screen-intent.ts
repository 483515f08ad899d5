/**
 * Loads the screen a link opens (web/lib/screen-preload.ts says why) when the visitor, or the
 * member of staff in the back office, shows the intent to follow it: the pointer resting on the
 * link (HOVER_MS), a touch or a press on it, the keyboard's focus on it. Links to other sites or
 * to a new tab, and links the pointer only passes over, load nothing.
 */

/** How long the pointer rests on a link before its screen loads (a pass over it loads nothing). */
const HOVER_MS = 65;

/** Loads the screen of an app path (its query, with the language, included). */
type Preload = (path: string) => void;

/** The same-site link an event happened on, if any. */
function linkOf(event: Event): URL | undefined {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url : undefined;
}

/** Listens on `root` for the intents above and calls `preload`; returns the function that stops it. */
export function preloadScreensOnIntent(preload: Preload, { root = document, hoverMs = HOVER_MS } = {}): () => void {
  let hover: { link: URL; timer: ReturnType<typeof setTimeout> } | undefined;
  const cancelHover = () => {
    if (hover) clearTimeout(hover.timer);
    hover = undefined;
  };
  const load = (url: URL) => preload(`${url.pathname}${url.search}`);

  const now = (event: Event) => {
    const url = linkOf(event);
    if (url) load(url);
  };
  const over = (event: Event) => {
    const url = linkOf(event);
    if (url?.href === hover?.link.href) return;
    cancelHover();
    if (url) hover = { link: url, timer: setTimeout(() => load(url), hoverMs) };
  };
  const out = (event: Event) => {
    const into = (event as MouseEvent).relatedTarget;
    // Moving between the link's own parts keeps the pointer on it.
    const from = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (into instanceof Element && from && into.closest('a[href]') === from) return;
    cancelHover();
  };

  const listeners: [string, (event: Event) => void][] = [
    ['pointerover', over],
    ['pointerout', out],
    ['pointerdown', now],
    ['touchstart', now],
    ['focusin', now],
  ];
  for (const [type, listener] of listeners) root.addEventListener(type, listener, { capture: true, passive: true });
  return () => {
    cancelHover();
    for (const [type, listener] of listeners) root.removeEventListener(type, listener, { capture: true });
  };
}
