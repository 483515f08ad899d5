import { describe, expect, it } from 'vitest';
import { LANGS } from '../../contract/lang.ts';
import {
  AUDIO_DIGITS,
  AUDIO_MAX_BYTES,
  AUDIO_RATE,
  GAP_MAX_MS,
  GAP_MIN_MS,
  captchaAudioUrl,
  composeCaptchaAudio,
  loadVoices,
  parseWav,
  randomCaptchaDigits,
} from './captcha-audio.ts';

/** A seeded generator (mulberry32), so a composition can be made twice alike. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ten distinct synthetic clips: digit d is a square wave of (d + 1) × 100 samples, height 1000 × (d + 1). */
const fakeClips = Array.from({ length: 10 }, (_, d) =>
  Int16Array.from({ length: (d + 1) * 100 }, (_, i) => ((i >> 3) & 1 ? 1 : -1) * 1000 * (d + 1)),
);

const rms = (samples: Int16Array, from = 0, to = samples.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};

describe('composeCaptchaAudio', () => {
  it('writes a valid 8 kHz mono 16-bit RIFF/WAVE file whose length is the parts and gaps', () => {
    const { wav, layout } = composeCaptchaAudio('30917', fakeClips, seeded(1));
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(AUDIO_RATE);
    expect(wav.readUInt32LE(28)).toBe(AUDIO_RATE * 2);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('latin1', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    const samples = parseWav(wav);
    // 300 ms of noise first, 200 ms after the last digit.
    expect(layout[0]?.start).toBe(0.3 * AUDIO_RATE);
    expect(samples.length).toBe((layout.at(-1)?.end ?? 0) + 0.2 * AUDIO_RATE);
    expect(layout.map((part) => part.end - part.start)).toEqual([400, 100, 1000, 200, 800]);
    for (let i = 1; i < layout.length; i++) {
      const gap = ((layout[i]?.start ?? 0) - (layout[i - 1]?.end ?? 0)) / AUDIO_RATE;
      expect(gap).toBeGreaterThanOrEqual(GAP_MIN_MS / 1000);
      expect(gap).toBeLessThanOrEqual(GAP_MAX_MS / 1000);
    }
  });

  it('puts the digits in their order, the same for the same random, other gaps and noise for another', () => {
    const digits = '52800';
    const a = composeCaptchaAudio(digits, fakeClips, seeded(7));
    const b = composeCaptchaAudio(digits, fakeClips, seeded(7));
    const c = composeCaptchaAudio(digits, fakeClips, seeded(8));
    expect(b.wav.equals(a.wav)).toBe(true);
    expect(c.wav.equals(a.wav)).toBe(false);
    const samples = parseWav(a.wav);
    // Each part is its digit's clip (length and level say which), at a gain of 0.75–1.
    a.layout.forEach((part, i) => {
      const digit = Number(digits[i]);
      expect(part.end - part.start).toBe(fakeClips[digit]?.length);
      const level = rms(samples, part.start, part.end) / (1000 * (digit + 1));
      expect(level).toBeGreaterThan(0.74);
      expect(level).toBeLessThan(1.02);
    });
    // Between the digits: only the low noise, never silence (which would mark the cuts).
    const gap = rms(samples, a.layout[0]?.end, a.layout[1]?.start);
    expect(gap).toBeGreaterThan(50);
    expect(gap).toBeLessThan(400);
  });

  it('never repeats a clip byte for byte', () => {
    const clips = loadVoices().get('ru') ?? [];
    const { wav, layout } = composeCaptchaAudio('77777', clips, seeded(3));
    const clip = Buffer.from((clips[7] ?? new Int16Array()).buffer);
    expect(wav.includes(clip)).toBe(false);
    expect(layout).toHaveLength(5);
  });

  it('refuses anything but digits', () => {
    expect(() => composeCaptchaAudio('12a45', fakeClips)).toThrow();
  });
});

describe('the committed voices', () => {
  it('has the ten digits of every language, each 0.1–1.2 s and far from silent', () => {
    const voices = loadVoices();
    for (const lang of LANGS) {
      const clips = voices.get(lang) ?? [];
      expect(clips).toHaveLength(10);
      clips.forEach((clip) => {
        expect(clip.length / AUDIO_RATE).toBeGreaterThanOrEqual(0.1);
        expect(clip.length / AUDIO_RATE).toBeLessThanOrEqual(1.2);
        expect(rms(clip) / 32768).toBeGreaterThan(0.05);
      });
    }
  });

  it('keeps the longest answer of every language under the size limit (about 150 kB as base64)', () => {
    for (const lang of LANGS) {
      const clips = loadVoices().get(lang) ?? [];
      const longest = clips.reduce((best, clip, d) => (clip.length > (clips[best]?.length ?? 0) ? d : best), 0);
      const url = captchaAudioUrl(String(longest).repeat(AUDIO_DIGITS), lang, () => 0.999_999);
      expect(url.startsWith('data:audio/wav;base64,')).toBe(true);
      expect(Buffer.from(url.slice('data:audio/wav;base64,'.length), 'base64').length).toBeLessThanOrEqual(AUDIO_MAX_BYTES);
      expect(url.length).toBeLessThan(150_000);
    }
  });

  it('speaks with the clips of the language asked', () => {
    for (const lang of LANGS) {
      const expected = composeCaptchaAudio('31415', loadVoices().get(lang) ?? [], seeded(5)).wav.toString('base64');
      expect(captchaAudioUrl('31415', lang, seeded(5))).toBe(`data:audio/wav;base64,${expected}`);
    }
    expect(captchaAudioUrl('31415', 'en', seeded(5))).not.toBe(captchaAudioUrl('31415', 'ru', seeded(5)));
  });

  it('draws 5 random digits', () => {
    const drawn = Array.from({ length: 50 }, randomCaptchaDigits);
    for (const digits of drawn) expect(digits).toMatch(/^[0-9]{5}$/);
    expect(new Set(drawn).size).toBeGreaterThan(45);
  });
});
