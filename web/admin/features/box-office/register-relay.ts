import type { DeskTask, DeskTaskResult } from '../../../../contract/admin/desk-register.ts';
import { DESK_DRIVER_POLL } from '../../../../contract/admin/desk-register-rules.ts';

/**
 * The cashier's page as the go-between of our server and the register's driver service on this
 * computer's loopback (ATOL's driver web server): it takes a task the server keeps, hands it to
 * the driver under the task's uuid, polls the result, and reports it back. Our server never
 * reaches the register; the uuid makes a task sent twice print once (the driver answers a uuid it
 * has with 409 and keeps its result to be polled). No React here: the API test drives it too.
 */

/** Our server's two calls the relay makes (/api/admin/desk/receipt-tasks/:id/sent and /result). */
export type RelayApi = { sent(id: number): Promise<DeskTask>; result(id: number, body: DeskTaskResult): Promise<DeskTask> };
/** fetch, or a stand-in; only status and json are read. */
export type DriverFetch = (
  url: string,
  init?: { method: string; headers: Record<string, string>; body: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export type RelayOutcome = 'done' | 'failed' | 'pending' | 'sent';

type AtolResult = {
  status?: string;
  errorCode?: number;
  errorDescription?: string;
  result?: { fiscalParams?: { fiscalDocumentSign?: unknown; fiscalDocumentNumber?: unknown } } | null;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Relays one task through ATOL's web server at `base`; answers the state it leaves the task in. */
export async function relayAtolTask(
  task: DeskTask,
  base: string,
  api: RelayApi,
  driver: DriverFetch,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<RelayOutcome> {
  await api.sent(task.id);
  const root = base.replace(/\/+$/, '');
  let posted: { status: number; json(): Promise<unknown> };
  try {
    posted = await driver(`${root}/api/v2/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uuid: task.uuid, request: [task.request] }),
    });
  } catch (error) {
    // Not reached (switched off, unplugged, blocked by the browser): nothing was printed.
    await api.result(task.id, { outcome: 'unreachable', error: describe(error) });
    return 'pending';
  }
  // 201: taken; 409: taken before (a page that went away after sending it): either way, its result is polled.
  if (posted.status !== 201 && posted.status !== 200 && posted.status !== 409) {
    const body = (await posted.json().catch(() => null)) as { error?: { description?: string } } | null;
    if (posted.status >= 500) {
      await api.result(task.id, { outcome: 'unreachable', error: body?.error?.description ?? `HTTP ${posted.status}` });
      return 'pending';
    }
    await api.result(task.id, { outcome: 'failed', error: body?.error?.description ?? `HTTP ${posted.status}` });
    return 'failed';
  }
  for (let attempt = 0; attempt < DESK_DRIVER_POLL.attempts; attempt += 1) {
    let answer: { status: number; json(): Promise<unknown> };
    try {
      answer = await driver(`${root}/api/v2/requests/${encodeURIComponent(task.uuid)}`);
    } catch {
      // The task may be printing: it stays sent, and the next page asks for its uuid again.
      return 'sent';
    }
    if (answer.status === 404) {
      // The driver has no such task (restarted without its queue): it printed nothing, so it goes again.
      await api.result(task.id, { outcome: 'unreachable', error: 'the driver has no such task' });
      return 'pending';
    }
    const body = (await answer.json().catch(() => null)) as { results?: AtolResult[] } | null;
    const results = body?.results ?? [];
    const failed = results.find((r) => r.status === 'error' || r.status === 'interrupted' || r.status === 'canceled');
    if (failed) {
      await api.result(task.id, { outcome: 'failed', error: failed.errorDescription || `error ${failed.errorCode ?? ''}`.trim() });
      return 'failed';
    }
    if (results.length > 0 && results.every((r) => r.status === 'ready')) {
      const params = results[0]?.result?.fiscalParams;
      await api.result(task.id, {
        outcome: 'done',
        fiscalSign: params?.fiscalDocumentSign === undefined ? '' : String(params.fiscalDocumentSign),
        fiscalNumber: params?.fiscalDocumentNumber === undefined ? '' : String(params.fiscalDocumentNumber),
      });
      return 'done';
    }
    await wait(DESK_DRIVER_POLL.intervalMs);
  }
  return 'sent';
}

/**
 * Relays the register's waiting tasks in order (a register prints one document after another).
 * Stops at the first it cannot reach, so an offline register is not hammered; a refused task is
 * left for the cashier and the next ones go on.
 */
export async function relayTasks(
  tasks: readonly DeskTask[],
  base: string,
  api: RelayApi,
  driver: DriverFetch,
  wait?: (ms: number) => Promise<void>,
): Promise<Map<number, RelayOutcome>> {
  const outcomes = new Map<number, RelayOutcome>();
  for (const task of tasks) {
    if (task.driver !== 'atol' || (task.state !== 'pending' && task.state !== 'sent')) continue;
    const outcome = await relayAtolTask(task, base, api, driver, wait);
    outcomes.set(task.id, outcome);
    if (outcome === 'pending' || outcome === 'sent') break;
  }
  return outcomes;
}
