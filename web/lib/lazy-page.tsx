import { type ComponentType, lazy, useState } from 'react';

/** A page whose code loads when it is first wanted: `loadCode` starts (or joins) the load. */
export type LazyPage<P extends object> = ComponentType<P> & { loadCode: () => Promise<ComponentType<P>> };

/**
 * A page in a chunk of its own, for both apps' routers. Unlike a bare `lazy()`, a page whose code
 * is already there (loaded at boot, or on a link's intent: web/lib/screen-intent.ts) renders at
 * once, in the same render as what is around it: React reveals a page that suspended into its
 * skeleton no sooner than 300 ms after the skeleton appeared (its throttle of Suspense reveals),
 * however fast the code came. One load at a time (an intent and the page's render may both ask);
 * a failed load is asked again the next time, though a browser that keeps a module's failed
 * fetch for the document's life (as the HTML standard asked until whatwg/html#10327) fails it
 * again: the apps' error views offer a reload (web/app/route-error.tsx,
 * web/admin/app/page-error.tsx).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // React's lazy() keeps its failure for good, and a new one would be rendered again at once by
  // the suspended page (a loop where the failure is kept): after a failure, the page renders
  // when a later load (a link's intent) succeeded.
  const Lazy = lazy(async () => ({ default: await loadCode() })) as unknown as ComponentType<P>;
  // Chosen once per mount, so a page that mounted suspended keeps its state when the code comes.
  function Page(props: P) {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { loadCode });
}
