/** Whether the visitor asked the system for reduced motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The behavior of a scroll the app starts itself (scrollBy, scrollTo): smooth, or 'auto' (at once,
 * as the global reduced-motion rule makes every CSS scroll) when the visitor asks for reduced
 * motion. A script's `behavior: 'smooth'` overrides the CSS rule, so every such scroll asks here.
 */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
