import { ProviderError } from './provider.ts';

/**
 * One HTTPS call to an acquirer: a timeout, a network failure, a 5xx or an answer that is not
 * JSON becomes a ProviderError (the caller shows "the bank is unavailable" or retries later);
 * the acquirer's body is never shown to the visitor.
 */
export async function callAcquirer(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number; answer500?: boolean },
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new ProviderError(
      `${new URL(url).pathname}: ${(error as Error).name === 'TimeoutError' ? `no answer in ${init.timeoutMs} ms` : (error as Error).message}`,
    );
  }
  const text = await response.text().catch(() => '');
  // answer500: the caller repeats a 500 itself (YooKassa's SDKs do, with the same Idempotence-Key).
  if (response.status === 500 && init.answer500) return { status: 500, body: parseObject(text) ?? {} };
  if (response.status >= 500) throw new ProviderError(`${new URL(url).pathname}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(`${new URL(url).pathname}: HTTP ${response.status}, not JSON`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProviderError(`${new URL(url).pathname}: HTTP ${response.status}, not an object`);
  return { status: response.status, body: body as Record<string, unknown> };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Kopecks of a decimal amount string ("500.00"), or null when it is not one. */
export function minorUnits(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', part = ''] = value.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** A decimal amount string of kopecks: 50000 -> "500.00". */
export function decimalAmount(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
