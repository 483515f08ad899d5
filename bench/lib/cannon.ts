import { optionalImport } from './optional.ts';
import { round } from './stats.ts';

/** The part of autocannon's documented programmatic API used here (autocannon 8/9). */
type AutocannonOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  timeout?: number;
};
type Histogram = { average: number; p50: number; p99: number; max: number; total: number };
type AutocannonResult = {
  requests: Histogram;
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  '5xx': number;
};
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

let loaded: Promise<Autocannon | undefined> | undefined;
/** autocannon, or undefined when the package is not installed. */
export function loadAutocannon(): Promise<Autocannon | undefined> {
  loaded ??= optionalImport<Autocannon>('autocannon');
  return loaded;
}

export type LoadFigures = { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number };

/**
 * Fires `connections` keep-alive connections at one call for `seconds` (after a warm-up of
 * `warmupSeconds` whose figures are dropped, so the JIT and caches are warm) and answers requests
 * per second and latency percentiles (ms).
 */
export async function fire(
  request: { url: string; method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
  options: { connections: number; seconds: number; warmupSeconds: number },
): Promise<LoadFigures> {
  const autocannon = await loadAutocannon();
  if (!autocannon) throw new Error('autocannon is not installed');
  const base: AutocannonOptions = {
    url: request.url,
    method: request.method,
    headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    connections: options.connections,
    timeout: 30,
  };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const result = await autocannon({ ...base, duration: options.seconds });
  return {
    rps: Math.round(result.requests.total / Math.max(0.001, result.duration)),
    p50: round(result.latency.p50, 2),
    p99: round(result.latency.p99, 2),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
