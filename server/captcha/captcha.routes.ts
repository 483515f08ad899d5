import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  captchaAudioRequest,
  captchaAudioResponse,
  captchaCheckRequest,
  captchaCheckResponse,
  captchaResponse,
} from '../../contract/captcha.ts';
import type { CaptchaService } from './captcha.service.ts';

export function captchaRoutes(app: FastifyInstance, deps: { captcha: CaptchaService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/captcha', { schema: { tags: ['captcha'], response: { 200: captchaResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return deps.captcha.issue();
  });

  r.get(
    '/api/captcha/audio',
    { schema: { tags: ['captcha'], querystring: captchaAudioRequest, response: { 200: captchaAudioResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.captcha.issueAudio(request.query.lang);
    },
  );

  r.post(
    '/api/captcha/check',
    { schema: { tags: ['captcha'], body: captchaCheckRequest, response: { 200: captchaCheckResponse } } },
    async (request) => deps.captcha.check(request.body.sid, request.body.code),
  );
}
