import { Suspense, lazy } from 'react';
import type { BottomBarProps } from './bottom-bar.tsx';

// The bar is not part of the page's first load: it comes once a session's prices are shown, still
// before the first ticket is chosen, so its live region is there to read out the first change.
const BottomBar = lazy(() => import('./bottom-bar.tsx').then((m) => ({ default: m.BottomBar })));

/** The phone's bottom bar (bottom-bar.tsx), loaded on demand; nothing shows while it loads. */
export function LazyBottomBar(props: BottomBarProps) {
  return (
    <Suspense fallback={null}>
      <BottomBar {...props} />
    </Suspense>
  );
}
