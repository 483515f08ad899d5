import { useEffect, useRef } from 'react';
import { orderPayState } from '../api/order-api.ts';

/** The QR payment is polled every 10 000 ms. */
export const QR_POLL_MS = 10_000;

/**
 * While `active`, asks the order status at once and then every 10 000 ms; the first non-zero
 * answer stops the polling and is handed to onDone (1 paid, 2 declined, 3 cancelled, 4 the
 * payment was cancelled because the order's sum changed: the modal closes and the order reloads).
 */
export function useQrPolling(hash: string, active: boolean, onDone: (state: number) => void) {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const state = await orderPayState(hash);
        if (stopped) return;
        if (state !== 0) {
          stopped = true;
          done.current(state);
          return;
        }
      } catch {
        // A failed poll is only a missed look; the next one tries again.
      }
      if (!stopped) timer = setTimeout(() => void check(), QR_POLL_MS);
    };
    void check();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [hash, active]);
}
