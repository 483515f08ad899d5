import { z } from 'zod';
import { langField } from './common.ts';
import { CAPTCHA_TEXT_MAX, OrderFormError } from './order-form-constants.ts';

/** GET /api/captcha: the image markup (an <img> of a PNG data: URI) and the challenge id. */
export const captchaResponse = z.object({ code: z.string(), sid: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

/**
 * GET /api/captcha/audio?lang=xx: a new audio challenge (our addition, docs/captcha.md): 5 digits
 * spoken in the language (unknown → ru), as a data:audio/wav;base64 URL, and its challenge id,
 * checked and used as an image challenge's.
 */
export const captchaAudioRequest = z.object({ lang: langField });
export const captchaAudioResponse = z.object({ audio: z.string(), sid: z.string() });
export type CaptchaAudioResponse = z.infer<typeof captchaAudioResponse>;

// Plain values (no zod): the order pages' submit reads it on their first load (order-form-constants.ts).
export { ADAPTIVE_CAPTCHA } from './order-form-constants.ts';

/** POST /api/captcha/check: answers true or false. */
export const captchaCheckRequest = z.object({ code: z.string().max(8), sid: z.string().max(64) });
export const captchaCheckResponse = z.boolean();

/**
 * The captcha fields of every call the captcha guards (create order,
 * create-scheme, confirm-nominal): the invisible reCAPTCHA token, SmartCaptcha's token, or the image captcha's sid and
 * the code typed. recaptchaSkip is accepted for clients written against the spec and never
 * trusted (server/captcha/order-captcha.ts).
 */
export const captchaFields = z.object({
  recaptchaToken: z.string().max(4000).optional(),
  recaptchaSkip: z.unknown().optional(),
  /** Yandex SmartCaptcha's token (the widget's hidden input `smart-token`). */
  smartToken: z.string().max(4000).optional(),
  captchaSid: z.string().max(64).optional(),
  captchaText: z.string().max(CAPTCHA_TEXT_MAX, OrderFormError.captchaText).optional(),
});
