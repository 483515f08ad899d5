import { z } from 'zod';

/** GET /api/captcha: the image as SVG markup and the challenge id (spec section 3). */
export const captchaResponse = z.object({ code: z.string(), sid: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

/** POST /api/captcha/check: answers true or false (spec section 7). */
export const captchaCheckRequest = z.object({ code: z.string().max(8), sid: z.string().max(64) });
export const captchaCheckResponse = z.boolean();
