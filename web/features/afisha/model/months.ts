import { addMonths } from './format.ts';

/** Every month from the first to the last of the given days ('yyyy-mm-dd'), as 'yyyy-mm'. */
export function monthsSpanning(days: readonly string[]): string[] {
  if (days.length === 0) return [];
  const sorted = [...days].sort();
  const last = (sorted[sorted.length - 1] ?? '').slice(0, 7);
  const months: string[] = [];
  for (let m = (sorted[0] ?? '').slice(0, 7); m <= last && months.length < 120; m = addMonths(m, 1)) months.push(m);
  return months;
}
