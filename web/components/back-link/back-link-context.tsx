import { type ReactNode, createContext, useContext, useEffect, useState } from 'react';

/**
 * Where the shell's back link points: the listing ('Назад к выбору
 * билетов', the default) or an order ('Вернуться к Заказу № N', the return page). An order
 * whose number is still loading holds the link's line, invisible, so nothing moves when it comes.
 */
export type BackLinkTarget =
  { kind: 'listing' } | { kind: 'order'; hash: string; orderNumber?: string | number | undefined } | { kind: 'hidden' };

const LISTING: BackLinkTarget = { kind: 'listing' };

type BackLinkState = { target: BackLinkTarget; setTarget: (target: BackLinkTarget) => void };

const BackLinkContext = createContext<BackLinkState>({ target: LISTING, setTarget: () => {} });

export function BackLinkProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<BackLinkTarget>(LISTING);
  return <BackLinkContext value={{ target, setTarget }}>{children}</BackLinkContext>;
}

/** The back link the shell shows now. */
export function useBackLinkTarget(): BackLinkTarget {
  return useContext(BackLinkContext).target;
}

/**
 * Lets a page point the shell's back link elsewhere while it is mounted, e.g.
 * `useBackLink({ kind: 'order', hash, orderNumber })`; leaving the page restores the listing.
 */
export function useBackLink(target: BackLinkTarget) {
  const { setTarget } = useContext(BackLinkContext);
  const key = JSON.stringify(target); // a new object each render must not loop the effect
  useEffect(() => {
    setTarget(JSON.parse(key) as BackLinkTarget);
    return () => setTarget(LISTING);
  }, [key, setTarget]);
}
