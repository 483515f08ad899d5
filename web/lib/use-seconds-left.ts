import { useEffect, useState } from 'react';

const secondsUntil = (deadline: number | undefined) =>
  deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Seconds left until `deadline` (epoch ms), ticking every second and stopping at 0; 0 without a
 * deadline. Each tick reads the browser clock (Date.now) again, so a slow tab or a sleeping laptop
 * does not stretch a reserve, and browser tests move it with Playwright's clock. Only the countdown
 * itself should call it: every tick re-renders its caller (the whole order re-rendering each
 * second was a long task a second on a phone).
 */
export function useSecondsLeft(deadline: number | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    const left = secondsUntil(deadline);
    setSeconds(left);
    if (left === 0) return;
    const timer = setInterval(() => {
      const value = secondsUntil(deadline);
      setSeconds(value);
      if (value === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}

/** The longest delay setTimeout takes (about 24.8 days); a later deadline is checked again then. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Whether `deadline` (epoch ms) is still ahead: false without one. Re-renders its caller once,
 * when the deadline passes, instead of every second as useSecondsLeft does.
 */
export function useBeforeDeadline(deadline: number | undefined): boolean {
  const [before, setBefore] = useState(() => secondsUntil(deadline) > 0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = deadline === undefined ? 0 : deadline - Date.now();
      setBefore(left > 0);
      if (left > 0) timer = setTimeout(check, Math.min(left, MAX_DELAY));
    };
    check();
    return () => clearTimeout(timer);
  }, [deadline]);
  return before;
}
