// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT_IMAGE_SIZES } from '../../../contract/media.ts';
import { ResponsiveImage } from './responsive-image.tsx';

const HASH = '0123456789abcdef0123456789abcdef';
const widths = [200, 215, 400, 430, 640, 960];
const srcset = (format: string) => widths.map((w) => `/media/${HASH}/${w}.${format} ${w}w`).join(', ');

describe('ResponsiveImage', () => {
  it('draws an uploaded image as a picture: AVIF and WebP sources, the JPEG in the img, its box and loading kept', () => {
    const { container } = render(
      <ResponsiveImage
        src={`/media/${HASH}/640.jpg`}
        sizes={EVENT_IMAGE_SIZES}
        alt=""
        width={200}
        height={150}
        loading="lazy"
        fetchPriority="high"
      />,
    );
    const picture = container.querySelector('picture');
    expect(picture).not.toBeNull();
    const sources = [...container.querySelectorAll('source')].map((s) => ({
      type: s.getAttribute('type'),
      srcset: s.getAttribute('srcset'),
      sizes: s.getAttribute('sizes'),
    }));
    expect(sources).toEqual([
      { type: 'image/avif', srcset: srcset('avif'), sizes: EVENT_IMAGE_SIZES },
      { type: 'image/webp', srcset: srcset('webp'), sizes: EVENT_IMAGE_SIZES },
    ]);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(`/media/${HASH}/640.jpg`);
    expect(img?.getAttribute('srcset')).toBe(srcset('jpg'));
    expect(img?.getAttribute('sizes')).toBe(EVENT_IMAGE_SIZES);
    expect([
      img?.getAttribute('width'),
      img?.getAttribute('height'),
      img?.getAttribute('loading'),
      img?.getAttribute('fetchpriority'),
      img?.getAttribute('alt'),
    ]).toEqual(['200', '150', 'lazy', 'high', '']);
  });

  it("keeps a transparent logo's PNG as the fallback", () => {
    const { container } = render(<ResponsiveImage src={`/media/${HASH}/640.png`} sizes="160px" alt="" width={160} height={40} />);
    expect(container.querySelector('img')?.getAttribute('srcset')).toBe(srcset('png'));
  });

  it.each(['https://cdn.example.com/poster.jpg', '/static/demo/poster.webp', `/media/${HASH}/333.jpg`, `/media/${HASH}/640.avif`])(
    'draws any other URL as it is: %s',
    (src) => {
      const { container } = render(<ResponsiveImage src={src} sizes="200px" alt="" width={200} height={150} />);
      expect(container.querySelector('picture')).toBeNull();
      const img = container.querySelector('img');
      expect(img?.getAttribute('src')).toBe(src);
      expect(img?.hasAttribute('srcset')).toBe(false);
      expect(img?.hasAttribute('sizes')).toBe(false);
    },
  );

  it('offers a phone its own image, by media query, before the wide one', () => {
    const { container } = render(
      <ResponsiveImage
        src="/static/logo.svg"
        sizes="160px"
        mobile={{ src: `/media/${HASH}/640.png`, media: '(max-width: 599px)' }}
        alt=""
        width={160}
        height={40}
      />,
    );
    const sources = [...container.querySelectorAll('source')].map((s) => [
      s.getAttribute('media'),
      s.getAttribute('type'),
      s.getAttribute('srcset'),
    ]);
    expect(sources).toEqual([
      ['(max-width: 599px)', 'image/avif', srcset('avif')],
      ['(max-width: 599px)', 'image/webp', srcset('webp')],
      ['(max-width: 599px)', null, srcset('png')],
    ]);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/static/logo.svg');
  });
});
