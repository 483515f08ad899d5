import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MEDIA_MAX_PIXELS, MEDIA_WIDTHS, type MediaFormat, type MediaWidth } from '../../contract/media.ts';

/** Why an upload is not taken as an image; each has its own text for the member. */
export type ImageRefusal = 'not-image' | 'svg' | 'too-many-pixels' | 'corrupt';

export class ImageRefused extends Error {
  readonly reason: ImageRefusal;
  constructor(reason: ImageRefusal, cause?: unknown) {
    super(`image refused: ${reason}`, { cause });
    this.reason = reason;
  }
}

/**
 * Raster formats a poster or logo may come in. SVG is refused: it may carry scripts and links, and
 * a page that opened the file itself would run them. What sharp decodes beyond these (PDF, FITS,
 * OpenSlide, ...) is nothing a venue uploads as a picture.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

// 'error' aborts on broken or truncated pixel data: a half-uploaded file is refused, not stored grey.
const INPUT = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' } as const;

// One libvips thread per operation (its default is one per core) and no operation cache (every
// upload is a new picture): a picture being decoded takes one core and its own memory, never the
// whole machine the storefront answers visitors on. The uploads themselves run one at a time
// (server/admin/images/images.service.ts).
sharp.concurrency(1);
sharp.cache(false);

export type ImageVariant = { width: MediaWidth; format: MediaFormat; bytes: Buffer };
export type ProcessedImage = { width: number; height: number; fallback: 'jpg' | 'png'; variants: ImageVariant[] };

// libvips says so in words only ('Input image exceeds pixel limit').
const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

async function readMetadata(input: Buffer): Promise<Metadata> {
  try {
    return await sharp(input, INPUT).metadata();
  } catch (error) {
    throw new ImageRefused(isPixelLimit(error) ? 'too-many-pixels' : 'not-image', error);
  }
}

/**
 * Decodes an upload by its content (never its name or declared type), turns it upright by its
 * EXIF orientation and makes every width of MEDIA_WIDTHS in AVIF, WebP and a JPEG (or PNG, when
 * the image has transparent parts). Every output is encoded anew from pixels, so none carries the
 * upload's metadata (EXIF with its GPS position, XMP, IPTC, the colour profile: pixels are
 * converted to sRGB first).
 */
export async function makeImageVariants(input: Buffer): Promise<ProcessedImage> {
  const meta = await readMetadata(input);
  if (meta.format === 'svg') throw new ImageRefused('svg');
  if (!ACCEPTED_FORMATS.has(meta.format)) throw new ImageRefused('not-image');
  if (!meta.width || !meta.height) throw new ImageRefused('corrupt');
  // Checked here too, before any pixel is decoded: the header says how large the image would be.
  if (meta.width * meta.height > MEDIA_MAX_PIXELS) throw new ImageRefused('too-many-pixels');

  // One decode, shrunk to the largest width the pages use (JPEG and WebP shrink while loading),
  // then every variant from that master: a 40-megapixel photo never sits in memory whole.
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1];
  let master: { data: Buffer; info: OutputInfo };
  try {
    master = await sharp(input, INPUT)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRefused(isPixelLimit(error) ? 'too-many-pixels' : 'corrupt', error);
  }
  const raw = { raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } } as const;
  const hasAlpha = master.info.channels === 2 || master.info.channels === 4;
  const opaque = !hasAlpha || (await sharp(master.data, raw).stats()).isOpaque;
  const fallback = opaque ? 'jpg' : 'png';

  const encode = (width: MediaWidth, format: MediaFormat): Promise<Buffer> => {
    let image = sharp(master.data, raw).resize({ width, withoutEnlargement: true });
    if (opaque && hasAlpha) image = image.removeAlpha();
    switch (format) {
      // effort 2: an upload of six widths encodes in about a second; higher efforts take ten times longer for a few per cent.
      case 'avif':
        return image.avif({ quality: 55, effort: 2 }).toBuffer();
      case 'webp':
        return image.webp({ quality: 78 }).toBuffer();
      case 'jpg':
        return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
      case 'png':
        return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    }
  };
  const jobs = MEDIA_WIDTHS.flatMap((width) => (['avif', 'webp', fallback] as const).map((format) => ({ width, format })));
  // One after another: in parallel they would take every thread of libuv's pool (four), more cores
  // than the machine may have, from the visitors' requests.
  const variants: ImageVariant[] = [];
  for (const { width, format } of jobs) variants.push({ width, format, bytes: await encode(width, format) });
  const upright = (meta.orientation ?? 1) >= 5;
  return { width: upright ? meta.height : meta.width, height: upright ? meta.width : meta.height, fallback, variants };
}
