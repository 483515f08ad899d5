import { useCallback, useRef } from 'react';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.ts';

const FOCUSABLE = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [tabindex="0"]';

/**
 * A row removed by its own button takes the focus with it, and the browser would leave it on the
 * page's <body>. Call the answered function with the list (its children are the rows), the
 * removed row's index and a fallback (the list's "add" button): once the row is gone, focus goes
 * to the first control of the row that took its place, else of the row before it, else to the
 * fallback.
 */
export function useFocusAfterRemoval() {
  const target = useRef<() => HTMLElement | null>(() => null);
  const request = useFocusAfterRender(() => target.current());
  return useCallback(
    (list: HTMLElement | null, index: number, fallback: HTMLElement | null) => {
      target.current = () => {
        const rows = list ? [...list.children] : [];
        const row = rows[index] ?? rows[index - 1];
        return row?.querySelector<HTMLElement>(FOCUSABLE) ?? fallback;
      };
      request();
    },
    [request],
  );
}
