/**
 * Errors that say the database is overloaded or briefly unreachable, not that the request is wrong:
 * too many connections or another resource short (SQLSTATE class 53), a lost or refused connection
 * (class 08, 57P01–57P03, node-postgres' own connection errors), a deadlock or serialization
 * failure (40P01, 40001), a lock or statement timeout (55P03, 57014), no answer or no connection
 * within the pool's limits (REQUEST_LIMITS in server/db/client.ts). Each ends the statement (and
 * its transaction) without a change, so the request changed nothing and can simply be sent again:
 * the app answers 429 with -1029 and Retry-After, as admission control does, never a 5xx.
 */
const BUSY_CODES = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03']);
const BUSY_CLASSES = ['53', '08'];
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// 'Query read timeout': no answer within the pool's query_timeout (a frozen server, server/db/client.ts);
// 'Connection terminated due to connection timeout' and 'timeout exceeded…': none within connectionTimeoutMillis.
const CLIENT_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Query read timeout)/;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** An error and the causes it wraps (a driver may wrap the database's own error), three deep at most. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 3; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

export function isDatabaseBusy(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (
      typeof code === 'string' &&
      (BUSY_CODES.has(code) || NODE_CODES.has(code) || (SQLSTATE.test(code) && BUSY_CLASSES.includes(code.slice(0, 2))))
    )
      return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true;
  }
  return false;
}

/**
 * A value the database cannot take (SQLSTATE class 22, data exception): a number beyond its
 * column's range, a NUL character in a text, an impossible date. It came from what the client
 * sent, and the statement changed nothing, so the answer is the 400 of any other malformed field.
 * The contract's schemas refuse such values first; this keeps one they miss from becoming a 5xx.
 */
export function isRefusedValue(error: unknown): boolean {
  for (const { code } of causes(error)) if (typeof code === 'string' && SQLSTATE.test(code) && code.startsWith('22')) return true;
  return false;
}

/**
 * The database refused the statement, so it wrote nothing: an error carrying its SQLSTATE. Not a
 * lost connection (class 08, 57P01–57P03) nor an error of our own (no SQLSTATE): a statement may
 * have committed before the answer was lost, so it must not be sent again (server/orders/order-batcher.ts).
 */
export function refusedByDatabase(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && SQLSTATE.test(code) && !code.startsWith('08') && !/^57P0[1-3]$/.test(code);
}
