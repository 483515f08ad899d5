import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useNavigationType } from './navigation.tsx';

type TitleListener = (title: string, page: string) => void;
const titleListeners = new Set<TitleListener>();

/**
 * Calls `listener` each time a screen sets the document's title, with the page the title is for;
 * PageChangeAnnouncer announces a new page's title with it. Returns the unsubscribe.
 */
export function onPageTitle(listener: TitleListener): () => void {
  titleListeners.add(listener);
  return () => titleListeners.delete(listener);
}

/** Sets document.title and tells PageChangeAnnouncer which page (its `pageOf` key) it is for. */
export function setPageTitle(title: string, page: string): void {
  document.title = title;
  for (const listener of [...titleListeners]) listener(title, page);
}

type Props = {
  /** The page's main content: a <main> with tabIndex -1, drawn without a ring. */
  mainId: string;
  /** Which page a path shows: a change of it is a navigation, a change within it is not. */
  pageOf: (path: string) => string;
  /** Where focus lands: the main content at once, or also its h1 once the new page has its title. */
  focus?: 'main' | 'heading';
  /** The app's visually hidden class, for the live region. */
  hiddenClass?: string;
};

/**
 * When the user opens another page inside the app (a link, a button, back or forward), the
 * element they used may be gone and the browser would leave focus on <body>, and a screen reader
 * would hear nothing. So focus goes to the page's main content (`mainId`), where the next Tab
 * starts, and the new page's title is read out from a polite live region once the screen has set
 * it (a skeleton first sets it too). With `focus: 'heading'` focus then moves on to the page's h1
 * when its title arrives, so the heading is what a screen reader reads first.
 * Nothing happens on the first load (redirects while it loads included: a legacy address, an
 * order that cannot be returned), nor while the user works inside one page (`pageOf` says so:
 * a date or time in the storefront's path, the query).
 */
export function PageChangeAnnouncer({ mainId, pageOf, focus = 'main', hiddenClass = 'visually-hidden' }: Props) {
  const page = pageOf(useLocation()[0]);
  const action = useNavigationType();
  const state = useRef({ page, navigated: false, awaitingTitle: false });
  const [message, setMessage] = useState('');

  // A layout effect: focus moves before the new page is painted; a screen that later moves it
  // somewhere on purpose (its own effect) still can.
  useLayoutEffect(() => {
    const current = state.current;
    if (page === current.page) return;
    current.page = page;
    if (action !== 'REPLACE') current.navigated = true;
    if (!current.navigated) return;
    current.awaitingTitle = true;
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [page, action, mainId]);

  useEffect(
    () =>
      onPageTitle((title, titlePage) => {
        const current = state.current;
        if (!current.awaitingTitle || titlePage !== current.page) return;
        current.awaitingTitle = false;
        // The same text again (one order, then another) would not be read: make it differ.
        setMessage((shown) => (shown === title ? `${title}\u00a0` : title));
        if (focus !== 'heading') return;
        const main = document.getElementById(mainId);
        const heading = main?.querySelector<HTMLElement>('h1');
        // Only from the main content: a screen that moved focus elsewhere on purpose keeps it.
        if (!heading || (document.activeElement !== main && document.activeElement !== document.body)) return;
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }),
    [focus, mainId],
  );

  return (
    <div className={hiddenClass} role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
