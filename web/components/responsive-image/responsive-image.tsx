import type { ImgHTMLAttributes } from 'react';
import { MEDIA_CONTENT_TYPES, MEDIA_MODERN_FORMATS, mediaSrcSet, parseMediaUrl } from '../../../contract/media.ts';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'>;

/** The <source> elements of one image: AVIF and WebP of our own, then its fallback (or the URL as it is). */
function Sources({ src, sizes, media, withFallback }: { src: string; sizes: string; media?: string | undefined; withFallback: boolean }) {
  const own = parseMediaUrl(src);
  if (!own) return withFallback ? <source media={media} srcSet={src} /> : null;
  return (
    <>
      {MEDIA_MODERN_FORMATS.map((format) => (
        <source key={format} media={media} type={MEDIA_CONTENT_TYPES[format]} srcSet={mediaSrcSet(own.hash, format)} sizes={sizes} />
      ))}
      {withFallback && <source media={media} srcSet={mediaSrcSet(own.hash, own.fallback)} sizes={sizes} />}
    </>
  );
}

/**
 * An image as the pages draw it. One uploaded in the back office (a /media/... URL) becomes a
 * <picture> offering every width in AVIF and WebP, the JPEG or PNG in the <img>, and `sizes`
 * telling the browser how wide it is drawn, so a phone downloads the width it needs. Any other URL
 * (the demo's, an imported catalog's) is drawn as it is. The <img> keeps its width and height
 * (the box is fixed before the file loads) and its loading and priority attributes. `mobile`:
 * another image for screens matching its media query (the header's phone logo).
 */
export function ResponsiveImage({
  src,
  sizes,
  mobile,
  ...img
}: ImgProps & { src: string; sizes: string; mobile?: { src: string; media: string } | undefined }) {
  const own = parseMediaUrl(src);
  const alternate = mobile && mobile.src !== src ? mobile : undefined;
  if (!own && !alternate) return <img src={src} {...img} />;
  return (
    <picture className="responsive-picture">
      {alternate && <Sources src={alternate.src} sizes={sizes} media={alternate.media} withFallback />}
      <Sources src={src} sizes={sizes} withFallback={false} />
      <img src={src} srcSet={own ? mediaSrcSet(own.hash, own.fallback) : undefined} sizes={own ? sizes : undefined} {...img} />
    </picture>
  );
}
