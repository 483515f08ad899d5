import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorResponse } from '../../../contract/admin/api.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { imageUploadResponse } from '../../../contract/admin/images.ts';
import { MEDIA_MAX_BYTES } from '../../../contract/media.ts';
import { BusinessError, adminErrorText, ok } from '../../http.ts';
import { requirePermission } from '../staff/guard.ts';
import { staffActorOf } from '../staff/staff.routes.ts';
import type { ImageUploads } from './images.service.ts';

const tooLarge = () =>
  new BusinessError(AdminErrorCode.imageTooLarge, {
    status: 413,
    text: (lang) => adminErrorText(AdminErrorCode.imageTooLarge, lang, String(MEDIA_MAX_BYTES / 1024 / 1024)),
    details: { fields: [{ path: 'file', code: 'too-large' }] },
  });

/**
 * Reads the upload into memory up to MEDIA_MAX_BYTES: a declared length over it is refused before
 * a byte is read, and a body that grows past it (no length, or a false one) as soon as it does.
 */
async function readUpload(request: FastifyRequest, payload: AsyncIterable<Buffer>): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MEDIA_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += chunk.length;
    if (size > MEDIA_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * POST /api/admin/images: the picture is the request body itself (the browser sends the chosen
 * File as it is), any declared type: what it is is decided by decoding it, never by its name or
 * Content-Type. Its own plugin, so only this call reads such bodies.
 */
export async function imagesRoutes(app: FastifyInstance, deps: { images: ImageUploads }) {
  app.addContentTypeParser(/^(application\/octet-stream|image\/[\w.+-]+)$/, async (request: FastifyRequest, payload: IncomingMessage) => {
    // A full line of uploads refuses before the body is read: a burst of uploads costs no memory.
    deps.images.refuseWhenBusy();
    return readUpload(request, payload);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/images',
    {
      schema: { tags: ['admin-catalog'], response: { 200: imageUploadResponse, '4xx': adminErrorResponse } },
      onRequest: requirePermission('catalog.write'),
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new BusinessError(AdminErrorCode.imageNotImage, { status: 400, details: { fields: [{ path: 'file', code: 'not-image' }] } });
      return ok(await deps.images.upload(body, staffActorOf(request)));
    },
  );
}
