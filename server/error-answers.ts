import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../contract/errors.ts';
import { isDatabaseBusy, isRefusedValue } from './db/errors.ts';
import { BusinessError, businessError, requestLang } from './http.ts';

/**
 * Every error a handler throws becomes the answer of its kind: a BusinessError its own status and
 * text, a refused body 400 with the fields it got wrong, a busy database 429. Nothing a client
 * can send ever gets a 5xx; only a fault of the server itself answers 500, and is logged.
 */
export function errorAnswers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | BusinessError, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof BusinessError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(error.toBody(lang));
    }
    if (error.validation) {
      return reply.code(400).send({ ...businessError(ErrorCode.validation, lang), fields: fieldErrors(error.validation) });
    }
    const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? request.routeOptions.config?.bodyTooLarge?.() : undefined;
    if (tooLarge) return reply.code(tooLarge.status).send(tooLarge.toBody(lang));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, a body over the limit: the client's fault, said plainly.
      return reply.code(status).send(businessError(ErrorCode.validation, lang));
    }
    if (isRefusedValue(error)) {
      request.log.warn({ err: error }, 'a value the database refused');
      return reply.code(400).send(businessError(ErrorCode.validation, lang));
    }
    if (isDatabaseBusy(error)) {
      // The database is overloaded (too many connections, a deadlock, a lost connection): the
      // statement changed nothing, so the client may send the request again (server/db/errors.ts).
      // 429 like admission control's refusal: the same -1029 answer the page already handles, and
      // nothing a client can send ever gets a 5xx.
      request.log.warn({ err: error }, 'database busy');
      return reply.code(429).header('retry-after', '1').send(businessError(ErrorCode.tooManyRequests, lang));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(businessError(ErrorCode.inner, lang));
  });
}

/**
 * The fields a refused body got wrong, once each. The contract's rules carry error codes
 * ('required-fio', 'hash') that the pages turn into texts; a check of zod's own (a wrong type, a
 * missing key) carries English prose instead, which is sent as 'invalid'.
 */
function fieldErrors(issues: NonNullable<FastifyError['validation']>) {
  const seen = new Set<string>();
  const fields: { path: string; code: string }[] = [];
  for (const issue of issues) {
    const path = (issue.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
    const code = issue.message && /^[\w.-]+$/.test(issue.message) ? issue.message : 'invalid';
    if (seen.has(`${path} ${code}`)) continue;
    seen.add(`${path} ${code}`);
    fields.push({ path, code });
  }
  return fields;
}
