import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A function that focuses what `find` returns once the render it is called with has been
 * committed: a form that shows its errors and then moves focus to the first invalid field
 * finds that field's `aria-invalid` already there. An animation frame is no such guarantee:
 * React may commit an update made outside an event after the next frame.
 */
export function useFocusAfterRender(find: () => HTMLElement | null | undefined): () => void {
  const [request, setRequest] = useState(0);
  const finder = useRef(find);
  useEffect(() => {
    finder.current = find;
  });
  useEffect(() => {
    if (request > 0) finder.current()?.focus();
  }, [request]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
