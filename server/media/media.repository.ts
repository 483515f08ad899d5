import type { MediaFormat } from '../../contract/media.ts';
import type { Queryable } from '../db/client.ts';
import type { ProcessedImage } from './image-variants.ts';

export type MediaImageRow = { hash: string; width: number; height: number; fallback: 'jpg' | 'png' };

/**
 * Stores an upload and its variants once: the same bytes uploaded again (or by two members at
 * the same moment) find the row there and add nothing. Answers whether this call stored it.
 */
export async function insertImage(tx: Queryable, hash: string, image: ProcessedImage, uploadedBy: number, at: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into media_images (hash, width, height, fallback, uploaded_by, uploaded_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (hash) do nothing`,
    [hash, image.width, image.height, image.fallback, uploadedBy, at],
  );
  if (rowCount === 0) return false;
  for (const variant of image.variants) {
    await tx.query('insert into media_variants (hash, width, format, bytes) values ($1, $2, $3, $4)', [
      hash,
      variant.width,
      variant.format,
      variant.bytes,
    ]);
  }
  return true;
}

export async function findImage(q: Queryable, hash: string): Promise<MediaImageRow | undefined> {
  const { rows } = await q.query<MediaImageRow>('select hash, width, height, fallback from media_images where hash = $1', [hash]);
  return rows[0];
}

/** One variant's bytes, or undefined when the image or that width and format was never made. */
export async function findVariant(q: Queryable, hash: string, width: number, format: MediaFormat): Promise<Uint8Array | undefined> {
  const { rows } = await q.query<{ bytes: Uint8Array }>('select bytes from media_variants where hash = $1 and width = $2 and format = $3', [
    hash,
    width,
    format,
  ]);
  return rows[0]?.bytes;
}
