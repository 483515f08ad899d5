/**
 * The answer of every image captcha the captcha e2e server draws (e2e/captcha-server.ts). It is
 * drawn from the captcha alphabet, so the image looks like any other; a visitor would read it
 * off the picture, the test knows it.
 */
export const E2E_CAPTCHA_ANSWER = 'K7WPX';

/** The digits of every audio captcha the captcha e2e server speaks (e2e/captcha-server.ts). */
export const E2E_CAPTCHA_DIGITS = '40817';

/** The SmartCaptcha server's client key (e2e/support/smartcaptcha-setup.json), which the validate fake pairs with its secret. */
export const E2E_SMARTCAPTCHA_SITEKEY = 'ysc1_e2e-client-key';
