import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Lang, normalizeLang } from '../contract/common.ts';
import { type ErrorCodeValue, ErrorCode } from '../contract/errors.ts';
import { type AdminErrorCodeValue, isAdminErrorCode } from '../contract/admin/errors.ts';
import { serverText } from './locales/texts.ts';

/** A storefront code or a back office one: both answer in the same shape. */
export type AnyErrorCode = ErrorCodeValue | AdminErrorCodeValue;

/** The visitor's language for error texts: body lang, then query lang, then ru. */
export function requestLang(request: FastifyRequest): Lang {
  const body = request.body as { lang?: unknown } | undefined;
  const query = request.query as { lang?: unknown } | undefined;
  return normalizeLang(body?.lang ?? query?.lang);
}

/**
 * A storefront code's own text in the visitor's language. The web app has its own catalogs for
 * what it shows, but every answer carries a readable errorText too, so a client written against
 * the spec alone can show it. The texts that quote the code take it as {{code}}.
 */
export function errorText(code: ErrorCodeValue, lang: Lang): string {
  return code === ErrorCode.ok ? '' : serverText('errors', code, lang, { code });
}

/**
 * A back office code's text in the staff member's language. `detail` fills the texts that name a
 * value (a lock's end, who changed an entry and when, the seats or uses refused); tsc fails if a
 * code in contract/admin/errors.ts has no text in ru.json.
 */
export function adminErrorText(code: AdminErrorCodeValue, lang: Lang, detail = ''): string {
  return serverText('adminErrors', code, lang, { detail });
}

/** A business error answer (a storefront code or a back office one). */
export function businessError(code: AnyErrorCode, lang: Lang, text?: string) {
  return { errorCode: code, errorText: text ?? (isAdminErrorCode(code) ? adminErrorText(code, lang) : errorText(code, lang)) };
}

export function ok<T extends object>(payload: T) {
  return { errorCode: ErrorCode.ok, errorText: '', ...payload };
}

/** Sends a business error with its HTTP status. */
export function sendError(reply: FastifyReply, status: number, code: AnyErrorCode, lang: Lang, text?: string) {
  return reply.code(status).send(businessError(code, lang, text));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's answer to a body over its bodyLimit (server/error-answers.ts): a call that takes
     * more than the app's usual body names its own limit and field. None: the plain 413.
     */
    bodyTooLarge?: () => BusinessError;
  }
}

/**
 * A refusal the visitor can act on: domain code throws it, the app's error handler answers it
 * with its HTTP status and spec error code. Thrown inside a transaction, it also rolls it back,
 * so a refused request changes nothing.
 */
export class BusinessError extends Error {
  readonly code: AnyErrorCode;
  readonly status: number;
  readonly text: ((lang: Lang) => string) | undefined;
  readonly details: Record<string, unknown> | undefined;
  /** For a 429: when the client may try again, sent as Retry-After (whole seconds). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AnyErrorCode,
    options: { status?: number; text?: (lang: Lang) => string; details?: Record<string, unknown>; retryAfterSeconds?: number } = {},
  ) {
    super(`business error ${code}`);
    this.code = code;
    this.status = options.status ?? 409;
    this.text = options.text;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(lang: Lang) {
    return { ...businessError(this.code, lang, this.text?.(lang)), ...this.details };
  }
}
