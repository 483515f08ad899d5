/**
 * Admission control for the expensive calls of an on-sale rush (order creation): at most
 * `concurrency` of them run at once, at most `queue` more wait their turn in arrival order, each
 * for at most `queueTimeoutMs`, and every call beyond that is refused at once. A refused buyer
 * gets an answer in microseconds instead of a slot in an unbounded line inside the connection
 * pool, so the buyers who are let in keep the latency of a server running at its capacity.
 *
 * The state is per instance and worth nothing after a restart: it is load shedding, not data.
 */
export type AdmissionOptions = {
  /** Calls running at once; 0 turns admission control off. */
  concurrency: number;
  /** Calls waiting for a slot; beyond that they are refused at once. */
  queue: number;
  /** The longest a call waits in the queue before it is refused. */
  queueTimeoutMs: number;
};

export type AdmissionStats = { running: number; waiting: number; admitted: number; refused: number };

/** Why a call was not let in: the line was full, the wait ran out, or the caller left while waiting. */
export class AdmissionRefused extends Error {
  readonly reason: 'full' | 'timeout' | 'gone';
  constructor(reason: 'full' | 'timeout' | 'gone') {
    super(`admission refused: ${reason}`);
    this.reason = reason;
  }
}

type Waiter = { admit: () => void; refuse: (error: AdmissionRefused) => void; timer: ReturnType<typeof setTimeout> };

export type Admission = ReturnType<typeof createAdmission>;

/** Creates a limiter with the given concurrency, queue length and queue timeout. */
export function createAdmission(options: AdmissionOptions) {
  const off = options.concurrency <= 0;
  let running = 0;
  let admitted = 0;
  let refused = 0;
  const waiting: Waiter[] = [];

  const acquire = (): Promise<void> => {
    if (off || running < options.concurrency) {
      running++;
      admitted++;
      return Promise.resolve();
    }
    if (waiting.length >= options.queue) {
      refused++;
      return Promise.reject(new AdmissionRefused('full'));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        refuse: reject,
        timer: setTimeout(() => {
          const at = waiting.indexOf(waiter);
          if (at >= 0) waiting.splice(at, 1);
          refused++;
          reject(new AdmissionRefused('timeout'));
        }, options.queueTimeoutMs),
      };
      waiting.push(waiter);
    });
  };

  // A finished call hands its slot straight to the longest waiter, so `running` never dips
  // and a newcomer cannot overtake the queue.
  const release = () => {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      admitted++;
      next.admit();
    } else {
      running--;
    }
  };

  return {
    options,
    /** True when a call arriving now would be refused at once (every slot busy, the queue full). */
    isFull(): boolean {
      return !off && running >= options.concurrency && waiting.length >= options.queue;
    },
    /**
     * Runs `work` once a slot is free; throws AdmissionRefused when the line is full, the wait
     * runs out, or `gone()` says the caller left while it waited (then the work is skipped).
     */
    async run<T>(work: () => Promise<T>, gone?: () => boolean): Promise<T> {
      await acquire();
      try {
        if (gone?.()) {
          admitted--;
          refused++;
          throw new AdmissionRefused('gone');
        }
        return await work();
      } finally {
        release();
      }
    },
    stats(): AdmissionStats {
      return { running, waiting: waiting.length, admitted, refused };
    },
  };
}
