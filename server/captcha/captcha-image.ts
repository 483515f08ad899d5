import { randomInt } from 'node:crypto';

// Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, 5/S, 2/Z).
const ALPHABET = '346789ABCDEFGHJKMNPQRTUVWXY';
export const CAPTCHA_LENGTH = 5;
const WIDTH = 160;
const HEIGHT = 56;

export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

const between = (min: number, max: number) => min + randomInt(Math.round((max - min) * 10) + 1) / 10;

type Stroke = readonly (readonly [number, number])[];

// A small stroke font on a 4 × 6 grid. Glyphs are drawn as paths, never as <text>, so the
// answer cannot be read out of the markup.
const GLYPHS: Record<string, readonly Stroke[]> = {
  '3': [[[0, 0], [4, 0], [2, 2.5], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '6': [[[4, 0], [1, 0], [0, 2], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  '7': [[[0, 0], [4, 0], [1.5, 6]]],
  '8': [[[1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [1, 3], [0, 2], [0, 1], [1, 0]]],
  '9': [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 4], [3, 6], [0, 6]]],
  A: [[[0, 6], [2, 0], [4, 6]], [[0.7, 4], [3.3, 4]]],
  B: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]], [[3, 3], [4, 4], [4, 5], [3, 6], [0, 6]]],
  C: [[[4, 0], [1, 0], [0, 1], [0, 5], [1, 6], [4, 6]]],
  D: [[[0, 0], [0, 6], [2.5, 6], [4, 4.5], [4, 1.5], [2.5, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  G: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 3], [2, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  J: [[[1, 0], [4, 0], [4, 5], [3, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.3, 2.7], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]]],
  Q: [[[1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6], [0, 5], [0, 1], [1, 0]], [[2.5, 4.5], [4, 6]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]], [[2, 3], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2.5], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
};

function glyphPath(ch: string): string {
  const strokes = GLYPHS[ch] ?? [];
  return strokes
    .map((stroke) =>
      stroke
        .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${(x + between(-0.25, 0.25)).toFixed(2)} ${(y + between(-0.25, 0.25)).toFixed(2)}`)
        .join(''),
    )
    .join('');
}

/**
 * Draws the captcha text as SVG markup: each character a path, shifted, turned, scaled and
 * coloured at random, crossed by noise curves and dots.
 */
export function renderCaptchaSvg(text: string): string {
  const step = (WIDTH - 20) / text.length;
  const chars = [...text]
    .map((ch, i) => {
      const x = 12 + i * step + between(-2, 2);
      const y = 12 + between(-4, 4);
      const angle = between(-22, 22);
      const scale = between(4.6, 5.6);
      const hue = randomInt(360);
      return `<path d="${glyphPath(ch)}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)} 2 3) scale(${scale.toFixed(2)})" stroke="hsl(${hue},60%,30%)" stroke-width="${(2.6 / scale).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
    })
    .join('');
  const noise = Array.from({ length: 5 }, () => {
    const hue = randomInt(360);
    return `<path d="M${between(0, 20)} ${between(5, HEIGHT - 5)} C${between(30, 70)} ${between(0, HEIGHT)},${between(90, 130)} ${between(0, HEIGHT)},${between(140, WIDTH)} ${between(5, HEIGHT - 5)}" stroke="hsl(${hue},50%,45%)" stroke-width="${between(1, 2)}" fill="none"/>`;
  }).join('');
  const dots = Array.from({ length: 40 }, () => `<circle cx="${between(0, WIDTH)}" cy="${between(0, HEIGHT)}" r="${between(0.5, 1.5)}" fill="hsl(${randomInt(360)},40%,50%)"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="captcha"><rect width="100%" height="100%" fill="#f4f1ea"/>${dots}${chars}${noise}</svg>`;
}
