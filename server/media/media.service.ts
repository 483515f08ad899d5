import { MEDIA_HASH_PATTERN, MEDIA_WIDTHS, type MediaFormat } from '../../contract/media.ts';
import type { Queryable } from '../db/client.ts';
import { findVariant } from './media.repository.ts';

const FILE = /^(\d+)\.(avif|webp|jpg|png)$/;

export type MediaService = ReturnType<typeof createMediaService>;

/** Uploaded images' variants as the pages ask for them by address. */
export function createMediaService(deps: { db: Queryable }) {
  return {
    /** The variant a `<width>.<format>` file of an upload names; undefined for an address that names none. */
    async variant(hash: string, file: string): Promise<{ bytes: Uint8Array; width: number; format: MediaFormat } | undefined> {
      const match = FILE.exec(file);
      const width = Number(match?.[1]);
      const format = match?.[2] as MediaFormat | undefined;
      if (!format || !MEDIA_HASH_PATTERN.test(hash) || !(MEDIA_WIDTHS as readonly number[]).includes(width)) return undefined;
      const bytes = await findVariant(deps.db, hash, width, format);
      return bytes ? { bytes, width, format } : undefined;
    },
  };
}
