import { z } from 'zod';

/** POST /api/admin/images: the picture as the request body; the answer names what was stored. */
export const imageUploadResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  /** The hash of the uploaded bytes: the image's name under /media. */
  hash: z.string(),
  /** The URL to store in the catalog or the setup (MEDIA_MAIN_WIDTH in the fallback format). */
  url: z.string(),
  /** The upright picture's own size in pixels. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Whether these bytes had been uploaded before (then nothing new was stored). */
  existing: z.boolean(),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;
