/**
 * Starts loading the code and texts of the screen at an app path before the app goes there, so
 * that screen renders at once when it does: React reveals a page that suspended into the page
 * skeleton no sooner than 300 ms after the skeleton (its throttle of Suspense reveals), and the
 * page's own request starts only then. The app sets the loader at boot (web/app/main.tsx, the
 * router's preloadScreen); until then, and where a page renders without the app, it does nothing.
 */
let loader: (path: string) => void = () => {};

export function setScreenLoader(load: (path: string) => void): void {
  loader = load;
}

/** Loads the screen `path` opens (an app path as web/app/paths.ts builds it, `?lang=` included). */
export function preloadScreenOf(path: string): void {
  loader(path);
}
