import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionRefused, createAdmission } from './admission.ts';

/** A piece of work that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, work: () => done };
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'admitted',
    (error: unknown) => (error instanceof AdmissionRefused ? error.reason : 'error'),
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createAdmission', () => {
  it.each([
    { description: 'everything within the concurrency', concurrency: 3, queue: 0, calls: 3, refused: 0 },
    { description: 'the concurrency plus the queue', concurrency: 2, queue: 2, calls: 4, refused: 0 },
    { description: 'the rest refused at once', concurrency: 2, queue: 2, calls: 9, refused: 5 },
    { description: 'no queue: only the concurrency', concurrency: 1, queue: 0, calls: 4, refused: 3 },
    { description: 'concurrency 0 turns it off', concurrency: 0, queue: 0, calls: 50, refused: 0 },
  ])('admits $description', async ({ concurrency, queue, calls, refused }) => {
    const admission = createAdmission({ concurrency, queue, queueTimeoutMs: 1000 });
    const g = gate();
    const runs = Array.from({ length: calls }, () => reasonOf(admission.run(g.work)));
    await vi.advanceTimersByTimeAsync(0);
    expect(admission.isFull()).toBe(refused > 0 || (concurrency > 0 && calls >= concurrency + queue));
    g.open();
    const reasons = await Promise.all(runs);
    expect(reasons.filter((r) => r === 'full')).toHaveLength(refused);
    expect(reasons.filter((r) => r === 'admitted')).toHaveLength(calls - refused);
    expect(admission.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('hands a finished slot to the longest waiter first', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 3, queueTimeoutMs: 1000 });
    const order: number[] = [];
    const first = gate();
    const runs = [admission.run(first.work), ...[1, 2, 3].map((n) => admission.run(async () => void order.push(n)))];
    expect(admission.stats()).toMatchObject({ running: 1, waiting: 3 });
    first.open();
    await Promise.all(runs);
    expect(order).toEqual([1, 2, 3]);
  });

  it('refuses a waiter whose time in the queue runs out, and keeps the slot count right', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 1, queueTimeoutMs: 500 });
    const busy = gate();
    const running = admission.run(busy.work);
    const waiting = reasonOf(admission.run(async () => undefined));
    await vi.advanceTimersByTimeAsync(499);
    expect(admission.stats().waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBe('timeout');
    busy.open();
    await running;
    expect(admission.stats()).toMatchObject({ running: 0, waiting: 0, admitted: 1, refused: 1 });
    expect(await reasonOf(admission.run(async () => undefined))).toBe('admitted');
  });

  it('skips the work of a caller who left while waiting', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 1, queueTimeoutMs: 1000 });
    const busy = gate();
    const running = admission.run(busy.work);
    const work = vi.fn(async () => undefined);
    const left = reasonOf(admission.run(work, () => true));
    busy.open();
    await running;
    expect(await left).toBe('gone');
    expect(work).not.toHaveBeenCalled();
    expect(admission.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work throws', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 0, queueTimeoutMs: 1000 });
    await expect(admission.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(admission.stats().running).toBe(0);
    expect(await reasonOf(admission.run(async () => undefined))).toBe('admitted');
  });
});
