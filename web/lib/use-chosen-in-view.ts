import { type RefObject, useLayoutEffect, useRef } from 'react';
import { prefersReducedMotion } from './motion.ts';

/**
 * Keeps the chosen item of a horizontally scrolling track (a date slider) in view when the choice
 * comes from outside it: a deep link, a reload, a route reset, back and forward. The chosen item is
 * the track's child holding the `aria-pressed="true"` element; `chosen` is its key, so the track is
 * looked at again whenever the choice changes. Only the track scrolls (never the page, which
 * `scrollIntoView` would move vertically too), at once on the first showing and smoothly after,
 * unless the visitor asks for reduced motion. An item already in view (a date just clicked) stays
 * where it is.
 */
export function useChosenInView(track: RefObject<HTMLElement | null>, chosen: string | undefined): void {
  const shown = useRef(false);
  // A layout effect, so the first paint already shows the chosen date.
  useLayoutEffect(() => {
    const box = track.current;
    const pressed = box?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!box || !pressed || chosen === undefined) return;
    let item: HTMLElement = pressed;
    while (item.parentElement && item.parentElement !== box) item = item.parentElement;
    const first = !shown.current;
    shown.current = true;
    const view = box.getBoundingClientRect();
    const place = item.getBoundingClientRect();
    const start = view.left + box.clientLeft;
    const end = start + box.clientWidth;
    // Half a pixel of slack: rounding of fractional slide widths.
    if (place.left >= start - 0.5 && place.right <= end + 0.5) return;
    const smooth = !first && !prefersReducedMotion();
    box.scrollTo({ left: box.scrollLeft + place.left - start, behavior: smooth ? 'smooth' : 'instant' });
  }, [track, chosen]);
}
