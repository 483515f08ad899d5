import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { reportEmbeddedNavigation } from '../../lib/embed-bridge.ts';

/** Inside the widget's frame, tells the host page when another page opens (not on the first one). */
export function useEmbedNavigation() {
  const [pathname] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reportEmbeddedNavigation();
  }, [pathname]);
}
