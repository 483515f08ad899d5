/** The next range after a day is picked: first a start, then an end (a day before the start restarts). */
export function pickDay(range: { from: string; to: string }, day: string): { from: string; to: string } {
  if (!range.from || range.to || day < range.from) return { from: day, to: '' };
  return { from: range.from, to: day };
}
