import { createHmac, randomBytes } from 'node:crypto';
import type { Lang } from '../../contract/lang.ts';
import type { Queryable } from '../db/client.ts';
import { captchaAudioUrl, randomCaptchaDigits } from './captcha-audio.ts';
import { randomCaptchaText, renderCaptchaImage } from './captcha-image.ts';
import { burnChallenge, deleteOldChallenges, findLiveChallenge, insertChallenge, useChallenge } from './captcha.repository.ts';

export const CAPTCHA_LIFETIME_MS = 10 * 60_000;

/**
 * The image captcha and its audio alternative (captcha-audio.ts). Answers live in the database (so any instance can check them), kept as an
 * HMAC with the server secret, with an expiry; each is used once: a wrong check uses it up (the
 * page then loads a new image), and so does the order that passes it.
 */
export function createCaptchaService(deps: {
  db: Queryable;
  secret: string;
  now: () => number;
  /** Draws the image's text; tests replace it to know the answer. */
  drawText?: (() => string) | undefined;
  /** Draws the audio's digits; tests replace it to know the answer. */
  drawDigits?: (() => string) | undefined;
}) {
  const { db, secret, now } = deps;
  const drawText = deps.drawText ?? randomCaptchaText;
  const drawDigits = deps.drawDigits ?? randomCaptchaDigits;
  const hashOf = (sid: string, answer: string) =>
    createHmac('sha256', secret).update(`captcha:${sid}:${answer.trim().toUpperCase()}`).digest('base64url');
  let issued = 0;
  /** Stores a new challenge's answer; its id (sid). */
  const store = async (answer: string): Promise<string> => {
    const sid = randomBytes(16).toString('base64url');
    await insertChallenge(db, sid, hashOf(sid, answer), new Date(now() + CAPTCHA_LIFETIME_MS));
    issued += 1;
    if (issued % 100 === 1) await deleteOldChallenges(db, new Date(now()));
    return sid;
  };
  return {
    /** A new challenge: its image markup (code, an <img> of a PNG) and id (sid). */
    async issue(): Promise<{ code: string; sid: string }> {
      const text = drawText();
      const sid = await store(text);
      return { code: renderCaptchaImage(text), sid };
    },
    /**
     * A new audio challenge (5 digits spoken in `lang`): its sound (a data:audio/wav URL) and id.
     * Checked, used and burnt exactly as an image challenge: the same table, HMAC and lifetime.
     */
    async issueAudio(lang: Lang): Promise<{ audio: string; sid: string }> {
      const digits = drawDigits();
      const audio = captchaAudioUrl(digits, lang);
      const sid = await store(digits);
      return { audio, sid };
    },
    /** Checks an answer without using a right one up; a wrong one is used up. */
    async check(sid: string, answer: string): Promise<boolean> {
      const stored = await findLiveChallenge(db, sid, new Date(now()));
      if (stored === undefined) return false;
      if (stored === hashOf(sid, answer)) return true;
      await burnChallenge(db, sid, new Date(now()));
      return false;
    },
    /**
     * Uses a challenge up for an order, inside the order's transaction (a refused order gives
     * it back). A wrong answer is used up outside it by burn(), so guessing gets one try.
     */
    async use(tx: Queryable, sid: string, answer: string): Promise<boolean> {
      return useChallenge(tx, sid, hashOf(sid, answer), new Date(now()));
    },
    async burn(sid: string): Promise<void> {
      await burnChallenge(db, sid, new Date(now()));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
