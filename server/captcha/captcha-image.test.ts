import { describe, expect, it } from 'vitest';
import { CAPTCHA_LENGTH, randomCaptchaText, renderCaptchaSvg } from './captcha-image.ts';

describe('captcha image', () => {
  it('draws random texts of unambiguous characters', () => {
    const texts = Array.from({ length: 200 }, () => randomCaptchaText());
    for (const text of texts) expect(text).toMatch(new RegExp(`^[346789ABCDEFGHJKMNPQRTUVWXY]{${CAPTCHA_LENGTH}}$`));
    expect(new Set(texts).size).toBeGreaterThan(190);
  });

  const alphabet = [...'346789ABCDEFGHJKMNPQRTUVWXY'];
  it.each(alphabet)('has a glyph for %s, drawn as a path', (ch) => {
    const svg = renderCaptchaSvg(ch);
    expect(svg).toMatch(/<path d="M[\d.-]+ [\d.-]+L/);
    expect(svg).not.toContain('<text');
  });

  it('draws each answer differently every time', () => {
    expect(renderCaptchaSvg('ABCDE')).not.toBe(renderCaptchaSvg('ABCDE'));
  });
});
