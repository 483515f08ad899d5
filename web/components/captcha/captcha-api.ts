import type { Lang } from '../../../contract/lang.ts';
import { apiGet, apiPost } from '../../lib/api.ts';

// Answer schemas load only where answers are checked (development, tests): web/lib/api.ts.
const captchaCheckResponse = () => import('../../../contract/captcha.ts').then((m) => m.captchaCheckResponse);
const captchaAudioResponse = () => import('../../../contract/captcha.ts').then((m) => m.captchaAudioResponse);
const captchaResponse = () => import('../../../contract/captcha.ts').then((m) => m.captchaResponse);

/** GET /api/captcha: a new image (an <img> of a PNG) and its challenge id. */
export function fetchCaptcha() {
  return apiGet('/api/captcha', captchaResponse);
}

/** GET /api/captcha/audio: a new audio challenge (5 digits spoken in `lang`, a WAV data: URL) and its id. */
export function fetchCaptchaAudio(lang: Lang) {
  return apiGet(`/api/captcha/audio?lang=${lang}`, captchaAudioResponse);
}

/** POST /api/captcha/check: true when the answer is right (a wrong answer uses the image up). */
export function checkCaptcha(sid: string, code: string) {
  return apiPost('/api/captcha/check', { sid, code }, captchaCheckResponse);
}
