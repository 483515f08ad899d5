import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../lib/page-change-announcer.tsx';

/**
 * The document's title is the page's own h1 and the back office's name ("Заказ № 100004 —
 * Бэк-офис"), in the member's language: every page already has one h1 that says what it shows,
 * names and numbers included, so no page repeats its heading as a title. An h1 with a
 * `data-page-title` gives a shorter title (the home page's greeting). The title follows the h1 as
 * it changes (a page loading its data, another language) and is handed to the PageChangeAnnouncer
 * of `page`; while a page has no h1 yet (its skeleton), the title is the back office's name alone
 * and nothing is announced, so the announcement waits for the real heading. Nor is the previous
 * page's h1 taken for the new page's: a lazy page that is still loading may leave the page before
 * it on the screen (both pages sit in the same Suspense boundary), so the h1 titled last counts
 * only for its own page.
 */
export function useHeadingTitle(containerId: string, page: string) {
  const { t } = useTranslation('admin');
  const suffix = t('title');
  const titled = useRef<{ page: string; h1: Element | null }>({ page, h1: null });
  useEffect(() => {
    const container = document.getElementById(containerId);
    if (!container) return;
    let last = '';
    const update = () => {
      const found = container.querySelector('h1');
      const h1 = found && (found !== titled.current.h1 || titled.current.page === page) ? found : null;
      const heading = (h1?.dataset.pageTitle ?? h1?.textContent ?? '').trim();
      if (!heading) {
        document.title = suffix;
        last = '';
        return;
      }
      const title = `${heading} — ${suffix}`;
      if (title === last) return;
      last = title;
      titled.current = { page, h1 };
      setPageTitle(title, page);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [containerId, page, suffix]);
}
