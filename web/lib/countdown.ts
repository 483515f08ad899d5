/**
 * A countdown as the pages show it (the order's payment, the named-ticket reserve, the return
 * window): days only when there are some, then hh:mm:ss.
 */
export function countdownParts(totalSeconds: number): { days: number; clock: string } {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return { days: Math.floor(seconds / 86_400), clock: `${pad(h)}:${pad(m)}:${pad(seconds % 60)}` };
}

/** The countdown as one text: `daysLabel(days)` (the locale's plural) before the clock when there are days. */
export function formatCountdown(seconds: number, daysLabel: (days: number) => string): string {
  const { days, clock } = countdownParts(seconds);
  return days > 0 ? `${daysLabel(days)} ${clock}` : clock;
}
