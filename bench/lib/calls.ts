import type { Answer, Buyer } from './http.ts';
import { sleep } from './ports.ts';

/** One answered (or failed) call: HTTP status (0 = no answer), errorCode, latency, when it ended. */
export type Call = { readonly status: number; readonly code: string; readonly ms: number; readonly endedAt: number };

/** errorCode of the answer's JSON ('' without one, 'not-json'), read from the body only when asked for. */
class Logged implements Call {
  readonly status: number;
  readonly ms: number;
  readonly endedAt: number;
  private answer: Answer | undefined;
  private parsed: string | undefined;
  constructor(answer: Answer | undefined, ms: number) {
    this.status = answer?.status ?? 0;
    this.ms = ms;
    this.endedAt = performance.now();
    this.answer = answer;
  }
  get code(): string {
    if (this.parsed === undefined) {
      this.parsed = this.answer ? errorCodeOf(this.answer.text) : '';
      this.answer = undefined;
    }
    return this.parsed;
  }
}

function errorCodeOf(text: string): string {
  try {
    return String((JSON.parse(text) as { errorCode?: unknown }).errorCode ?? '');
  } catch {
    return 'not-json';
  }
}

/** Every call of a scenario, with the counts the count checks need. */
export function createLog() {
  const calls: Call[] = [];
  return {
    calls,
    add(answer: Answer | undefined, ms: number): Call {
      const call = new Logged(answer, ms);
      calls.push(call);
      return call;
    },
    count: (pick: (call: Call) => boolean) => calls.filter(pick).length,
    latencies: (pick: (call: Call) => boolean = () => true) => calls.filter(pick).map((c) => c.ms),
  };
}
export type Log = ReturnType<typeof createLog>;

/** POST with the buyer's patience: a 429 is retried after Retry-After (0.5–1.5 times, so retries spread). */
export async function postAsBuyer(
  buyer: Pick<Buyer, 'post'>,
  log: Log,
  path: string,
  body: unknown,
  options: { deadline: number },
): Promise<{ call: Call; answer: Answer | undefined }> {
  for (;;) {
    const started = performance.now();
    let answer: Answer | undefined;
    try {
      answer = await buyer.post(path, body);
    } catch {
      answer = undefined;
    }
    const call = log.add(answer, performance.now() - started);
    if (call.status !== 429 || performance.now() > options.deadline) return { call, answer };
    const retryAfter = Number(answer?.headers['retry-after'] ?? 1);
    await sleep(retryAfter * 1000 * (0.5 + Math.random()));
  }
}
