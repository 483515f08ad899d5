/** The q-quantile (0–1) of numbers, nearest rank; 0 for none. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** The largest of numbers (0 for none), without spreading them: a spread of some 100,000 overflows the stack. */
export function maxOf(values: readonly number[], start = 0): number {
  let max = start;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** p50 / p99 / max of latencies in ms, rounded. */
export function latencySummary(values: readonly number[]) {
  return { count: values.length, p50: round(percentile(values, 0.5)), p99: round(percentile(values, 0.99)), max: round(maxOf(values)) };
}
export type LatencySummary = ReturnType<typeof latencySummary>;
