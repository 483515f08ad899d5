import { useEffect, useState } from 'react';

/**
 * Seconds left until `deadline` (a Date.now() time), ticking once a second and stopping at 0.
 * The deadline is fixed when the data arrives, so a slow tab or a sleeping laptop does not
 * stretch the reserve: each tick reads the clock again.
 */
export function useCountdown(deadline: number): number {
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const read = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    setSeconds(read());
    if (read() === 0) return;
    const timer = setInterval(() => {
      const value = read();
      setSeconds(value);
      if (value === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}
