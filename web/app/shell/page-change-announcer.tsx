import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { onPageTitle } from '../../lib/page-title.ts';
import { useLocation } from 'wouter';
import { pageOf, useNavigationType } from '../../lib/navigation.tsx';

/**
 * When the visitor opens another page inside the app (a link, a button, back or forward), the
 * element they used is gone and the browser would leave focus on <body>, and a screen reader
 * would hear nothing. So focus goes to the page's main content (`mainId`, the <main> with
 * tabIndex -1, drawn without a ring), where the next Tab starts, and the new page's title is read
 * out from a polite live region once the screen has set it (a skeleton first sets it too).
 * Nothing happens on the first load (redirects while it loads included: a legacy address, an
 * order that cannot be returned), nor while the visitor works inside one page: a date or time in
 * the path (/event/{hash}/{date}/{time}), the query (?lang=, the listing's filters).
 */
export function PageChangeAnnouncer({ mainId }: { mainId: string }) {
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
      }),
    [],
  );

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
