import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS, type Lang } from '../../contract/lang.ts';

/**
 * The audio captcha (WCAG 2.1 SC 1.1.1: a CAPTCHA needs a form in another modality): the digits
 * of the answer spoken one by one, from clips made once by scripts/captcha-voices.sh (espeak-ng;
 * nothing here needs it), joined with random gaps over low random noise, so no clip appears
 * byte for byte in the result. A speech recogniser can still solve it, as any audio captcha
 * (docs/captcha.md).
 */

/** The rate of the clips and of the result: 8 kHz mono 16-bit PCM. */
export const AUDIO_RATE = 8000;
export const AUDIO_DIGITS = 5;
/** Gaps between digits, and the noise before the first and after the last. */
export const GAP_MIN_MS = 200;
export const GAP_MAX_MS = 600;
const LEAD_MS = 300;
const TAIL_MS = 200;
/** Peak of the background noise (about -40 dB of full scale) and the spoken digits' gain range. */
const NOISE_PEAK = 330;
const GAIN_MIN = 0.75;
const GAIN_MAX = 1;
/** The answer is refused to be built above this (the JSON carries it base64: × 4/3). */
export const AUDIO_MAX_BYTES = 110_000;

/** The clips of one language: the samples of 0–9. */
export type DigitClips = readonly Int16Array[];

const VOICES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'voices');

export function randomCaptchaDigits(): string {
  let digits = '';
  for (let i = 0; i < AUDIO_DIGITS; i++) digits += String(randomInt(10));
  return digits;
}

/** The samples of a 16-bit mono PCM WAV at AUDIO_RATE (the clips' format); throws on any other. */
export function parseWav(file: Buffer): Int16Array {
  if (file.length < 12 || file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let format: { channels: number; rate: number; bits: number; codec: number } | undefined;
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('latin1', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      format = {
        codec: file.readUInt16LE(body),
        channels: file.readUInt16LE(body + 2),
        rate: file.readUInt32LE(body + 4),
        bits: file.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format || format.codec !== 1 || format.channels !== 1 || format.bits !== 16 || format.rate !== AUDIO_RATE) {
        throw new Error(`WAV must be PCM mono 16-bit ${AUDIO_RATE} Hz`);
      }
      const end = Math.min(file.length, body + size);
      const samples = new Int16Array((end - body) >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = file.readInt16LE(body + 2 * i);
      return samples;
    }
    at = body + size + (size & 1);
  }
  throw new Error('WAV without data');
}

let loaded: Map<Lang, DigitClips> | undefined;

/** The committed clips of every language, read once (about 250 kB in all). */
export function loadVoices(): Map<Lang, DigitClips> {
  if (!loaded) {
    const voices = new Map<Lang, DigitClips>();
    for (const lang of LANGS) {
      voices.set(
        lang,
        Array.from({ length: 10 }, (_, digit) => parseWav(readFileSync(path.join(VOICES_DIR, lang, `${digit}.wav`)))),
      );
    }
    loaded = voices;
  }
  return loaded;
}

/** A 44-byte RIFF/WAVE header and the samples: PCM mono 16-bit at AUDIO_RATE. */
export function encodeWav(samples: Int16Array): Buffer {
  const data = samples.length * 2;
  const file = Buffer.alloc(44 + data);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(36 + data, 4);
  file.write('WAVE', 8, 'latin1');
  file.write('fmt ', 12, 'latin1');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(AUDIO_RATE, 24);
  file.writeUInt32LE(AUDIO_RATE * 2, 28); // bytes per second
  file.writeUInt16LE(2, 32); // block align
  file.writeUInt16LE(16, 34); // bits per sample
  file.write('data', 36, 'latin1');
  file.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) file.writeInt16LE(samples[i] ?? 0, 44 + 2 * i);
  return file;
}

/** Where each digit starts and ends in the result (samples), for tests and the size bound. */
export type AudioLayout = { start: number; end: number }[];

/**
 * The WAV of `digits` (characters 0–9) spoken with `clips`: LEAD_MS of noise, each digit at a
 * random gain with a random gap of GAP_MIN_MS–GAP_MAX_MS after it (the last one: TAIL_MS), all
 * over uniform noise. `random` (0 ≤ x < 1) decides gaps, gains and noise, so a test can fix it.
 */
export function composeCaptchaAudio(
  digits: string,
  clips: DigitClips,
  random: () => number = Math.random,
): { wav: Buffer; layout: AudioLayout } {
  const ms = (value: number) => Math.round((value * AUDIO_RATE) / 1000);
  const parts = [...digits].map((char) => {
    const clip = clips[Number(char)];
    if (!/^[0-9]$/.test(char) || !clip) throw new Error(`no clip for ${JSON.stringify(char)}`);
    return clip;
  });
  const gaps = parts.map((_, i) => (i === parts.length - 1 ? ms(TAIL_MS) : ms(GAP_MIN_MS + random() * (GAP_MAX_MS - GAP_MIN_MS))));
  const length = ms(LEAD_MS) + parts.reduce((sum, clip, i) => sum + clip.length + (gaps[i] ?? 0), 0);
  if (44 + length * 2 > AUDIO_MAX_BYTES) throw new Error(`captcha audio too long: ${length} samples`);

  const mix = new Float64Array(length);
  const layout: AudioLayout = [];
  let at = ms(LEAD_MS);
  parts.forEach((clip, i) => {
    const gain = GAIN_MIN + random() * (GAIN_MAX - GAIN_MIN);
    for (let k = 0; k < clip.length; k++) mix[at + k] = (clip[k] ?? 0) * gain;
    layout.push({ start: at, end: at + clip.length });
    at += clip.length + (gaps[i] ?? 0);
  });
  const samples = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const value = (mix[i] ?? 0) + (random() * 2 - 1) * NOISE_PEAK;
    samples[i] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return { wav: encodeWav(samples), layout };
}

/** The data: URL of a new audio challenge's sound. */
export function captchaAudioUrl(digits: string, lang: Lang, random?: () => number): string {
  const clips = loadVoices().get(lang);
  if (!clips) throw new Error(`no voice for ${lang}`);
  return `data:audio/wav;base64,${composeCaptchaAudio(digits, clips, random).wav.toString('base64')}`;
}
