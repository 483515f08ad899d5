import { isEmbedded } from './integration.ts';

/**
 * The storefront's half of the widget protocol (the host's half is web/public/widget.js): inside
 * a frame it tells the host page its content height whenever that changes, and that a new page
 * opened, so the frame needs no scrollbar of its own. The messages carry only a height, never
 * a path, because an order's path holds its secret hash; so they can go to whatever page
 * frames us ('*'), which frame-ancestors already limits to the venues of EMBED_ORIGINS.
 */
export type EmbedMessage = { source: 'storefront'; type: 'resize'; height: number } | { source: 'storefront'; type: 'navigate' };

function post(message: EmbedMessage) {
  window.parent.postMessage(message, '*');
}

/** The height the content needs: the document, not the frame (html's height follows content in embed mode). */
export function contentHeight(doc: Document = document): number {
  return Math.ceil(doc.documentElement.getBoundingClientRect().height);
}

/** Starts reporting the content height to the host page; does nothing outside a frame. */
export function startEmbedBridge(): () => void {
  if (!isEmbedded()) return () => {};
  // Lets the styles drop min-height: 100vh, which inside a frame would pin the content to the
  // frame's current height and so never let it shrink.
  document.documentElement.dataset.embedded = 'true';
  let last = 0;
  let frame = 0;
  const report = () => {
    frame = 0;
    const height = contentHeight();
    if (height === last) return;
    last = height;
    post({ source: 'storefront', type: 'resize', height });
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(report);
  };
  const observer = new ResizeObserver(schedule);
  observer.observe(document.documentElement);
  // Images that load late change the height without resizing the observed box in some engines.
  window.addEventListener('load', schedule);
  schedule();
  return () => {
    observer.disconnect();
    window.removeEventListener('load', schedule);
    if (frame !== 0) cancelAnimationFrame(frame);
  };
}

/** Tells the host page that another page opened in the frame, so it brings the frame's top into view. */
export function reportEmbeddedNavigation() {
  if (isEmbedded()) post({ source: 'storefront', type: 'navigate' });
}
