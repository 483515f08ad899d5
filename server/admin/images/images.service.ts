import { createHash } from 'node:crypto';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { MEDIA_MAIN_WIDTH, MEDIA_MAX_PIXELS, mediaUrl } from '../../../contract/media.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { type ImageRefusal, ImageRefused } from '../../media/image-variants.ts';
import { createImageWorker } from '../../media/image-worker.ts';
import { findImage, insertImage } from '../../media/media.repository.ts';
import type { AuditEntry } from '../audit/audit.repository.ts';
import type { CatalogActor } from '../catalog/events.service.ts';
import { AdmissionRefused, createAdmission } from '../../security/admission.ts';

const REFUSAL_CODES: Record<ImageRefusal, (typeof AdminErrorCode)[keyof typeof AdminErrorCode]> = {
  'not-image': AdminErrorCode.imageNotImage,
  svg: AdminErrorCode.imageSvg,
  'too-many-pixels': AdminErrorCode.imageTooManyPixels,
  corrupt: AdminErrorCode.imageCorrupt,
};

/**
 * Pictures decoded at once, and uploads that may wait for their turn. Decoding a 50-megapixel
 * picture takes a core for a second and a hundred MB or more: sixteen at once took 1.16 GB and kept
 * the storefront's own calls waiting for seconds. One at a time, in a worker process at the lowest
 * CPU priority (server/media/image-worker.ts), leaves the event loop and a core to the visitors
 * (docs/benchmarks.md 'Uploads beside the storefront'); an upload beyond the line is refused at
 * once with 429 and Retry-After, before its body is read.
 */
export const IMAGE_UPLOADS = { atOnce: 1, waiting: 3, waitMs: 60_000, retryAfterSeconds: 10 } as const;

const busy = () =>
  new BusinessError(AdminErrorCode.imagesBusy, {
    status: 429,
    retryAfterSeconds: IMAGE_UPLOADS.retryAfterSeconds,
    details: { fields: [{ path: 'file', code: 'busy' }] },
  });

/** The name of an upload under /media: the first 128 bits of its SHA-256. */
export function mediaHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/**
 * Posters and logos uploaded in the back office. Uploaded images are never removed: a URL once
 * answered may sit in a catalog export, an imported file, an e-mail or a browser's cache, and a
 * picture costs about 0.5 MB of variants, so a venue's lifetime of posters is a small table.
 */
export function createImageUploads(deps: { db: Db; now: () => number; audit: (tx: Queryable, entry: AuditEntry) => Promise<void> }) {
  // Per instance, like the order admission: load shedding, not state.
  const line = createAdmission({ concurrency: IMAGE_UPLOADS.atOnce, queue: IMAGE_UPLOADS.waiting, queueTimeoutMs: IMAGE_UPLOADS.waitMs });
  const worker = createImageWorker();
  return {
    /** Stops the image worker (the app's close). */
    close: () => worker.close(),
    /** Refuses an upload at once (429) when the line is full: called before its body is read. */
    refuseWhenBusy() {
      if (line.isFull()) throw busy();
    },
    /** Checks the bytes are a picture, makes its variants and stores them once; audited `image.upload`. */
    async upload(bytes: Buffer, actor: CatalogActor) {
      const hash = mediaHash(bytes);
      const known = await findImage(deps.db, hash);
      // The same bytes again: nothing to decode, but the upload is still recorded.
      const processed = known
        ? undefined
        : await line
            .run(() => worker.process(bytes))
            .catch((error: unknown) => {
              if (error instanceof AdmissionRefused) throw busy();
              if (error instanceof ImageRefused) {
                const code = REFUSAL_CODES[error.reason];
                // The pixel limit is named in the text, in millions.
                const detail = error.reason === 'too-many-pixels' ? String(MEDIA_MAX_PIXELS / 1_000_000) : '';
                throw new BusinessError(code, {
                  status: 400,
                  text: (lang) => adminErrorText(code, lang, detail),
                  details: { fields: [{ path: 'file', code: error.reason }] },
                });
              }
              throw error;
            });
      return deps.db.transaction(async (tx) => {
        const at = new Date(deps.now());
        const stored = processed ? await insertImage(tx, hash, processed, actor.id, at) : false;
        const image = processed ?? known;
        if (!image) throw new Error('an upload with neither a stored nor a processed image');
        const url = mediaUrl(hash, MEDIA_MAIN_WIDTH, image.fallback);
        await deps.audit(tx, {
          staffId: actor.id,
          action: 'image.upload',
          subjectType: 'image',
          subjectId: hash,
          after: { url, width: image.width, height: image.height, bytes: bytes.length, existing: !stored },
          ip: actor.ip,
          userAgent: actor.userAgent,
          at,
        });
        return { hash, url, width: image.width, height: image.height, existing: !stored };
      });
    },
  };
}
export type ImageUploads = ReturnType<typeof createImageUploads>;
