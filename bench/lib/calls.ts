import type { Answer, Client } from './http.ts';
import { sleep } from './ports.ts';

/** One answered (or failed) call: HTTP status (0 = no answer), errorCode, latency, when it ended. */
export type Call = { status: number; code: string; ms: number; endedAt: number };

/** Every call of a scenario, with the counts the count checks need. */
export function createLog() {
  const calls: Call[] = [];
  return {
    calls,
    add(answer: Answer | undefined, ms: number): Call {
      let code = '';
      if (answer) {
        try {
          code = String((JSON.parse(answer.text) as { errorCode?: unknown }).errorCode ?? '');
        } catch {
          code = 'not-json';
        }
      }
      const call = { status: answer?.status ?? 0, code, ms, endedAt: performance.now() };
      calls.push(call);
      return call;
    },
    count: (pick: (call: Call) => boolean) => calls.filter(pick).length,
    latencies: (pick: (call: Call) => boolean = () => true) => calls.filter(pick).map((c) => c.ms),
  };
}
export type Log = ReturnType<typeof createLog>;

/** POST with the buyer's patience: a 429 is retried after Retry-After (0.5–1.5 times, so retries spread). */
export async function postAsBuyer(client: Client, log: Log, path: string, body: unknown, options: { deadline: number }): Promise<{ call: Call; answer: Answer | undefined }> {
  for (;;) {
    const started = performance.now();
    let answer: Answer | undefined;
    try {
      answer = await client.post(path, body);
    } catch {
      answer = undefined;
    }
    const call = log.add(answer, performance.now() - started);
    if (call.status !== 429 || performance.now() > options.deadline) return { call, answer };
    const retryAfter = Number(answer?.headers['retry-after'] ?? 1);
    await sleep(retryAfter * 1000 * (0.5 + Math.random()));
  }
}
