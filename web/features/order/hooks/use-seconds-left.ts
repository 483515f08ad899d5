import { useEffect, useState } from 'react';

/**
 * Seconds left until `deadline` (epoch ms), ticking every second; 0 once it passed. Reads the
 * browser clock (Date.now), which browser tests move with Playwright's clock.
 */
export function useSecondsLeft(deadline: number | undefined): number {
  const compute = () => (deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(compute);
  useEffect(() => {
    const tick = () => setSeconds(deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    if (deadline === undefined) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}
