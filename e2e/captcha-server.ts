/**
 * The storefront server for the image-captcha e2e project (playwright.config.ts): the ordinary
 * start with the setup file e2e/support/captcha-setup.json turning the image captcha on (or, for
 * the SmartCaptcha project, e2e/support/smartcaptcha-setup.json with the validate fake), and one
 * thing replaced in code, as the API tests do through deps.captchaText: every image shows
 * E2E_CAPTCHA_ANSWER, because the test cannot read the picture (a PNG of drawn strokes, and
 * answers are stored as HMACs), and every audio captcha speaks E2E_CAPTCHA_DIGITS (deps.captchaDigits). No environment variable can do this to a production server: only
 * this launcher, which lives with the tests, passes the override (decision in docs/captcha.md).
 */
import { runStorefront } from '../demo/storefront.ts';
import { startSmartCaptchaFake } from '../tests/fakes/smartcaptcha-fake.ts';
import { TEST_SCRYPT_COST } from '../tests/scrypt-cost.ts';
import { E2E_CAPTCHA_ANSWER, E2E_CAPTCHA_DIGITS, E2E_SMARTCAPTCHA_SITEKEY } from './support/captcha.ts';

// The SmartCaptcha server (E2E_SMARTCAPTCHA_FAKE_PORT set by playwright.config.ts) first starts
// the validate fake its SMARTCAPTCHA_VALIDATE_URL names; it lives as long as this process.
const fakePort = process.env.E2E_SMARTCAPTCHA_FAKE_PORT;
if (fakePort) {
  await startSmartCaptchaFake({ secret: process.env.SMARTCAPTCHA_SECRET ?? '', sitekey: E2E_SMARTCAPTCHA_SITEKEY, port: Number(fakePort) });
}

// main.ts's start (demo/storefront.ts, with its start-failure messages), at the tests' password
// cost as e2e/main-server.ts.
await runStorefront({
  captchaText: () => E2E_CAPTCHA_ANSWER,
  captchaDigits: () => E2E_CAPTCHA_DIGITS,
  staffScryptCost: TEST_SCRYPT_COST,
});
