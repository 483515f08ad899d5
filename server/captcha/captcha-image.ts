import { randomInt } from 'node:crypto';
import { encodePalettePng } from './png.ts';

// Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, 5/S, 2/Z).
const ALPHABET = '346789ABCDEFGHJKMNPQRTUVWXY';
export const CAPTCHA_LENGTH = 5;
/** The image's size in CSS pixels; it is drawn at twice that, for sharp high-density screens. */
export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 56;
const DENSITY = 2;

export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A random number from min to max. */
const between = (min: number, max: number) => min + ((max - min) * randomInt(2 ** 24)) / 2 ** 24;

type Stroke = readonly (readonly [number, number])[];

// A small stroke font on a 4 × 6 grid, drawn into pixels: the answer is never in the markup.
// Exported for the test that tries to read the answer out of the markup with it.
export const GLYPHS: Record<string, readonly Stroke[]> = {
  '3': [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '6': [
    [
      [4, 0],
      [1, 0],
      [0, 2],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '8': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
  ],
  '9': [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 4],
      [3, 6],
      [0, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.7, 4],
      [3.3, 4],
    ],
  ],
  B: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  C: [
    [
      [4, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [4, 6],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 6],
      [2.5, 6],
      [4, 4.5],
      [4, 1.5],
      [2.5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  G: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3],
      [2, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  J: [
    [
      [1, 0],
      [4, 0],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.3, 2.7],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  Q: [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
    ],
    [
      [2.5, 4.5],
      [4, 6],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2.5],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
};

type Point = readonly [number, number];

/** Ink coverage (0 to 255) of each device pixel; strokes are drawn with round ends. */
class Coverage {
  readonly width = CAPTCHA_WIDTH * DENSITY;
  readonly height = CAPTCHA_HEIGHT * DENSITY;
  readonly pixels = new Uint8Array(this.width * this.height);

  /** A straight piece of line between a and b (CSS pixels), `thickness` wide, anti-aliased. */
  segment([ax, ay]: Point, [bx, by]: Point, thickness: number) {
    const [x0, y0, x1, y1, r] = [ax * DENSITY, ay * DENSITY, bx * DENSITY, by * DENSITY, (thickness * DENSITY) / 2];
    const dx = x1 - x0;
    const dy = y1 - y0;
    const length2 = dx * dx + dy * dy;
    const reach2 = (r + 0.5) ** 2;
    const left = Math.max(0, Math.floor(Math.min(x0, x1) - r - 1));
    const right = Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + r + 1));
    const top = Math.max(0, Math.floor(Math.min(y0, y1) - r - 1));
    const bottom = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + r + 1));
    for (let y = top; y <= bottom; y += 1) {
      for (let x = left; x <= right; x += 1) {
        const px = x + 0.5 - x0;
        const py = y + 0.5 - y0;
        const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, (px * dx + py * dy) / length2));
        const distance2 = (px - t * dx) ** 2 + (py - t * dy) ** 2;
        if (distance2 >= reach2) continue;
        const ink = Math.round(Math.min(1, r + 0.5 - Math.sqrt(distance2)) * 255);
        const i = y * this.width + x;
        if (ink > (this.pixels[i] ?? 0)) this.pixels[i] = ink;
      }
    }
  }

  /** A line through the points, each piece cut short and bent by `warp`, so straight lines curve. */
  polyline(points: readonly Point[], thickness: number, warp: (p: Point) => Point) {
    let previous: Point | undefined;
    for (const point of points) {
      if (previous) {
        const [[ax, ay], [bx, by]] = [previous, point];
        const pieces = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 2));
        let from = warp(previous);
        for (let k = 1; k <= pieces; k += 1) {
          const to = warp([ax + ((bx - ax) * k) / pieces, ay + ((by - ay) * k) / pieces]);
          this.segment(from, to, thickness);
          from = to;
        }
      }
      previous = point;
    }
  }
}

/** A gentle wave over the whole image, different each time, that bends strokes and noise alike. */
function randomWarp(): (p: Point) => Point {
  const [ax, ay] = [between(1, 2), between(2, 3.5)];
  const [kx, ky] = [(2 * Math.PI) / between(35, 50), (2 * Math.PI) / between(60, 110)];
  const [fx, fy] = [between(0, 2 * Math.PI), between(0, 2 * Math.PI)];
  return ([x, y]) => [x + ax * Math.sin(y * kx + fx), y + ay * Math.sin(x * ky + fy)];
}

/** A character's strokes with their points moved a little, then sheared, turned and scaled about its centre. */
function shapeGlyph(ch: string): Point[][] {
  const scale = between(4.1, 4.8);
  const angle = (between(-18, 18) * Math.PI) / 180;
  const shear = between(-0.2, 0.2);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return (GLYPHS[ch] ?? []).map((stroke) =>
    stroke.map(([gx, gy]): Point => {
      const x = (gx + between(-0.2, 0.2) - 2 + shear * (gy - 3)) * scale;
      const y = (gy + between(-0.2, 0.2) - 3) * scale;
      return [x * cos - y * sin, x * sin + y * cos];
    }),
  );
}

/**
 * The characters side by side with a random gap, each at its own height: turned characters
 * never cover one another (a person must tell them apart), and the line sits at a random place.
 */
function drawText(canvas: Coverage, text: string, warp: (p: Point) => Point) {
  const thickness = between(2.8, 3.3);
  const glyphs = [...text].map((ch) => {
    const strokes = shapeGlyph(ch);
    const xs = strokes.flat().map(([x]) => x);
    return { strokes, left: Math.min(...xs), right: Math.max(...xs), gap: between(thickness + 2, thickness + 5) };
  });
  const room = CAPTCHA_WIDTH - 12;
  const inked = glyphs.reduce((sum, g) => sum + g.right - g.left, 0);
  const gaps = glyphs.slice(1).reduce((sum, g) => sum + g.gap, 0);
  // Wide characters turned far: narrower gaps, so the line still fits.
  const squeeze = Math.min(1, Math.max(0, room - inked) / gaps);
  let x = 6 + between(0, Math.max(0, room - inked - gaps * squeeze));
  glyphs.forEach((glyph, i) => {
    if (i > 0) x += glyph.gap * squeeze;
    const [dx, dy] = [x - glyph.left, CAPTCHA_HEIGHT / 2 + between(-4, 4)];
    for (const stroke of glyph.strokes)
      canvas.polyline(
        stroke.map(([px, py]): Point => [px + dx, py + dy]),
        thickness,
        warp,
      );
    x += glyph.right - glyph.left;
  });
}

/** Noise in the text's own colour: thinner curves across the text, and dots. */
function drawNoise(canvas: Coverage, warp: (p: Point) => Point) {
  for (let n = 0; n < 3; n += 1) {
    // From high on one side to low on the other: a slanting line is not taken for a crossbar.
    const [high, low] = [between(2, CAPTCHA_HEIGHT / 3), between((2 * CAPTCHA_HEIGHT) / 3, CAPTCHA_HEIGHT - 2)];
    const [y0, y3] = randomInt(2) === 0 ? [high, low] : [low, high];
    const p0: Point = [between(0, 15), y0];
    const p1: Point = [between(30, 70), between(0, CAPTCHA_HEIGHT)];
    const p2: Point = [between(90, 130), between(0, CAPTCHA_HEIGHT)];
    const p3: Point = [between(CAPTCHA_WIDTH - 15, CAPTCHA_WIDTH), y3];
    const curve = Array.from({ length: 33 }, (_, k): Point => {
      const t = k / 32;
      const [a, b, c, d] = [(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3];
      return [a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]];
    });
    canvas.polyline(curve, between(0.7, 1), warp);
  }
  for (let n = 0; n < 60; n += 1) {
    const at: Point = [between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT)];
    canvas.segment(at, at, between(0.8, 2));
  }
}

/** HSL (hue in degrees, saturation and lightness 0 to 1) to RGB bytes. */
function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round((lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
  };
  return [channel(0), channel(8), channel(4)];
}

const PAPER = [0xf4, 0xf1, 0xea] as const;

/**
 * The captcha text as a PNG, drawn at twice the CSS size: dark strokes of a random hue on light
 * paper, with noise in the same colour. Pixel value = ink coverage, the palette shades from paper
 * to ink.
 */
export function drawCaptchaPng(text: string): Buffer {
  const canvas = new Coverage();
  const warp = randomWarp();
  drawText(canvas, text, warp);
  drawNoise(canvas, warp);
  const ink = hslToRgb(randomInt(360), 0.6, 0.27);
  const shade = (c: 0 | 1 | 2, i: number) => Math.round(PAPER[c] + ((ink[c] - PAPER[c]) * i) / 255);
  const palette = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i += 1) palette.set([shade(0, i), shade(1, i), shade(2, i)], i * 3);
  return encodePalettePng(canvas.width, canvas.height, palette, canvas.pixels);
}

/**
 * The captcha's image markup: an <img> of the PNG as a
 * data: URI, with its size set so the dialog does not move when it loads. The alt text names
 * the picture, never its answer; the dialog's image button carries the visitor's own words.
 */
export function renderCaptchaImage(text: string): string {
  const png = drawCaptchaPng(text).toString('base64');
  return `<img src="data:image/png;base64,${png}" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" alt="captcha">`;
}
