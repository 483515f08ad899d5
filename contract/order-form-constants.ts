/**
 * The order form's plain constants, without zod: the captcha dialog and the order submit of the
 * event and scheme pages use them; contract/order-create.ts and contract/captcha.ts re-export them
 * beside their schemas.
 */

/** Error codes of the order form that are not buyer fields (the web maps them to locale keys). */
export const OrderFormError = {
  requiredCheckbox: 'required-checkbox',
  captchaText: 'not-valid-captcha',
  lines: 'not-valid-lines',
} as const;

export const CAPTCHA_TEXT_MAX = 8;

/**
 * A -1001 answer of an order call carrying `captcha: 'image'` asks for the image captcha even where
 * the setup has it off: the client placed orders faster than a person can (server/security/hold-limits.ts).
 */
export const ADAPTIVE_CAPTCHA = { field: 'captcha', image: 'image' } as const;

/**
 * Most orders a browser asks about at once (POST /api/order/held): it remembers only the last few
 * it placed from the event page. Here rather than beside the hash rule: this module is on the
 * event page's first load already.
 */
export const HELD_ORDERS_MAX = 10;
