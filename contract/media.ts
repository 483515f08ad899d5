/**
 * Images uploaded in the back office and served by our own server at /media/<hash>/<width>.<ext>:
 * the widths made, the formats, the limits, and how a page tells such a URL from an external one.
 * Zod-free: the storefront's first load imports it to write its <picture> elements.
 */
import { AFISHA } from './afisha-constants.ts';

/** The event page's picture beside the title, in CSS px (4:3, the afisha card's ratio). */
export const EVENT_IMAGE = { width: 200, height: 150 } as const;

/**
 * Every width an uploaded image is made in (CSS px at 1x and 2x of the boxes the pages draw): the
 * afisha card (and the menu carousel's tiles, narrower than a card) and its 2x, the event page's
 * picture and its 2x, a card that spans a phone's width and its 2x, and the header logo's box
 * (never wider than these). An image narrower than a width is kept at its own width there:
 * never enlarged, so every URL of the list exists for every image.
 */
export const MEDIA_WIDTHS = [EVENT_IMAGE.width, AFISHA.imageWidth, EVENT_IMAGE.width * 2, AFISHA.imageWidth * 2, 640, 960] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** The width of the URL an upload answers (the one stored in the catalog and setup). */
export const MEDIA_MAIN_WIDTH: MediaWidth = 640;

/** Modern formats first: a <picture> offers them in this order, the browser takes the first it reads. */
export const MEDIA_MODERN_FORMATS = ['avif', 'webp'] as const;
/** The fallback every browser reads: JPEG, or PNG for an image with transparent parts (a logo). */
export const MEDIA_FALLBACK_FORMATS = ['jpg', 'png'] as const;
export type MediaFormat = (typeof MEDIA_MODERN_FORMATS)[number] | (typeof MEDIA_FALLBACK_FORMATS)[number];

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The largest upload, in bytes: a poster from a camera fits, a raw scan does not. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels an upload may decode to: more is refused before decoding (a decompression bomb). */
export const MEDIA_MAX_PIXELS = 50_000_000;

/** The hash that names an upload: the first 128 bits of the SHA-256 of its bytes, hex. */
export const MEDIA_HASH_PATTERN = /^[0-9a-f]{32}$/;

const MEDIA_URL = /^\/media\/([0-9a-f]{32})\/(\d+)\.(jpg|png)$/;

/** Our own image behind a URL: its hash and fallback format; undefined for any other URL. */
export function parseMediaUrl(url: string): { hash: string; fallback: 'jpg' | 'png' } | undefined {
  const match = MEDIA_URL.exec(url);
  if (!match?.[1] || !match[2] || !(MEDIA_WIDTHS as readonly number[]).includes(Number(match[2]))) return undefined;
  return { hash: match[1], fallback: match[3] as 'jpg' | 'png' };
}

export function mediaUrl(hash: string, width: MediaWidth, format: MediaFormat): string {
  return `/media/${hash}/${width}.${format}`;
}

/** A srcset of every width of one format: `/media/h/200.avif 200w, ...`. */
export function mediaSrcSet(hash: string, format: MediaFormat, widths: readonly MediaWidth[] = MEDIA_WIDTHS): string {
  return widths.map((width) => `${mediaUrl(hash, width, format)} ${width}w`).join(', ');
}

// The `sizes` of each place the pages draw an image: how wide it is at each screen width, as the
// CSS lays it out (a guess that errs wide costs bytes; one that errs narrow costs sharpness).

/** The content column's widest (--content-width in web/styles/tokens.css). */
const CONTENT_WIDTH = 1200;

/**
 * An afisha card's picture spans its column: one column below 600 px, at most two up to 960 px,
 * `cols` (the setup's tickets_col / subscription_col) beyond. The first card's preload in the
 * page's head uses the same text, so the browser takes the preloaded file for the card.
 */
export function afishaCardSizes(cols: number): string {
  const wide = Math.max(1, cols);
  return `(max-width: 599px) 100vw, (max-width: 959px) ${Math.round(100 / Math.min(wide, 2))}vw, ${Math.ceil(CONTENT_WIDTH / wide)}px`;
}

/** The event page's picture beside the title: 88 px on the narrowest phones, 112 px up to 767 px. */
export const EVENT_IMAGE_SIZES = `(max-width: 359px) 88px, (max-width: 767px) 112px, ${EVENT_IMAGE.width}px`;

/** A menu carousel tile: one slide of 1 to 7 per view (menu-carousel.tsx's breakpoints). */
export const MENU_TILE_SIZES =
  '(max-width: 479px) 100vw, (max-width: 679px) 50vw, (max-width: 767px) 34vw, (max-width: 1023px) 25vw, (max-width: 1199px) 20vw, 172px';
