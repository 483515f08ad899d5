import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ErrorCode } from '../../contract/errors.ts';
import { rememberIntegrationSetting } from './integration.ts';
import { crmToken } from './crm-token.ts';

/**
 * A failed call as the visitor sees it: the server's errorCode and errorText,
 * or -9999 with an empty text when there is no code (network failure, unreadable answer).
 * An empty text means "use the catalog's text for this code".
 */
export class ApiError extends Error {
  readonly code: string;
  readonly text: string;
  readonly status: number | undefined;
  /** The whole answer, for callers that read more than the code (field errors of -1002). */
  readonly body: unknown;

  constructor(code: string, text: string, status?: number, body?: unknown) {
    super(`API error ${code}${text ? `: ${text}` : ''}`);
    this.name = 'ApiError';
    this.code = code;
    this.text = text;
    this.status = status;
    this.body = body;
  }
}

/** Whether a call's failure says there is no such thing (spec 'not found', -1004, HTTP 404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ErrorCode.notFound || error.status === 404);
}

/** Whatever is thrown, as an ApiError: unknown failures become the inner error -9999. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(ErrorCode.inner, '');
}

/**
 * The contract schema an answer is checked against, or a loader of it: a loader keeps the schema
 * (and zod) off the first load of screens that have no form.
 */
export type AnswerSchema<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * Answers are checked against their contract schema in development and in the tests; a
 * production build trusts them, because the server serializes every answer through the same
 * schema (fastify-type-provider-zod) and a check per answer cost boot time (docs/first-load.md).
 */
const CHECK_ANSWERS: boolean = import.meta.env.DEV;

// Some answers send the code as a number (the spec's return call has error_code); read both.
function businessFields(payload: unknown): { code: string | undefined; text: string } {
  if (typeof payload !== 'object' || payload === null) return { code: undefined, text: '' };
  const { errorCode, errorText } = payload as { errorCode?: unknown; errorText?: unknown };
  const code = typeof errorCode === 'string' || typeof errorCode === 'number' ? String(errorCode) : undefined;
  return { code, text: typeof errorText === 'string' ? errorText : '' };
}

const tokenResponse = () => import('../../contract/setup.ts').then((m) => m.tokenResponse);

let tokenRequest: Promise<string> | undefined;

/** The CSRF token, fetched once and shared by every state-changing call. */
function csrfToken(): Promise<string> {
  tokenRequest ??= send('GET', '/api/token', tokenResponse, undefined, undefined, false).then(
    (answer) => answer.token,
    (error: unknown) => {
      tokenRequest = undefined; // a failed fetch must not poison later calls
      throw error;
    },
  );
  return tokenRequest;
}

/** Forgets the cached CSRF token (tests; a new session). */
export function resetCsrfToken() {
  tokenRequest = undefined;
}

type RequestOptions = { signal?: AbortSignal | undefined };

/** GET a JSON answer and parse it with the call's contract schema. */
export function apiGet<S extends z.ZodType>(path: string, schema: AnswerSchema<S>, options: RequestOptions = {}): Promise<z.output<S>> {
  return send('GET', path, schema, undefined, options.signal, false);
}

/** POST a JSON body with the CSRF token; a stale token (-1000) is refetched and the call retried once. */
export function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: AnswerSchema<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return send('POST', path, schema, body, options.signal, true);
}

/** DELETE with the CSRF token (the back office's sign-out; a body names what to remove, as the seat unblocking does). */
export function apiDelete<S extends z.ZodType>(
  path: string,
  schema: AnswerSchema<S>,
  options: RequestOptions & { body?: unknown } = {},
): Promise<z.output<S>> {
  return send('DELETE', path, schema, options.body, options.signal, true);
}

/** PATCH or PUT a JSON body with the CSRF token (the back office's changes of a thing in place). */
export function apiSend<S extends z.ZodType>(
  method: 'PATCH' | 'PUT',
  path: string,
  body: unknown,
  schema: AnswerSchema<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return send(method, path, schema, body, options.signal, true);
}

/** POST a file as the request body itself, with the CSRF token (the back office's image upload). */
export function apiUpload<S extends z.ZodType>(
  path: string,
  file: Blob,
  schema: AnswerSchema<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return send('POST', path, schema, file, options.signal, true);
}

async function send<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
  path: string,
  schema: AnswerSchema<S>,
  body: unknown,
  signal: AbortSignal | undefined,
  withToken: boolean,
  retried = false,
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (withToken) headers['X-CSRF-TOKEN'] = await csrfToken();
  const file = typeof Blob !== 'undefined' && body instanceof Blob ? body : undefined;
  if (body !== undefined) headers['Content-Type'] = file ? file.type || 'application/octet-stream' : 'application/json';
  const crm = crmToken();
  if (crm) headers['X-CRM-Token'] = crm;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: file ?? (body === undefined ? null : JSON.stringify(body)),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    // A cancelled query is not a failure; TanStack Query expects the abort to propagate.
    if (signal?.aborted) throw error;
    // Failures at network level are only logged; the caller sees the inner error.
    console.error(`${method} ${path} failed`, error);
    throw new ApiError(ErrorCode.inner, '');
  }

  const payload: unknown = await response.json().catch(() => undefined);
  const { code, text } = businessFields(payload);

  if (withToken && !retried && response.status === 403 && code === ErrorCode.invalidCsrf) {
    // The token outlived its lifetime (or the server restarted with a new secret): fetch a new one.
    tokenRequest = undefined;
    return send(method, path, schema, body, signal, withToken, true);
  }
  if (!response.ok || (code !== undefined && code !== ErrorCode.ok)) {
    throw new ApiError(code ?? ErrorCode.inner, text, response.status, payload);
  }
  if (!CHECK_ANSWERS) return payload as z.output<S>;
  const parsed = (typeof schema === 'function' ? await schema() : schema).safeParse(payload);
  if (!parsed.success) {
    console.error(`${method} ${path}: the answer does not match its schema`, parsed.error.issues);
    throw new ApiError(ErrorCode.inner, '', response.status);
  }
  return parsed.data;
}

const MINUTE = 60_000;

/** GET /api/setup: the venue's storefront settings; they change rarely. */
export function setupQueryOptions() {
  return queryOptions({
    queryKey: ['setup'],
    queryFn: async ({ signal }) => {
      const answer = await apiGet('/api/setup', () => import('../../contract/setup.ts').then((m) => m.setup), { signal });
      // Links built outside React (createPaths without the hook) follow the venue's setting too.
      rememberIntegrationSetting(answer.is_integration);
      return answer;
    },
    staleTime: 5 * MINUTE,
  });
}

/** GET /api/rules: the rules documents (purchase terms, privacy policy). */
export function rulesQueryOptions() {
  return queryOptions({
    queryKey: ['rules'],
    queryFn: ({ signal }) => apiGet('/api/rules', () => import('../../contract/setup.ts').then((m) => m.rulesResponse), { signal }),
    staleTime: 10 * MINUTE,
  });
}
