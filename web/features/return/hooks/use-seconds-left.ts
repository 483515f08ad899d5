import { useEffect, useState } from 'react';

/**
 * Seconds left until `deadline` (epoch ms), ticking every second; 0 once it passed. Reads the
 * browser clock, which browser tests move with Playwright's clock.
 */
export function useSecondsLeft(deadline: number): number {
  const compute = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(compute);
  useEffect(() => {
    const tick = () => setSeconds(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}
