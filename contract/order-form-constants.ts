/**
 * The order form's plain constants, without zod: the captcha dialog of the event
 * and scheme pages renders with them; contract/order-create.ts re-exports them beside its schemas.
 */

/** Error codes of the order form that are not buyer fields (the web maps them to locale keys). */
export const OrderFormError = {
  requiredCheckbox: 'required-checkbox',
  captchaText: 'not-valid-captcha',
  lines: 'not-valid-lines',
} as const;

export const CAPTCHA_TEXT_MAX = 8;
